import CommandLineSpec
import Foundation
import Roff
import Scenario
import ScenarioFiles
import ScrollSimService
import ShippedScenarios
import Spelling

/// Dispatches subcommands and turns errors into messages and exit codes.
enum CommandLineTool {
    /// The global usage: every command of the table with its summary, by group.
    static let usage: String = {
        var text = "usage: scrollsimctl <command> [options]\n"
        func left(_ spec: CommandSpec) -> String { spec.name + (spec.arguments.isEmpty ? "" : " \(spec.arguments)") }
        let column = (CommandSpec.all.map { left($0).count }.max() ?? 0) + 4
        func line(_ left: String, _ summary: String) -> String {
            PlainText.entry("  " + left, summary, column: column, width: 110) + "\n"
        }
        for (group, commands) in Command.grouped {
            text += "\n\(group.title):\n"
            for command in commands { text += line(left(command.spec), command.spec.summary) }
            if group == .other {
                text += line("help COMMAND", "a command's help (as -h or --help after the command)")
            }
        }
        return text + """

            SCENARIO is a shipped scenario's name (see `scrollsimctl scenarios`) or a path to a file.

            Options (before or after the command; each command accepts its own, see its help):
              -j, --json          machine-readable output
              -h, --help          help for a command, e.g. `scrollsimctl run --help`
              --version           print the version

            \(PlainText.wrap(("Exit status: " + ExitStatus.summary + ".").split(separator: " ").map(String.init), first: "", indent: 0, width: 100))
            """
    }()

    static func run(arguments: [String]) -> ExitStatus {
        let (leading, command, rest) = split(arguments)
        guard let command else {
            if leading.contains("--version") {
                print("scrollsimctl \(ScrollSimVersion.current)")
                return .success
            }
            if leading.contains("--help") || leading.contains("-h") {
                print(usage)
                return .success
            }
            writeError(usage)
            return .usage
        }
        do {
            switch command {
            case "version":
                print("scrollsimctl \(ScrollSimVersion.current)")
                return .success
            case "help":
                guard let name = rest.first, name != "--help", name != "-h", name != "help" else {
                    print(usage)
                    return .success
                }
                guard let text = help(for: name) else { throw unknownCommand(name) }
                print(text)
                return .success
            default:
                break
            }
            guard let entry = CommandSpec.command(named: command) else { throw unknownCommand(command) }
            // -h or --help anywhere after the command: its help, whatever else is on the line.
            if rest.contains("-h") || rest.contains("--help") {
                print(help(for: command) ?? usage)
                return .success
            }
            return try entry.run(try Arguments(rest, spec: entry.spec))
        } catch let error as UsageError {
            // The command's own usage lines, not the whole global usage.
            if let name = error.command, let text = help(for: name) {
                let synopsis = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
                writeError(
                    "scrollsimctl: \(error.message)\n" + synopsis.joined(separator: "\n")
                        + "\n(`scrollsimctl \(name) --help` for more)")
            } else {
                writeError("scrollsimctl: \(error.message)")
            }
            return .usage
        } catch let error as ClientError {
            writeError("scrollsimctl: \(error)")
            switch error {
            case .usage: return .usage
            case .unreachable, .protocolError: return .unavailable
            // As in this process and through the daemon alike: a definition the service cannot
            // read is an invalid scenario, whoever read it.
            case .daemon(let reply), .local(let reply):
                return reply.name.hasSuffix(".InvalidScenario") ? .invalidScenario : .failed
            case .noSuchScenario: return .noInput
            case .cannotWrite: return .cannotCreate
            }
        } catch let error as BudgetError {
            writeError("scrollsimctl: \(error)")
            return error.status
        } catch let error as ScenarioError {
            writeError("scrollsimctl: \(error)")
            switch error {
            case .unreadable, .notFound: return .noInput
            default: return .invalidScenario
            }
        } catch {
            writeError("scrollsimctl: \(error)")
            return .invalidScenario
        }
    }

    /// The options before the command (global ones may come first: `scrollsimctl --json status`),
    /// the command, and the rest with those options put back after it.
    static func split(_ arguments: [String]) -> (leading: [String], command: String?, rest: [String]) {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), !Arguments.isNumber(arguments[index]) {
            index += valuedOptions.contains(arguments[index]) ? 2 : 1
        }
        let leading = Array(arguments[..<Swift.min(index, arguments.count)])
        guard index < arguments.count else { return (leading, nil, []) }
        return (leading, arguments[index], leading + arguments[(index + 1)...])
    }

    /// The spellings of options that take a value in some command (`--seconds`, `-s`…): before
    /// the command, their value is not the command.
    static let valuedOptions: Set<String> = {
        let names = Set(CommandSpec.all.flatMap { $0.options.filter { !$0.isFlag }.map(\.name) })
        return Set(names.map { "--" + $0 }).union(CommandSpec.shortForms.filter { names.contains($0.value) }.map { "-\($0.key)" })
    }()

    /// Each command's help text, built from its `CommandSpec`.
    static func help(for command: String) -> String? { CommandSpec.named(command)?.helpText }

    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = nearestName(name, among: CommandSpec.all.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
        return UsageError("unknown command '\(name)'\(suggestion); `scrollsimctl --help` lists them")
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints `value` as JSON with sorted keys (stable output for scripts and golden tests).
    static func printJSON(_ value: JSONValue) throws {
        print(value.prettyEncoded())
    }

    /// Where scenario names are found: `--scenario-dir` (which must exist), else the first
    /// directory of the search path (`$SCROLLSIM_SCENARIO_DIR`, `./Config/scenarios`, the
    /// repository above the executable), else the copies built into this binary.
    static func catalog(_ arguments: Arguments) throws -> ScenarioCatalog {
        if let directory = arguments.options["scenario-dir"] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("--scenario-dir \(directory): no such directory")
            }
            return .directory(directory)
        }
        return .firstExisting(ScenarioCatalog.searchPath(), else: .embedded(ShippedScenarios.files))
    }

    /// Whether a SCENARIO argument is a file path rather than a catalog name.
    static func isPath(_ argument: String) -> Bool { argument.contains("/") || argument.hasSuffix(".json") }

    /// The scenario a SCENARIO argument names: a file (its data file read next to it) or a name in
    /// the catalog.
    static func scenario(_ argument: String, _ arguments: Arguments) throws -> Scenario {
        if isPath(argument) { return try ScenarioLoader.load(file: argument) }
        return try catalog(arguments).load(argument)
    }
}
