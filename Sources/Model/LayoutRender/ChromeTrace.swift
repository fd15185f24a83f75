import JSONModel
import ScrollSimulation

/// A run as a Chrome trace (the Trace Event Format that Perfetto and chrome://tracing open): one
/// track per section with its section-provider, cell-provider and supplementary-provider calls
/// as slices, a layout track with the passes, a data-source track with the applies, data
/// requests as async slices from issue to completion, gestures and warnings as instant events,
/// and the cumulative counts as counter tracks.
///
/// The simulation runs in virtual time and its events take none, so slices get a nominal length:
/// events at the same virtual instant are laid one after another, `step` µs apart, each `step`
/// minus a µs long (a 60 Hz frame leaves room for 1,600 of them before the next frame).
public struct ChromeTrace: Sendable {
    public var title: String
    public var sections: [String]
    public var events: [SimulationRecord]
    /// Events that left the simulation's log before they were read (its ring keeps the latest).
    public var dropped = 0
    /// What made the trace, in its `otherData`.
    public var source = "scrollsimctl trace"

    public init(
        title: String, sections: [String], events: [SimulationRecord], dropped: Int = 0, source: String = "scrollsimctl trace"
    ) {
        self.title = title
        self.sections = sections
        self.events = events
        self.dropped = dropped
        self.source = source
    }
    static let step = 10.0

    static let pid = 1
    /// Tracks (thread ids): fixed ones first, then one per section.
    static let layoutTrack = 1
    static let dataSourceTrack = 2
    static let requestsTrack = 3
    static let gesturesTrack = 4
    func sectionTrack(_ section: String) -> Int { 10 + (sections.firstIndex(of: section) ?? sections.count) }

    public func json() -> JSONValue {
        var trace: [JSONValue] = []
        func metadata(_ name: String, tid: Int?, _ args: [String: JSONValue]) {
            var event: [String: JSONValue] = [
                "ph": "M", "name": .string(name), "pid": .number(Double(Self.pid)), "args": .object(args),
            ]
            if let tid { event["tid"] = .number(Double(tid)) }
            trace.append(.object(event))
        }
        metadata("process_name", tid: nil, ["name": .string(title)])
        let fixed = [
            (Self.layoutTrack, "layout passes"), (Self.dataSourceTrack, "data source"), (Self.requestsTrack, "data requests"),
            (Self.gesturesTrack, "gestures and warnings"),
        ]
        for (tid, name) in fixed {
            metadata("thread_name", tid: tid, ["name": .string(name)])
            metadata("thread_sort_index", tid: tid, ["sort_index": .number(Double(tid))])
        }
        for section in sections {
            metadata("thread_name", tid: sectionTrack(section), ["name": .string("section \(section)")])
            metadata("thread_sort_index", tid: sectionTrack(section), ["sort_index": .number(Double(sectionTrack(section)))])
        }

        // Timestamps: virtual µs, events at one instant laid one after another.
        var lastTime = -1.0
        var slot = 0
        var counts: [String: Int] = [:]
        /// The requests in flight by what they load (a section, or a URL's request), oldest
        /// first: overlapping requests each get their own slice, and each ends its own.
        var openRequests: [String: [Int]] = [:]
        var requestIDs = 0
        func slice(_ name: String, tid: Int, ts: Double, args: [String: JSONValue]) {
            trace.append(
                .object([
                    "ph": "X", "name": .string(name), "cat": "scrollsim", "pid": .number(Double(Self.pid)),
                    "tid": .number(Double(tid)), "ts": .number(ts), "dur": .number(Self.step - 1), "args": .object(args),
                ]))
        }
        func instant(_ name: String, tid: Int, ts: Double, args: [String: JSONValue]) {
            trace.append(
                .object([
                    "ph": "i", "s": "t", "name": .string(name), "cat": "scrollsim", "pid": .number(Double(Self.pid)),
                    "tid": .number(Double(tid)), "ts": .number(ts), "args": .object(args),
                ]))
        }
        func count(_ name: String, by amount: Int = 1, ts: Double) {
            counts[name, default: 0] += amount
            trace.append(
                .object([
                    "ph": "C", "name": .string(name), "pid": .number(Double(Self.pid)), "ts": .number(ts),
                    "args": .object(["value": .number(Double(counts[name]!))]),
                ]))
        }
        for event in events {
            if event.time != lastTime {
                lastTime = event.time
                slot = 0
            }
            let ts = (event.time * 1_000_000).rounded() + Double(slot) * Self.step
            slot += 1
            var args: [String: JSONValue] = ["detail": .string(event.detail), "cause": .string(event.cause)]
            if let item = event.item { args["item"] = .number(Double(item)) }
            switch event.kind {
            case .layoutPass:
                slice("layout pass", tid: Self.layoutTrack, ts: ts, args: args)
                count("layout passes", ts: ts)
                // The sections whose provider the pass ran: a slice on each one's track (none for a
                // layout UIKit supplies, which re-resolves them).
                let consulted = event.facts.sectionsAskedOfProvider
                // A flow layout's delegate calls, as a counter beside the passes (FL5).
                if case .layoutPass(_, _, _, let calls) = event.facts, calls > 0 {
                    count("sizeForItemAt calls", by: calls, ts: ts)
                }
                for section in consulted {
                    slice("section provider", tid: sectionTrack(section), ts: ts, args: ["pass": args["detail"]!])
                }
                if !consulted.isEmpty { count("section-provider calls", by: consulted.count, ts: ts) }
            case .cell:
                slice("cell provider", tid: sectionTrack(event.section ?? ""), ts: ts, args: args)
                count("cell-provider calls", ts: ts)
            case .supplementary:
                slice("supplementary provider", tid: sectionTrack(event.section ?? ""), ts: ts, args: args)
            case .decoration:
                slice("decoration view", tid: sectionTrack(event.section ?? ""), ts: ts, args: args)
            case .apply:
                slice("apply", tid: Self.dataSourceTrack, ts: ts, args: args)
                count("applies", ts: ts)
            case .request:
                let key = event.section ?? Self.requestKey(event.detail)
                let step: RequestStep? = if case .request(let step, _) = event.facts { step } else { nil }
                if step == .issued {
                    requestIDs += 1
                    openRequests[key, default: []].append(requestIDs)
                    trace.append(asyncEvent("b", key: key, id: requestIDs, ts: ts, args: args))
                } else if step == .completed || step == .failed, let id = openRequests[key]?.first {
                    openRequests[key]?.removeFirst()
                    trace.append(asyncEvent("e", key: key, id: id, ts: ts, args: args))
                    if step == .completed { count("appends", ts: ts) }
                } else {
                    instant("request: \(event.detail)", tid: Self.requestsTrack, ts: ts, args: args)
                }
            case .gesture:
                instant(event.detail, tid: Self.gesturesTrack, ts: ts, args: args)
            case .warning:
                instant("warning", tid: Self.gesturesTrack, ts: ts, args: args)
            default:
                instant(event.kind.rawValue, tid: Self.gesturesTrack, ts: ts, args: args)
            }
        }
        var other: [String: JSONValue] = ["source": .string(source), "title": .string(title), "timeUnit": "virtual µs"]
        if dropped > 0 { other["droppedEvents"] = .number(Double(dropped)) }
        return .object(["traceEvents": .array(trace), "displayTimeUnit": "ms", "otherData": .object(other)])
    }

    /// What a request without a section loads (a `URLSession` load: its detail is the step and
    /// the request, "issued https://…", "completed https://…").
    static func requestKey(_ detail: String) -> String {
        detail.firstIndex(of: " ").map { String(detail[detail.index(after: $0)...]) } ?? detail
    }

    /// A request in flight: an async slice on the requests track, one id per request.
    private func asyncEvent(_ phase: String, key: String, id: Int, ts: Double, args: [String: JSONValue]) -> JSONValue {
        .object([
            "ph": .string(phase), "name": .string("request \(key)"), "cat": "request", "id": .number(Double(id)),
            "pid": .number(Double(Self.pid)), "tid": .number(Double(Self.requestsTrack)), "ts": .number(ts),
            "args": .object(args),
        ])
    }
}
