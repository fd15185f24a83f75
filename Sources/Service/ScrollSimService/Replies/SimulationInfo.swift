import JSONModel

/// An open simulation, as the interface's `SimulationInfo` type says: the service builds its
/// replies from this value and clients decode them back into it, so both sides read one
/// declaration of the fields (a field the service stops sending is an error in the client, not
/// a silent zero).
package struct SimulationInfo: Sendable, Hashable {
    package var simulation: String
    package var scenario: String
    package var width: Double
    package var height: Double
    package var policy: String
    package var seed: Double
    package var clock: String
    /// Started by the daemon's configuration.
    package var live: Bool
    package var time: Double
    package var warnings: [String]
    /// UIKit's error that stopped it.
    package var failure: String?
    /// Being restored after a start: its time and counts are part-way.
    package var restoring: Bool
    /// A realtime simulation trailing the clock by a second or more: by how many seconds.
    package var behind: Double?

    package init(
        simulation: String, scenario: String, width: Double, height: Double, policy: String, seed: Double, clock: String,
        live: Bool, time: Double, warnings: [String], failure: String? = nil, restoring: Bool = false, behind: Double? = nil
    ) {
        self.simulation = simulation
        self.scenario = scenario
        self.width = width
        self.height = height
        self.policy = policy
        self.seed = seed
        self.clock = clock
        self.live = live
        self.time = time
        self.warnings = warnings
        self.failure = failure
        self.restoring = restoring
        self.behind = behind
    }

    /// The reply's JSON (optional fields only when set).
    package var json: JSONValue {
        var fields: [String: JSONValue] = [
            "simulation": .string(simulation), "scenario": .string(scenario),
            "viewport": .object(["width": .number(width), "height": .number(height)]), "policy": .string(policy),
            "seed": .number(seed), "clock": .string(clock), "live": .bool(live), "time": .number(time),
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
        if let failure { fields["failure"] = .string(failure) }
        if restoring { fields["restoring"] = .bool(true) }
        if let behind { fields["behind"] = .number(behind) }
        return .object(fields)
    }

    /// Decodes a reply's `SimulationInfo`.
    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "SimulationInfo")
        let viewport = try fields.object("viewport")
        self.init(
            simulation: try fields.required("simulation", \.stringValue),
            scenario: try fields.required("scenario", \.stringValue),
            width: try viewport.required("width", \.numberValue), height: try viewport.required("height", \.numberValue),
            policy: try fields.required("policy", \.stringValue), seed: try fields.required("seed", \.numberValue),
            clock: try fields.required("clock", \.stringValue), live: try fields.required("live", \.boolValue),
            time: try fields.required("time", \.numberValue), warnings: try fields.strings("warnings"),
            failure: try fields.optional("failure", \.stringValue),
            restoring: try fields.optional("restoring", \.boolValue) ?? false,
            behind: try fields.optional("behind", \.numberValue))
    }

    /// Every simulation of a ListSimulations reply.
    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package static func list(_ reply: [String: JSONValue]) throws(ReplyError) -> [SimulationInfo] {
        try ReplyFields(.object(reply), "ListSimulations").objects("simulations") { fields throws(ReplyError) in
            try SimulationInfo(json: .object(fields.fields))
        }
    }
}
