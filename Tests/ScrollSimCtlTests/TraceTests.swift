import Foundation
import TestSupport
import Testing

/// `scrollsimctl trace`: a Chrome trace (Trace Event Format) that follows the format's rules and
/// tells the run's counts.
@Suite("scrollsimctl trace")
struct TraceTests {
    @Test(
        "the trace follows the Trace Event Format's rules (phases, fields, matched async pairs, nested slices per track) and its counters end at the run's counts"
    )
    func traceFormat() throws {
        let directory = try Scratch.directory("trace")
        defer { Scratch.remove(directory) }
        let output = directory.appendingPathComponent("run.json").path
        let traced = try scrollsimctl(["trace", "home", "--local", "--seconds", "6", "--output", output])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stderr.contains("ui.perfetto.dev"))
        let trace = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let events = try #require(trace["traceEvents"] as? [[String: Any]])
        #expect(trace["displayTimeUnit"] as? String == "ms")

        var slices: [Int: [(start: Double, end: Double)]] = [:]
        var open: [String: Double] = [:]
        var counters: [String: Double] = [:]
        var threads: Set<Int> = []
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["M", "X", "i", "b", "e", "C"].contains(phase), "\(event)")
            #expect(event["pid"] is Int, "\(event)")
            if phase == "M" {
                #expect(["process_name", "thread_name", "thread_sort_index"].contains(event["name"] as? String ?? ""))
                if event["name"] as? String == "thread_name", let tid = event["tid"] as? Int { threads.insert(tid) }
                continue
            }
            let ts = try #require(event["ts"] as? Double ?? (event["ts"] as? Int).map(Double.init), "\(event)")
            #expect(ts >= 0)
            #expect(event["name"] is String)
            switch phase {
            case "X":
                let tid = try #require(event["tid"] as? Int)
                let duration = try #require(event["dur"] as? Double ?? (event["dur"] as? Int).map(Double.init))
                #expect(duration >= 0)
                #expect(threads.contains(tid), "every slice is on a named track")
                slices[tid, default: []].append((ts, ts + duration))
            case "i":
                #expect(["g", "p", "t"].contains(event["s"] as? String ?? ""), "\(event)")
            case "b", "e":
                let key = "\(event["cat"] ?? "")/\(event["name"] ?? "")/\(event["id"] ?? "")"
                #expect(event["id"] != nil && event["cat"] != nil)
                if phase == "b" {
                    #expect(open[key] == nil, "an async slice begins once")
                    open[key] = ts
                } else {
                    let begin = open.removeValue(forKey: key)
                    #expect(begin != nil, "an end without its begin: \(key)")
                    #expect((begin ?? 0) <= ts)
                }
            default:  // "C"
                let args = try #require(event["args"] as? [String: Any])
                let value = try #require(args["value"] as? Double ?? (args["value"] as? Int).map(Double.init))
                let name = try #require(event["name"] as? String)
                #expect(value >= counters[name] ?? 0, "counts only grow")
                counters[name] = value
            }
        }
        #expect(open.isEmpty, "every request that began ended: \(open)")
        // Slices on one track never partly overlap (each is inside the one before or after it).
        for (tid, list) in slices {
            let sorted = list.sorted { $0.start < $1.start }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                #expect(b.start >= a.end || b.end <= a.end, "track \(tid): \(a) and \(b) overlap")
            }
        }
        // The counters end where the run's counts do.
        let run = try scrollsimctl(["run", "home", "--local", "--seconds", "6", "--json"])
        let counts = try #require(
            (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["counts"] as? [String: Any])
        #expect(counters["cell-provider calls"] == counts["cellProvider"] as? Double)
        #expect(counters["section-provider calls"] == counts["sectionProvider"] as? Double)
        #expect(counters["layout passes"] == counts["layoutPasses"] as? Double)
        #expect(counters["appends"] == counts["dataRequestsCompleted"] as? Double)
        #expect((slices.keys.filter { $0 >= 10 }).count == 3, "a track for each of home's three sections")
    }

    @Test("trace: an unknown option or a second scenario is a usage error")
    func traceUsage() throws {
        #expect(try scrollsimctl(["trace", "home", "--local", "--frames", "3"]).status == 64)
        #expect(try scrollsimctl(["trace", "home", "modern", "--local"]).status == 64)
    }
}
