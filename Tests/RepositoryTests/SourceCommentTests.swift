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
            for (line, comment) in Self.comments(in: text) where patterns.contains(where: { comment.contains($0) }) {
                found.append("Sources/\(file):\(line): \(comment)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The comments of a file, each with its first line's number: a comment wrapped over several
    /// lines is read as one text (a phrase may be split between them); a comment after code on
    /// its line, alone.
    static func comments(in text: String) -> [(line: Int, text: String)] {
        var comments: [(line: Int, text: String)] = []
        var block: (line: Int, text: String)?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let slashes = line.range(of: "//") else {
                if let done = block.take() { comments.append(done) }
                continue
            }
            let comment = String(line[slashes.lowerBound...])
            guard line[..<slashes.lowerBound].allSatisfy(\.isWhitespace) else {
                if let done = block.take() { comments.append(done) }
                comments.append((number + 1, comment))
                continue
            }
            let words = comment.drop { $0 == "/" }.trimmingCharacters(in: .whitespaces)
            if block == nil { block = (number + 1, comment) } else { block!.text += " " + words }
        }
        if let done = block { comments.append(done) }
        return comments
    }

    @Test("comments wrapped over lines are read as one text")
    func wrappedComments() {
        let text = "let a = 1  // after code\n/// checking it anew was a\n/// fifth of a call.\n\n// alone"
        let comments = Self.comments(in: text)
        #expect(comments.map(\.line) == [1, 2, 5])
        #expect(comments[1].text == "/// checking it anew was a fifth of a call.")
        #expect(comments[1].text.contains(try! Regex(Self.diary[11]).ignoresCase()))
    }

    /// What only a history says in the docs: dates, "was N", another harness or session, the state
    /// before a change. Figures of the present belong in engine.md's tables and the reliability
    /// checks; how they came to be, in perf-history.md.
    static let docHistory = [
        #"\b20\d\d-\d\d-\d\d\b"#, #"\b(was|were) [~≈]?\d"#, #"\b(earlier|later|previous) harness"#,
        #"\bbefore (the|this) (change|engine|fix|commit)\b"#, #"\b(this|last|next) session\b"#, #"\bissue #\d+"#,
        #"\bused to (take|cost)"#,
    ]

    @Test("each history phrasing is caught where it is written")
    func historyPhrasingsMatch() throws {
        let examples = [
            "measured 2026-12-06", "the frame was 5.8 µs", "an earlier harness gave", "3.4× before the engine was specialized",
            "in this session", "see issue #50", "a pass used to take 9 µs",
        ]
        for (pattern, example) in zip(Self.docHistory, examples) {
            #expect(example.contains(try Regex(pattern).ignoresCase()), "\(pattern) misses \(example)")
        }
        #expect(examples.count == Self.docHistory.count)
    }

    @Test("the README and docs (perf-history.md aside) state the present, not its history")
    func docsStateThePresent() throws {
        let root = ProcessRunner.repositoryRoot
        let patterns = try Self.docHistory.map { try Regex($0).ignoresCase() }
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") && $0 != "perf-history.md" }.map { "docs/\($0)" }
        #expect(docs.count >= 10)
        var found: [String] = []
        for file in ["README.md"] + docs.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where patterns.contains(where: { line.contains($0) }) {
                found.append("\(file):\(number + 1): \(line.prefix(160))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
