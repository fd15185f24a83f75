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
