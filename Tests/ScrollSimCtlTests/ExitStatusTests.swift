import Foundation
import TestSupport
import Testing

/// docs/cli.md's exit-status table, checked command path by command path: each kind of failure
/// exits with its one status whatever the command.
@Suite("scrollsimctl exit statuses: one table for every command")
struct ExitStatusTests {
    /// (arguments, expected status, what the case is).
    static func cases(scratch: URL) throws -> [([String], Int32, String)] {
        let invalid = scratch.appendingPathComponent("invalid.json")
        try #"{"name": "x", "sections": []}"#.write(to: invalid, atomically: true, encoding: .utf8)
        let missing = scratch.appendingPathComponent("missing.json").path
        let budget = scratch.appendingPathComponent("budget.json")
        try #"{"total": {"sectionProvider": 0}}"#.write(to: budget, atomically: true, encoding: .utf8)
        let unwritable = "/nonexistent-scrollsim/out"
        var cases: [([String], Int32, String)] = [
            (["layout", "home", "--local"], 0, "success"),
            (
                ["profile", "home", "--local", "--seconds", "2", "--viewports", "390x844", "--budget", budget.path], 3,
                "budget exceeded"
            ),
            (["frobnicate"], 64, "unknown command"),
            (["run", "home", "--local", "--seconds", "soon"], 64, "bad option value"),
            (["render", "home", "--local", "--format", "svg", "--output", "/tmp/picture.png"], 64, "an SVG into a .png"),
            (["profile", "home", "--local", "--budget", missing], 66, "budget file missing"),
            (["counts", "sim-1", "--address", "unix:/nonexistent/scrollsimd.sock"], 69, "daemon unreachable"),
            (["render", "home", "--local", "--output", unwritable + ".svg"], 73, "render output not writable"),
            (["trace", "home", "--local", "--output", unwritable + ".json"], 73, "trace output not writable"),
            (["profile", "home", "--local", "--svg", unwritable + ".svg"], 73, "profile picture not writable"),
        ]
        for command in ["validate", "run", "layout", "render", "trace", "profile"] {
            cases.append(([command, invalid.path, "--local"], 65, "\(command): invalid scenario"))
            cases.append(([command, missing, "--local"], 66, "\(command): scenario file missing"))
            cases.append(([command, "hom", "--local"], 66, "\(command): no scenario of that name"))
        }
        return cases
    }

    @Test("every command path exits with the status the table gives its kind of failure")
    func table() throws {
        let scratch = try Scratch.directory("exit-statuses")
        defer { Scratch.remove(scratch) }
        for (arguments, expected, what) in try Self.cases(scratch: scratch) {
            let result = try scrollsimctl(arguments)
            #expect(
                result.status == expected, "\(what): \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)")
        }
    }

    @Test("the table in docs/cli.md is the one the program prints")
    func documented() throws {
        let usage = try scrollsimctl(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let docs = try String(contentsOfFile: "docs/cli.md", encoding: .utf8)
        for (status, meaning) in [
            (0, "success"), (1, "the daemon answered with an error"), (3, "budget exceeded"), (64, "usage error"),
            (65, "invalid scenario or budget"), (66, "scenario or file not found or not readable"), (69, "daemon unreachable"),
            (73, "output file not writable"),
        ] {
            #expect(usage.contains("\(status) \(meaning)"), "usage lacks \(status) \(meaning)")
            #expect(
                docs.replacingOccurrences(of: "\n", with: " ").contains("\(status) \(meaning)"), "docs lack \(status) \(meaning)")
        }
    }
}
