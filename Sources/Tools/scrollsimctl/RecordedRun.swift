import JSONModel
import ScrollSimService
import ScrollSimulation

/// One simulation a command opens on a backend (the daemon or this process), runs on in virtual
/// time, reads and closes: what `run`, `render`, `trace` and `profile --svg` share.
struct RecordedRun {
    let backend: SimulatorBackend
    let id: JSONValue
    /// The simulation as the last OpenSimulation or Advance reply described it.
    private(set) var info: SimulationInfo
    /// How far it has been advanced.
    private(set) var time = 0.0

    /// Opens a simulation with `parameters`, gives it to `body`, and closes it whatever happens.
    static func with<T>(
        _ backend: SimulatorBackend, _ parameters: [String: JSONValue], _ body: (inout RecordedRun) throws -> T
    ) throws -> T {
        let opened = try SimulationInfo.decoded(try backend.invoke("OpenSimulation", parameters)["simulation"])
        var run = RecordedRun(backend: backend, id: .string(opened.simulation), info: opened)
        defer { _ = try? backend.invoke("CloseSimulation", ["simulation": run.id]) }
        return try body(&run)
    }

    /// Runs on to `target` seconds in Advance calls of at most `step` (at least one call, so a
    /// run of 0 s still shows its first display), reporting the fraction done after each.
    mutating func advance(to target: Double, step: Double = 60, progress: (Double) -> Void = { _ in }) throws {
        let start = time
        repeat {
            let seconds = Swift.min(target - time, step)
            let reply = try backend.invoke("Advance", ["simulation": id, "seconds": .number(Swift.max(0, seconds))])
            info = try SimulationInfo.decoded(reply["simulation"])
            time += Swift.max(0, seconds)
            progress(target > start ? (time - start) / (target - start) : 1)
        } while time < target
    }

    /// A read-only call about this simulation, its reply decoded by the service's reply type.
    private func read<Reply>(_ method: String, _ decode: (JSONValue) throws(ReplyError) -> Reply) throws -> Reply {
        let reply = try backend.invoke(method, ["simulation": id])
        return try decodedReply { () throws(ReplyError) in try decode(.object(reply)) }
    }

    /// The content size, the sections and every element's frame.
    func layout() throws -> LayoutReply { try read("GetLayout", LayoutReply.init(json:)) }

    /// The offsets and the live cells.
    func visible() throws -> VisibleReply { try read("GetVisible", VisibleReply.init(json:)) }

    /// The simulation's counts, in total and per section.
    func counts() throws -> CountsReply { try read("GetCounts", CountsReply.init(json:)) }

    /// The whole event log still held, oldest first, read in pages of 1,000 (a kind this client
    /// does not know is left out).
    func events() throws -> [SimulationRecord] {
        var records: [SimulationRecord] = []
        var after = 0
        while true {
            let reply = try backend.invoke("GetEvents", ["simulation": id, "after": .number(Double(after)), "limit": 1_000])
            let page = try decodedReply { () throws(ReplyError) in try EventsReply(json: .object(reply)) }
            records += page.events
            guard let last = page.lastSequence, last < page.total else { return records }
            after = last
        }
    }
}
