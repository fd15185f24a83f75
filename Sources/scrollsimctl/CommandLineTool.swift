import Foundation
import Scenario
import ScrollSimService
import ShippedScenarios

/// Dispatches subcommands and turns errors into messages and exit codes.
enum CommandLineTool {
    static let usage = """
        usage: scrollsimctl <command> [options]

        Commands that talk to scrollsimd (--address unix:PATH; default: the daemon's own socket):
          live                the live simulations' counts, refreshed every second (--start-daemon to start one)
          status              the daemon's state: simulations, connections, tick lateness
          simulations         the open simulations
          counts ID           one simulation's counts per section
          watch [ID]          stream events and counts of one simulation or all, until Ctrl-C
          open SCENARIO       open a simulation on the daemon; prints its ID (--viewport, --policy, --seed, --realtime)
          advance ID SECONDS  run a simulation further in virtual time; prints its counts
          perform ID STEP     give a simulation one input, a script step as JSON
          close ID            close a simulation

        Compute commands (on the daemon; --local runs them in this process, no daemon needed):
          run SCENARIO        simulate the scenario's script; counts per section (--seconds, --all-viewports, --policy, --seed)
          profile SCENARIO    compare the policies on several viewports; --budget FILE fails (exit 3) when a count goes over
          render SCENARIO     an SVG picture of the layout at --time T and a timeline of the run (--output FILE)
          trace SCENARIO      the run as a Chrome/Perfetto trace: provider calls per section, passes, requests (--output FILE)
          layout SCENARIO     frames of every section, cell and header at time 0
          validate FILE       check a scenario file; errors name the JSON path
          scenarios           list the shipped scenarios

        SCENARIO is a shipped scenario's name (see `scrollsimctl scenarios`) or a path to a file.

        Options:
          --json              machine-readable output
          --help              help for a command, e.g. `scrollsimctl run --help`
          --version           print the version

        Exit status: 0 success, 1 the daemon answered with an error, 3 budget exceeded, 64 usage error,
        65 invalid scenario, 66 file not readable, 69 daemon unreachable.
        """

    static func run(arguments: [String]) -> ExitStatus {
        guard let command = arguments.first else {
            writeError(usage)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "--version", "version":
                print("scrollsimctl \(ScrollSimVersion.current)")
                return .success
            case "--help", "-h", "help":
                print(usage)
                return .success
            case "run": return try RunCommand.run(try Arguments(rest))
            case "layout": return try LayoutCommand.run(try Arguments(rest))
            case "validate": return try ValidateCommand.run(try Arguments(rest))
            case "scenarios": return try ScenariosCommand.run(try Arguments(rest))
            case "live": return try LiveCommand.run(try Arguments(rest))
            case "profile": return try ProfileCommand.run(try Arguments(rest))
            case "render": return try RenderCommand.run(try Arguments(rest))
            case "trace": return try TraceCommand.run(try Arguments(rest))
            case "status": return try DaemonCommands.status(try Arguments(rest))
            case "simulations": return try DaemonCommands.simulations(try Arguments(rest))
            case "counts": return try DaemonCommands.counts(try Arguments(rest))
            case "watch": return try DaemonCommands.watch(try Arguments(rest))
            case "open": return try SimulationCommands.open(try Arguments(rest))
            case "advance": return try SimulationCommands.advance(try Arguments(rest))
            case "perform": return try SimulationCommands.perform(try Arguments(rest))
            case "close": return try SimulationCommands.close(try Arguments(rest))
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            writeError("scrollsimctl: \(error.message)\n\n\(usage)")
            return .usage
        } catch let error as ClientError {
            writeError("scrollsimctl: \(error)")
            switch error {
            case .usage: return .usage
            case .unreachable, .protocolError: return .unavailable
            case .daemon: return .failed
            }
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

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints `value` as JSON with sorted keys (stable output for scripts and golden tests).
    static func printJSON(_ value: JSONValue) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
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
