import Dispatch
import Foundation
import JSONModel
import Posix
import Testing
import Varlink

@testable import ScrollSimDaemon

/// A Perform of a large edit is applied on a worker thread: the loop keeps serving everyone
/// else, calls about the edited simulation wait for the whole edit, and the reply is the one an
/// edit applied at once would give.
@Suite("large edits off the loop")
struct BackgroundEditTests {
    /// One section of `items` 44-point rows.
    static func definition(items: Int) -> JSONValue {
        let text =
            #"{"name":"rows","sections":[{"id":"s","items":{"count":\#(items)},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":44}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]}"#
        return try! JSONValue.parse(Array(text.utf8)).get()
    }

    static func gesture(_ text: String) -> JSONValue { try! JSONValue.parse(Array(text.utf8)).get() }

    static func counts(_ reply: [String: JSONValue]) -> JSONValue? { reply["parameters"]?.objectValue?["total"] }

    @Test(
        "while a large edit is applied off the loop, other calls are answered, calls about its simulation wait and then see the whole edit, and ListSimulations shows it as before"
    )
    func editOffTheLoop() throws {
        let embedded = try EmbeddedDaemon(configuration: "[Live]\nSimulation=\n")
        let editor = try embedded.connect()
        let reader = try embedded.connect()
        let other = try embedded.connect()
        defer { for fd in [editor, reader, other] { UnixSocket.close(fd) } }
        let opened = try embedded.call("OpenSimulation", ["definition": Self.definition(items: 120_000)], on: editor)
        #expect(opened["error"] == nil, "\(opened)")
        let before = try #require(Self.counts(try embedded.call("GetCounts", ["simulation": "sim-1"], on: reader)))

        // The worker is kept busy so the edit stays in flight while the test looks.
        let gate = DispatchSemaphore(value: 0)
        embedded.daemon.openWorker.run({ gate.wait() }) {}
        let append = Self.gesture(#"{"apply":{"appendItems":{"section":"s","count":500}}}"#)
        try embedded.send("Perform", ["simulation": "sim-1", "gesture": append], on: editor)
        for _ in 0..<1_000 where !embedded.daemon.service.holdsCalls(about: "sim-1") { try embedded.turn() }
        #expect(embedded.daemon.service.holdsCalls(about: "sim-1"))
        try embedded.send("GetCounts", ["simulation": "sim-1"], on: reader)
        for _ in 0..<20 { try embedded.turn() }
        let status = try embedded.call("GetStatus", on: other)
        #expect(status["error"] == nil, "another client is answered during the edit")
        let listed = try embedded.call("ListSimulations", on: other)
        let info = listed["parameters"]?.objectValue?["simulations"]?.arrayValue?.first?.objectValue
        #expect(info?["simulation"] == "sim-1" && info?["time"] == 0, "\(listed)")
        var byte = [UInt8](repeating: 0, count: 1)
        #expect(try UnixSocket.read(reader, into: &byte) == .wouldBlock, "GetCounts of the simulation waits for the edit")

        gate.signal()
        let performed = try embedded.receive(on: editor)
        #expect(performed["error"] == nil, "\(performed)")
        let after = try #require(Self.counts(try embedded.receive(on: reader)))
        #expect(after != before, "the held GetCounts sees the edit")
        #expect(!embedded.daemon.service.holdsCalls(about: "sim-1"))

        // The same input applied at once (a small simulation's path) gives the same counts.
        let service = embedded.daemon.service
        _ = service.handle(
            VarlinkCall(method: "io.scrollsim.Simulator.OpenSimulation", parameters: ["definition": Self.definition(items: 120_000)]))
        _ = service.handle(
            VarlinkCall(method: "io.scrollsim.Simulator.Perform", parameters: ["simulation": "sim-2", "gesture": append]))
        let direct = service.handle(VarlinkCall(method: "io.scrollsim.Simulator.GetCounts", parameters: ["simulation": "sim-2"]))
        #expect(direct?.parameters["total"] == after)
    }

    @Test("an edit refused off the loop (past MaxItemsPerUser) comes back as the same error as at once, and the simulation goes on")
    func refusedEdit() throws {
        let embedded = try EmbeddedDaemon(configuration: "[Live]\nSimulation=\n[Limits]\nMaxItemsPerUser=125000\n")
        // The test's client is the daemon's own user; held to the quota here as any user is.
        embedded.daemon.service.administrators = []
        let fd = try embedded.connect()
        defer { UnixSocket.close(fd) }
        _ = try embedded.call("OpenSimulation", ["definition": Self.definition(items: 120_000)], on: fd)
        let refused = try embedded.call(
            "Perform", ["simulation": "sim-1", "gesture": Self.gesture(#"{"apply":{"appendItems":{"section":"s","count":6000}}}"#)],
            on: fd)
        #expect(refused["error"] == "io.scrollsim.Simulator.LimitReached", "\(refused)")
        #expect(refused["parameters"]?.objectValue?["limit"] == "itemsPerUser")
        let next = try embedded.call(
            "Perform", ["simulation": "sim-1", "gesture": Self.gesture(#"{"apply":{"appendItems":{"section":"s","count":10}}}"#)],
            on: fd)
        #expect(next["error"] == nil, "the simulation goes on after a refused edit: \(next)")
    }
}
