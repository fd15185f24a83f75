import Foundation
import TestSupport
import Testing

/// Comments in Sources state the rule and why, in a clause; measurements and their history belong
/// in benchmark output, commit messages and issue notes (and the benchmarks' own sources, which
/// print them).
@Suite("source comments")
struct SourceCommentTests {
    /// What a lab notebook writes and a rule does not: profiler names, dates, issue numbers,
    /// times of day, "was N", measured shares and speed-ups ("5% of a call", "+17 %", "10× faster",
    /// "a few times slower", "was a fifth of a call", "a tenth of a frame").
    static let diary = [
        #"callgrind"#, #"perf (showed|shows)"#, #"seen in perf"#, #"\bissue( \d+|:)"#, #"\b20\d\d-\d\d-\d\d\b"#,
        #"\b(afternoon|morning|at night|yesterday)\b"#, #"\bwas [~≈]?\d"#, #"\d ?% of (a|an|the|its)\b"#,
        #"\+\d+(\.\d+)? ?%"#, #"\d(\.\d+)? ?[×x] (faster|slower)"#, #"\btimes (faster|slower)\b"#,
        #"\b(was|were|spent|cost|costs|took) (about |nearly |almost )?(a|one) (fifth|third|quarter|tenth|hundredth) of\b"#,
        #"\b(a|one) (fifth|third|quarter|tenth|hundredth) of (a|an|the|such a|its)( \S+)? (call|frame|build|turn|run|pass)"#,
    ]

    /// The benchmarks print measurements, so their sources may name them.
    static func isBenchmark(_ file: String) -> Bool { file.hasPrefix("Tools/scrollsim-bench/") }

    @Test("no comment in Sources reads as a lab notebook (profiler runs, dates, issue numbers, 'was N')")
    func noDiaries() throws {
        let base = ProcessRunner.repositoryRoot.appendingPathComponent("Sources")
        let patterns = try Self.diary.map { try Regex($0).ignoresCase() }
        var found: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
        let sources = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !Self.isBenchmark($0) }
        #expect(sources.count > 100 && !sources.contains { $0.contains("scrollsim-bench") })
        for file in sources + ["../Package.swift"] {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let comment = line.range(of: "//").map({ line[$0.lowerBound...] }) else { continue }
                if patterns.contains(where: { comment.contains($0) }) {
                    found.append("Sources/\(file):\(number + 1): \(comment)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
