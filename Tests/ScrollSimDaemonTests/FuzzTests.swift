import Foundation
import Testing

/// The seed corpus through every fuzz target in the plain build. The coverage-guided libFuzzer +
/// AddressSanitizer smoke run (`Fuzz/run.sh --smoke`) is a step of `.ci/run`, not of `swift test`.
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
}
