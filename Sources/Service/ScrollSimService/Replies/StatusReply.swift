import JSONModel

/// GetStatus' reply: the service's figures and the daemon's around them (`DaemonStatus`), as the
/// interface declares them (`TickStats`, `CallStats`, `StateStats`). The service builds the reply
/// from this value and clients decode it back.
package struct StatusReply: Sendable, Hashable {
    package var version: String
    package var simulations: Int
    package var liveSimulations: Int
    package var scenarios: Int
    /// Records each simulation opened now keeps in its event log (`MaxEventRecords=` shared out);
    /// nil from a daemon that does not say.
    package var eventLogCapacity: Int?
    package var daemon: SimulatorService.DaemonStatus

    package init(
        version: String, simulations: Int, liveSimulations: Int, scenarios: Int, eventLogCapacity: Int?,
        daemon: SimulatorService.DaemonStatus
    ) {
        self.version = version
        self.simulations = simulations
        self.liveSimulations = liveSimulations
        self.scenarios = scenarios
        self.eventLogCapacity = eventLogCapacity
        self.daemon = daemon
    }

    /// The reply's parameters (`state` only with a state file).
    package var parameters: [String: JSONValue] {
        func int(_ value: Int) -> JSONValue { .number(Double(value)) }
        var reply: [String: JSONValue] = [
            "version": .string(version), "simulations": int(simulations), "liveSimulations": int(liveSimulations),
            "scenarios": int(scenarios), "connections": int(daemon.connections), "streams": int(daemon.streams),
            "uptime": .number(daemon.uptime),
            "ticks": .object([
                "ticks": int(daemon.ticks), "intervalMs": .number(daemon.tickIntervalMs),
                "latenessP50Ms": .number(daemon.latenessP50Ms), "latenessP99Ms": .number(daemon.latenessP99Ms),
                "latenessMaxMs": .number(daemon.latenessMaxMs), "behindMs": .number(daemon.behindMs),
            ]),
            "calls": .object([
                "waitP50Ms": .number(daemon.callWaitP50Ms), "waitP99Ms": .number(daemon.callWaitP99Ms),
                "waitMaxMs": .number(daemon.callWaitMaxMs), "busyTurnP99Ms": .number(daemon.busyTurnP99Ms),
                "busyTurnMaxMs": .number(daemon.busyTurnMaxMs),
            ]),
        ]
        if let eventLogCapacity { reply["eventLogCapacity"] = int(eventLogCapacity) }
        if let state = daemon.state {
            reply["state"] = .object([
                "records": int(state.records), "syncs": int(state.syncs), "fileBytes": int(state.fileBytes),
                "restoring": int(state.restoring),
            ])
        }
        return reply
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetStatus")
        let ticks = try fields.object("ticks")
        let calls = try fields.object("calls")
        var daemon = SimulatorService.DaemonStatus()
        daemon.connections = try fields.required("connections", \.integerValue)
        daemon.streams = try fields.required("streams", \.integerValue)
        daemon.uptime = try fields.required("uptime", \.numberValue)
        daemon.ticks = try ticks.required("ticks", \.integerValue)
        daemon.tickIntervalMs = try ticks.required("intervalMs", \.numberValue)
        daemon.latenessP50Ms = try ticks.required("latenessP50Ms", \.numberValue)
        daemon.latenessP99Ms = try ticks.required("latenessP99Ms", \.numberValue)
        daemon.latenessMaxMs = try ticks.required("latenessMaxMs", \.numberValue)
        daemon.behindMs = try ticks.required("behindMs", \.numberValue)
        daemon.callWaitP50Ms = try calls.required("waitP50Ms", \.numberValue)
        daemon.callWaitP99Ms = try calls.required("waitP99Ms", \.numberValue)
        daemon.callWaitMaxMs = try calls.required("waitMaxMs", \.numberValue)
        daemon.busyTurnP99Ms = try calls.required("busyTurnP99Ms", \.numberValue)
        daemon.busyTurnMaxMs = try calls.required("busyTurnMaxMs", \.numberValue)
        if fields.has("state") {
            let state = try fields.object("state")
            daemon.state = SimulatorService.StateStatus(
                records: try state.required("records", \.integerValue), syncs: try state.required("syncs", \.integerValue),
                fileBytes: try state.required("fileBytes", \.integerValue),
                restoring: try state.required("restoring", \.integerValue))
        }
        self.init(
            version: try fields.required("version", \.stringValue),
            simulations: try fields.required("simulations", \.integerValue),
            liveSimulations: try fields.required("liveSimulations", \.integerValue),
            scenarios: try fields.required("scenarios", \.integerValue),
            eventLogCapacity: fields.has("eventLogCapacity") ? try fields.required("eventLogCapacity", \.integerValue) : nil,
            daemon: daemon)
    }
}
