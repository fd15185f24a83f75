import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// A screen simulation as the daemon holds it: the screen runs in its host's process, and this
/// mirror keeps what each call returned (time, counts, warnings, the event log), so reads cost
/// no call to the host. Inputs and advances go to the host; a host that fails makes every call
/// throw `SimulationError.external` with its reason.
package final class ScreenSession: SimulationBackend {
    /// Real time one Advance call may take in the host: the session calls again while its
    /// caller's `more()` allows, so a slice ends within about this much of its deadline.
    package static let callBudget = 0.004

    let channel: any ScreenChannel
    let session: Int
    package private(set) var time = 0.0
    package private(set) var log: EventLog
    package private(set) var warnings: [String] = []
    package private(set) var counts = CountSet<String>()
    package private(set) var sectionNames: [String] = []
    /// UIKit's error that stopped the screen in its host.
    package private(set) var failure: String?

    package var totalCounts: Counts { counts.total }

    private init(channel: any ScreenChannel, session: Int, logCapacity: Int) {
        self.channel = channel
        self.session = session
        self.log = EventLog(capacity: logCapacity)
    }

    /// Opens `screen` in the host at the end of `channel`; with `loop` its script repeats (a live
    /// simulation's).
    /// - Throws: `.invalidSpec` when the host does not offer it, `.external` when the host fails.
    package static func open(
        _ screen: String, on channel: any ScreenChannel, viewport: ViewportSize?, seed: UInt64, policy: InvalidationPolicy? = nil,
        loop: Bool = false, logCapacity: Int = 10_000
    ) throws(SimulationError) -> ScreenSession {
        var parameters: [String: JSONValue] = ["screen": .string(screen), "seed": .number(Double(seed)), "loop": .bool(loop)]
        if let policy { parameters["policy"] = .string(policy.rawValue) }
        if let viewport {
            parameters["width"] = .number(viewport.width)
            parameters["height"] = .number(viewport.height)
        }
        let reply = try call(channel, .open, parameters)
        guard let number = reply["session"]?.integerValue else {
            throw .external(channel.reject("broke the protocol (Open without a session); killed").description)
        }
        let session = ScreenSession(channel: channel, session: number, logCapacity: logCapacity)
        try session.take(reply)
        return session
    }

    package func advance(to target: Double, while more: () -> Bool) throws(SimulationError) -> Bool {
        while true {
            guard failure == nil else { throw .external(failure!) }
            let reply = try Self.call(
                channel, .advance,
                ["session": .number(Double(session)), "to": .number(target), "budget": .number(Self.callBudget)])
            let reached = try take(reply)
            if reached { return true }
            if !more() { return false }
        }
    }

    package func perform(_ input: SimulationInput) throws(SimulationError) {
        switch input {
        case .app(.apply), .app(.applyUsingReloadData):
            throw .invalidSpec(
                "a screen's data comes from its own code: Perform takes gestures, scrollTo and rotate, not snapshot edits")
        case .gesture, .app(.scrollTo), .rotate:
            break
        }
        let reply = try Self.call(channel, .perform, ["session": .number(Double(session)), "input": input.json])
        try take(reply)
    }

    /// A GetLayout or GetVisible reply's parameters, as the host builds them.
    package func picture(_ method: ScreenHostProtocol.Method, rect: Rect? = nil) throws(SimulationError) -> [String: JSONValue] {
        var parameters: [String: JSONValue] = ["session": .number(Double(session))]
        if let rect { parameters["rect"] = LayoutElement.json(rect) }
        return try Self.call(channel, method, parameters)
    }

    /// Tells the host the session is over (a host that is gone has nothing to free).
    package func close() {
        _ = try? channel.call(.close, ["session": .number(Double(session))])
    }

    /// Takes a state the host returned. - Returns: whether its Advance reached its target.
    @discardableResult
    private func take(_ reply: [String: JSONValue]) throws(SimulationError) -> Bool {
        let state: ScreenState
        do throws(ReplyError) {
            state = try ScreenState(json: reply["state"] ?? .null)
        } catch {
            throw .external(channel.reject("broke the protocol (\(error)); killed").description)
        }
        time = state.time
        warnings = state.warnings
        var counts = CountSet<String>()
        counts.total = state.total
        for section in state.sections { counts.sections[section.section] = section.counts }
        self.counts = counts
        sectionNames = state.sections.map(\.section)
        for event in state.events { log.append(event) }
        if let stopped = state.failure {
            failure = stopped
            throw .external(stopped)
        }
        return state.reached
    }

    /// One host call: the host's own errors become `invalidSpec` (the input names what the screen
    /// does not have), the host's failure `external`.
    private static func call(
        _ channel: any ScreenChannel, _ method: ScreenHostProtocol.Method, _ parameters: [String: JSONValue]
    ) throws(SimulationError) -> [String: JSONValue] {
        let result: Result<[String: JSONValue], VarlinkError>
        do throws(ScreenHostFailure) {
            result = try channel.call(method, parameters)
        } catch {
            throw .external(error.description)
        }
        switch result {
        case .success(let reply): return reply
        case .failure(let error):
            let message = error.parameters["message"]?.stringValue ?? error.name
            throw .invalidSpec(message)
        }
    }
}
