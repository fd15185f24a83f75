import JSONModel
import LayoutRender
import ScrollSimulation
import Testing

/// The trace `scrollsimctl trace` and `ScrollSimulator.chromeTrace()` write, from the engine's
/// records: its tracks and slices are what Perfetto shows, so their shape is the contract.
@Suite("Chrome trace")
struct ChromeTraceTests {
    static func record(
        _ sequence: Int, _ time: Double, _ kind: SimulationRecord.Kind, _ section: String?, _ detail: String,
        _ facts: RecordFacts = .none
    )
        -> SimulationRecord
    {
        SimulationRecord(
            sequence: sequence, time: time, kind: kind, section: section, item: nil, detail: detail, cause: "test", facts: facts)
    }

    static func events(_ trace: ChromeTrace) -> [[String: JSONValue]] {
        guard case .object(let root) = trace.json(), case .array(let events)? = root["traceEvents"] else { return [] }
        return events.compactMap(\.objectValue)
    }

    @Test("a layout pass is a slice on the layout track and one section-provider slice on each consulted section's track")
    func layoutPass() {
        let trace = ChromeTrace(
            title: "t", sections: ["a", "b"],
            events: [
                Self.record(
                    1, 0, .layoutPass, nil, "pass=1 reason=initial sections=a,b",
                    .layoutPass(number: 1, sections: ["a", "b"], resolvedInternally: false, sizeForItemCalls: 0)),
                // A layout UIKit supplies re-resolves its sections: no section-provider slice; a flow
                // layout's delegate calls are a counter.
                Self.record(
                    2, 1, .layoutPass, nil, "pass=2 reason=initial resolved=a,b sizeForItemAt=12",
                    .layoutPass(number: 2, sections: ["a", "b"], resolvedInternally: true, sizeForItemCalls: 12)),
            ])
        let slices = Self.events(trace).filter { $0["ph"] == "X" }
        #expect(slices.map { $0["name"] } == ["layout pass", "section provider", "section provider", "layout pass"])
        // Fixed tracks first (layout 1), then one per section in order from 10.
        #expect(slices.map { $0["tid"] } == [1, 10, 11, 1])
        let counters = Self.events(trace).filter { $0["ph"] == "C" }.compactMap { $0["name"]?.stringValue }
        #expect(counters == ["layout passes", "section-provider calls", "layout passes", "sizeForItemAt calls"])
    }

    @Test("a data request is an async slice from its issue to its completion, and a completed one counts as an append")
    func requests() {
        let trace = ChromeTrace(
            title: "t", sections: ["row"],
            events: [
                Self.record(1, 0.5, .request, "row", "issued page 1", .request(.issued, page: 1)),
                Self.record(2, 1.0, .request, "row", "completed page 1", .request(.completed, page: 1)),
                Self.record(3, 1.5, .request, "row", "issued page 2", .request(.issued, page: 2)),
                Self.record(4, 2.0, .request, "row", "failed page 2", .request(.failed, page: 2)),
            ])
        let events = Self.events(trace)
        let phases = events.filter { $0["cat"] == "request" }.compactMap { $0["ph"]?.stringValue }
        #expect(phases == ["b", "e", "b", "e"])
        let ids = events.filter { $0["cat"] == "request" }.compactMap { $0["id"]?.integerValue }
        #expect(ids == [1, 1, 2, 2])
        let appends = events.filter { $0["ph"] == "C" && $0["name"] == "appends" }
        #expect(appends.count == 1, "a failed request appends nothing")
    }

    @Test("overlapping requests without a section (URLSession loads) each get their own slice, ended by their own completion")
    func overlappingRequests() {
        let a = "https://api.example.com/feed?page=1"
        let b = "https://api.example.com/stories"
        let trace = ChromeTrace(
            title: "t", sections: [],
            events: [
                Self.record(1, 0.1, .request, nil, "issued \(a)", .request(.issued, page: nil)),
                Self.record(2, 0.2, .request, nil, "issued \(b)", .request(.issued, page: nil)),
                Self.record(3, 0.3, .request, nil, "issued \(a)", .request(.issued, page: nil)),
                Self.record(4, 0.4, .request, nil, "completed \(b)", .request(.completed, page: nil)),
                Self.record(5, 0.5, .request, nil, "completed \(a)", .request(.completed, page: nil)),
                Self.record(6, 0.6, .request, nil, "failed \(a)", .request(.failed, page: nil)),
            ])
        let requests = Self.events(trace).filter { $0["cat"] == "request" }
        let pairs = requests.map { ($0["ph"]?.stringValue ?? "", $0["id"]?.integerValue ?? 0, $0["name"]?.stringValue ?? "") }
        #expect(pairs.filter { $0.0 == "b" }.count == 3 && pairs.filter { $0.0 == "e" }.count == 3, "every slice that starts ends")
        #expect(pairs.map { "\($0.0)\($0.1)" } == ["b1", "b2", "b3", "e2", "e1", "e3"])
        #expect(pairs[1].2 == "request \(b)" && pairs[3].2 == "request \(b)", "the stories load ends its own slice")
    }

    @Test("events at one virtual instant are laid one after another; dropped events and the source are in otherData")
    func instantsAndMetadata() {
        let trace = ChromeTrace(
            title: "t", sections: ["a"],
            events: [Self.record(5, 1, .cell, "a", "created"), Self.record(6, 1, .cell, "a", "reused")], dropped: 4,
            source: "a test")
        let cells = Self.events(trace).filter { $0["name"] == "cell provider" }.compactMap { $0["ts"]?.numberValue }
        #expect(cells.count == 2 && cells[1] > cells[0] && cells[0] == 1_000_000)
        guard case .object(let root) = trace.json(), case .object(let other)? = root["otherData"] else {
            Issue.record("no otherData")
            return
        }
        #expect(other["droppedEvents"] == 4 && other["source"] == "a test" && other["title"] == "t")
    }
}
