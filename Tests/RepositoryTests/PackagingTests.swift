import Foundation
import TestSupport
import Testing

/// The package's man pages and completions describe the client as it is: every command and
/// option `scrollsimctl` accepts appears in each of them (the package's install test checks the
/// package itself, in a booted Debian 12; `.ci/run` runs it).
@Suite("packaging")
struct PackagingTests {
    static let root = ProcessRunner.repositoryRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The commands `scrollsimctl` dispatches, as its `CommandSpec` table names them.
    static func commands() throws -> [String] {
        let source = try text("Sources/Tools/scrollsimctl/CommandSpec.swift")
        return source.matches(of: /name: "([a-z]+)", summary:/).map { String($0.output.1) }
    }

    /// Every option any command accepts (`flag("name"` and `option("name"` in the table).
    static func options() throws -> Set<String> {
        let source = try text("Sources/Tools/scrollsimctl/CommandSpec.swift")
        return Set(source.matches(of: /(?:flag|option)\(\s*"([a-z-]+)"/).map { String($0.output.1) })
    }

    @Test("the packaged completions are what `scrollsimctl completion bash|zsh|fish` generates from the command table")
    func completionsGenerated() throws {
        let tool = try #require(ProcessRunner.builtProduct("scrollsimctl"), "scrollsimctl is not built")
        for (shell, file) in [("bash", "scrollsimctl.bash"), ("zsh", "_scrollsimctl"), ("fish", "scrollsimctl.fish")] {
            let generated = try ProcessRunner.run(tool, ["completion", shell])
            #expect(generated.status == 0)
            #expect(
                generated.stdout == (try Self.text("packaging/completions/\(file)")),
                "packaging/completions/\(file) is stale: regenerate it with `swift run scrollsimctl completion \(shell) > packaging/completions/\(file)`"
            )
        }
    }

    @Test(
        "the packaged man pages are what `scrollsimctl man` and `scrollsimd --man` print from their option tables",
        arguments: [("scrollsimctl", ["man"], "scrollsimctl.1"), ("scrollsimd", ["--man"], "scrollsimd.8")])
    func manPagesGenerated(_ program: String, _ arguments: [String], _ file: String) throws {
        let tool = try #require(ProcessRunner.builtProduct(program), "\(program) is not built")
        let generated = try ProcessRunner.run(tool, arguments)
        #expect(generated.status == 0)
        #expect(
            generated.stdout == (try Self.text("packaging/man/\(file)")),
            "packaging/man/\(file) is stale: regenerate it with `swift run \(program) \(arguments[0]) > packaging/man/\(file)`")
        // groff reads it without a warning (-ww: all of them), where groff is installed.
        let groff = "/usr/bin/groff"
        if FileManager.default.isExecutableFile(atPath: groff) {
            let page = Self.root.appendingPathComponent("packaging/man/\(file)").path
            let lint = try ProcessRunner.run(groff, ["-man", "-Tutf8", "-ww", "-z", page])
            #expect(lint.status == 0 && lint.stderr.isEmpty, "\(file): \(lint.stderr)")
        }
    }

    @Test("scrollsimd's man page lists every option its parser takes")
    func daemonManCoverage() throws {
        let source = try Self.text("Sources/Edges/ScrollSimDaemon/Server/DaemonOptions.swift")
        let parsed = Set(source.matches(of: /CommandSpec\.(?:option|flag)\(\s*"([a-z-]+)"/).map { "--" + String($0.output.1) })
        #expect(parsed.count >= 8)
        let man = try Self.text("packaging/man/scrollsimd.8")
        for option in parsed {
            #expect(man.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man page lacks \(option)")
        }
    }

    @Test("the man page and the bash, zsh and fish completions name every command and option")
    func coverage() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 10)
        let options = try Self.options()
        #expect(options.contains("json") && options.contains("prefetch"))
        let man = try Self.text("packaging/man/scrollsimctl.1")
        let bash = try Self.text("packaging/completions/scrollsimctl.bash")
        let zsh = try Self.text("packaging/completions/_scrollsimctl")
        let fish = try Self.text("packaging/completions/scrollsimctl.fish")
        for command in commands {
            #expect(man.contains("\\fB\(command)\\fR"), "man page lacks \(command)")
            #expect(bash.contains(command), "bash completion lacks \(command)")
            #expect(zsh.contains("'\(command):"), "zsh completion lacks \(command)")
            #expect(fish.contains("-a \(command) "), "fish completion lacks \(command)")
        }
        for option in options {
            let roff = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
            #expect(man.contains(roff), "man page lacks --\(option)")
            #expect(bash.contains("--\(option)"), "bash completion lacks --\(option)")
            #expect(zsh.contains("'--\(option)["), "zsh completion lacks --\(option)")
            #expect(fish.contains("-l \(option) "), "fish completion lacks --\(option)")
        }
    }

    @Test("the packaging scripts and maintainer scripts parse")
    func scriptsParse() throws {
        for script in [
            "packaging/build-deb", "packaging/install-test", "packaging/install.sh", "packaging/completions/scrollsimctl.bash",
        ] {
            let result = try ProcessRunner.run("/bin/bash", ["-n", Self.root.appendingPathComponent(script).path])
            #expect(result.status == 0, "\(script): \(result.output)")
        }
        for script in ["postinst", "prerm", "postrm"] {
            let result = try ProcessRunner.run(
                "/bin/sh", ["-n", Self.root.appendingPathComponent("packaging/debian/\(script)").path])
            #expect(result.status == 0, "\(script): \(result.output)")
        }
    }
}
