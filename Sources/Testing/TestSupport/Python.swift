import Foundation

/// Runs Python from tests: the reference tools (PyPI `varlink`, `jsonschema`) check what we ship.
/// `.ci/run` installs them; tests that need them are skipped (visibly) where they are missing.
public enum Python {
    /// Whether `python3` can import `module`.
    public static func canImport(_ module: String) -> Bool {
        (try? run("import \(module)").status) == 0
    }

    /// Runs `python3 -c script arguments…` with `input` on stdin; returns the exit status and
    /// stdout and stderr together.
    public static func run(
        _ script: String, arguments: [String] = [], input: String? = nil
    ) throws -> (status: Int32, output: String) {
        let result = try ProcessRunner.run("python3", ["-c", script] + arguments, input: input)
        return (result.status, result.output)
    }
}
