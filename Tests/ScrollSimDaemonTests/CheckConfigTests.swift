import Foundation
import Testing
import TestSupport

/// `scrollsimd --check-config` as a user runs it: exit 0 for a configuration a start accepts,
/// 78 (EX_CONFIG) with the reason for one it would not.
@Suite("scrollsimd --check-config")
struct CheckConfigTests {
    func check(_ text: String?) throws -> (status: Int32, output: String) {
        let directory = try Scratch.directory("check-config")
        defer { Scratch.remove(directory) }
        let file = directory.appendingPathComponent("scrollsimd.conf")
        if let text { try text.write(to: file, atomically: true, encoding: .utf8) }
        return try runCapturing(try builtBinary("scrollsimd"), ["--check-config", "--config", file.path])
    }

    @Test("a good configuration exits 0; a misspelt scenario, key or section, a missing directory or a missing file exit 78 saying what and where")
    func statuses() throws {
        #expect(try check("[Live]\nSimulation=home 390x844\n").status == 0)
        let cases: [(String?, String)] = [
            ("[Live]\nSimulation=hom 390x844\n", "no scenario hom"),
            ("[Limits]\nMaxConection=3\n", "did you mean MaxConnections=?"),
            ("[Daemon]\nScenarioDirectory=/no/such/directory\n", "ScenarioDirectory=/no/such/directory: no such directory"),
            (nil, "no such configuration file"),
        ]
        for (text, expected) in cases {
            let (status, output) = try check(text)
            #expect(status == 78, "\(text ?? "no file"): \(output)")
            #expect(output.contains(expected), "\(output)")
        }
    }
}
