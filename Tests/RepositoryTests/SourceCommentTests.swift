import Foundation
import TestSupport
import Testing

/// Comments in Sources state the rule and why, in a clause; measurements and their history belong
/// in benchmark output, commit messages and issue notes (and the benchmarks' own sources, which
/// print them).
@Suite("source comments")
struct SourceCommentTests {
    /// What a lab notebook writes and a rule does not: profiler names, dates, issue numbers,
    /// times of day, "was N".
    static let diary = [
        #"callgrind"#, #"perf (showed|shows)"#, #"seen in perf"#, #"\bissue( \d+|:)"#, #"\b20\d\d-\d\d-\d\d\b"#,
        #"\b(afternoon|morning|at night|yesterday)\b"#, #"\bwas [~≈]?\d"#,
    ]

    @Test("no comment in Sources reads as a lab notebook (profiler runs, dates, issue numbers, 'was N')")
    func noDiaries() throws {
        let base = ProcessRunner.repositoryRoot.appendingPathComponent("Sources")
        let patterns = try Self.diary.map { try Regex($0).ignoresCase() }
        var found: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
        for case let file as String in enumerator where file.hasSuffix(".swift") && !file.hasPrefix("scrollsim-bench/") {
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
