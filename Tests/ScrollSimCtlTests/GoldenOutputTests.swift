import Foundation
import TestSupport
import Testing

/// What a user sees from the commands that report counts, for every shipped scenario, compared
/// with recordings (`Golden/`): refactorings of the runner, the engine or the client that must not
/// change the output prove it byte for byte. Re-record deliberately with `SCROLLSIM_RECORD_GOLDEN=1`.
@Suite("scrollsimctl golden outputs")
struct CtlGoldenOutputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let commands: [(String, [String])] = {
        let scenarios = ["home", "home-split", "shop-home", "modern", "workspace", "photos"]
        return scenarios.flatMap { name in
            [
                ("run-\(name).txt", ["run", name, "--local"]),
                ("run-\(name).json", ["run", name, "--local", "--json", "--all-viewports", "--seconds", "30"]),
            ]
        } + [
            ("profile-home.txt", ["profile", "home", "--local", "--viewports", "390x844,375x667"]),
            (
                "profile-home-budget.txt",
                ["profile", "home", "--local", "--viewports", "390x844", "--budget", "Config/budgets/home.json"]
            ),
            ("run-home-prefetch0.txt", ["run", "home", "--local", "--prefetch", "0"]),
            ("layout-home.json", ["layout", "home", "--json"]),
        ]
    }()

    @Test("the command's output is the recorded one", arguments: commands)
    func output(_ file: String, _ arguments: [String]) throws {
        let result = try scrollsimctl(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let mismatch = GoldenFile.mismatch(result.stdout, name: file, directory: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
