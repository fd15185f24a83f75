import Foundation
import Testing
import TestSupport

/// Every concrete `scrollsimctl` command the README and docs/cli.md print runs as printed: in a
/// directory like a checkout (Config/ there, docs/ to write into), with a daemon at the default
/// address for the commands that talk to one. Templates (`SCENARIO`, `[--seed N]`, `K/N`, `…`)
/// are the synopsis, not commands.
@Suite("documented commands", .serialized)
struct DocumentedCommandTests {
    static let placeholders = ["…", "[", "|", " ID", "SCENARIO", "FILE", "K/N", "$((", "WxH", "SECONDS", "STEP"]

    /// The inline `scrollsimctl …` spans of `document` that are whole commands.
    static func commands(in document: String) throws -> [String] {
        let text = try String(contentsOf: ProcessRunner.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        return text.matches(of: /`(scrollsimctl [^`]+)`/).map { String($0.output.1) }.filter { command in
            let words = command.split(separator: " ")
            // `scrollsimctl merge` alone names a command in a sentence; these take no argument.
            let whole = words.count > 2 || ["status", "simulations", "scenarios", "man"].contains(words.last ?? "")
            return !placeholders.contains { command.contains($0) } && whole
        }
    }

    @Test("the README's and docs/cli.md's concrete scrollsimctl commands exit 0 as printed")
    func runAsPrinted() throws {
        let commands = try Self.commands(in: "README.md") + Self.commands(in: "docs/cli.md")
        #expect(commands.count >= 8, "\(commands)")
        #expect(commands.contains("scrollsimctl render home --local --time 12 --output docs/home.svg"))
        let work = try Scratch.directory("documented")
        defer { Scratch.remove(work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("Config"), withDestinationURL: ProcessRunner.repositoryRoot.appendingPathComponent("Config"))
        // The default address is $XDG_RUNTIME_DIR/scrollsimd.sock: a daemon there serves the
        // commands without --local.
        let daemon = try DaemonProcess(
            binary: try #require(ProcessRunner.builtProduct("scrollsimd")), socket: work.appendingPathComponent("scrollsimd.sock").path,
            arguments: ["--no-state", "--config", work.appendingPathComponent("none.conf").path])
        defer { daemon.stop() }
        let tool = try #require(ProcessRunner.builtProduct("scrollsimctl"))
        for command in Set(commands).sorted() {
            let arguments = command.split(separator: " ").dropFirst().map(String.init)
            let result = try ProcessRunner.run(tool, arguments, in: work, environment: ["XDG_RUNTIME_DIR": work.path])
            #expect(result.status == 0, "\(command): exit \(result.status)\n\(result.stderr.suffix(400))")
        }
    }

    @Test("the README stays within 250 lines")
    func readmeLength() throws {
        let text = try String(contentsOf: ProcessRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
    }
}
