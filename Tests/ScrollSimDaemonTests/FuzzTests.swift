import Foundation
import Testing

@Suite("fuzzing", .serialized)
struct FuzzTests {
    @Test(
        "the seed corpus replays through every fuzz target without a crash (plain build)",
        arguments: ["frames", "dispatch", "scenario"])
    func seedCorpus(_ target: String) throws {
        let (status, text) = try runCapturing(
            try builtBinary("scrollsim-fuzz"), [target, repositoryRoot.appendingPathComponent("Fuzz/corpus/\(target)").path])
        #expect(status == 0)
        #expect(text.contains("no crash") && !text.contains(": 0 inputs"), "\(text)")
    }

    @Test(
        "a bounded libFuzzer + AddressSanitizer smoke run of every target finds no crash (Fuzz/run.sh --smoke: 20 s each)",
        .enabled(if: ProcessInfo.processInfo.environment["SCROLLSIM_SKIP_FUZZ"] == nil, "SCROLLSIM_SKIP_FUZZ is set"))
    func smoke() throws {
        let (status, text) = try runCapturing(
            "/bin/bash", [repositoryRoot.appendingPathComponent("Fuzz/run.sh").path, "--smoke"], in: repositoryRoot)
        #expect(status == 0, "\(text)")
        let results = text.split(separator: "\n").filter { $0.contains("executions in") }
        #expect(results.count == 3, "\(text)")
        for line in results { print(line) }
    }
}
