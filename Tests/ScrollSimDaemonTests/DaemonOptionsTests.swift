import CommandLineSpec
import ScrollSimDaemon
import Testing

/// scrollsimd's command line, read by the parser scrollsimctl's commands use (`CommandSpec`,
/// `Arguments`): the same forms accepted and the same mistakes refused in the same words.
@Suite("scrollsimd command line")
struct DaemonOptionsTests {
    let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    func parse(_ arguments: [String]) throws(UsageError) -> DaemonOptions {
        try DaemonOptions(arguments: arguments, environment: environment)
    }

    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("defaults come from the environment; --name value and --name=value both set an option")
    func forms() throws {
        let defaults = try parse([])
        #expect(defaults.socketPath == "/run/user/1000/scrollsimd.sock")
        #expect(defaults.stateDirectory == "/home/ada/.local/state/scrollsimd")
        #expect(!defaults.ephemeral && !defaults.showHelp && !defaults.checkConfiguration)
        let given = try parse(["--socket", "/tmp/a.sock", "--state-dir=/tmp/state", "--config", "x.conf", "--ephemeral"])
        #expect(given.socketPath == "/tmp/a.sock" && given.stateDirectory == "/tmp/state")
        #expect(given.configurationPath == "x.conf" && given.ephemeral)
        #expect(try parse(["--no-state"]).stateDirectory == nil)
        #expect(try parse(["-h"]).showHelp && parse(["--man"]).showManual && parse(["--version"]).showVersion)
        #expect(try parse(["--socket=--odd"]).socketPath == "--odd", "a value that starts with -- is given inline")
    }

    @Test(
        "mistakes are refused with what is wrong: unknown (with the nearest name), missing values, exclusive options, arguments")
    func mistakes() {
        #expect(refusal(["--confg", "x"]) == "scrollsimd has no option --confg (did you mean --config?)")
        #expect(refusal(["--socket"]) == "--socket needs a value")
        #expect(refusal(["--socket", "--no-state"]) == "--socket needs a value")
        #expect(refusal(["--no-state", "--state-dir", "/tmp/s"]) == "--state-dir and --no-state cannot be given together")
        #expect(refusal(["--ephemeral=yes"]) == "--ephemeral takes no value")
        #expect(refusal(["--config", "a", "--config", "b"]) == "--config is given twice")
        #expect(refusal(["serve"]) == "scrollsimd takes 0 arguments, not 1: unexpected 'serve'")
        #expect(refusal(["-x"]) == "unknown option -x")
    }

    @Test("the usage lists every option the parser takes, with its short form")
    func usageListsTheSpec() {
        for option in DaemonOptions.spec.options {
            #expect(DaemonOptions.usage.contains(DaemonOptions.spec.longForm(of: option)), "\(option.name)")
        }
        #expect(DaemonOptions.usage.contains("  -h, --help "))
    }
}
