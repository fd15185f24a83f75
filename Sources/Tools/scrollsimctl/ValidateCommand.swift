import CommandLineSpec
import Foundation
import Scenario
import ScenarioFiles

/// `scrollsimctl validate FILE`: parses the scenario and solves its layout once.
enum ValidateCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let json = arguments.flags.contains("json")
        do {
            let scenario = try CommandLineTool.scenario(arguments.positional[0], arguments)
            let layout = try scenario.preparedLayout()
            // The service's own check: what opening a simulation of it finds (e.g. too many items).
            let backend = try Backends.make(arguments)
            let parameters = try Backends.scenarioParameters(arguments.positional[0], arguments)
            do {
                let opened = try backend.invoke("OpenSimulation", parameters)
                _ = try? backend.invoke("CloseSimulation", ["simulation": opened["simulation"]?.objectValue?["simulation"] ?? ""])
            } catch let error as ClientError {
                guard let reply = error.reply, reply.name.hasSuffix(".InvalidScenario") else { throw error }
                throw ScenarioError.invalid(path: "", message: reply.parameters["message"]?.stringValue ?? reply.description)
            }
            if json {
                try CommandLineTool.printJSON(
                    .object([
                        "valid": .bool(true), "name": .string(scenario.name),
                        "sections": .number(Double(scenario.sections.count)),
                    ]))
            } else {
                print(
                    "\(scenario.name): valid (\(scenario.sections.count) sections, content \(layout.contentSize.width) × \(layout.contentSize.height))"
                )
            }
            return .success
        } catch let error as ScenarioError {
            if case .unreadable = error { return try report([error], json: json, status: .noInput) }
            if case .notFound = error { return try report([error], json: json, status: .noInput) }
            // Every error that can be told apart (one per section and per top-level key), not
            // only the first.
            let errors = Self.allErrors(arguments.positional[0], arguments, first: error)
            return try report(errors, json: json, status: .invalidScenario)
        }
    }

    /// The errors of the scenario at `argument` (a file or a name), `first` among them.
    static func allErrors(_ argument: String, _ arguments: Arguments, first: ScenarioError) -> [ScenarioError] {
        guard case .invalid = first else { return [first] }
        let found: [ScenarioError]
        if CommandLineTool.isPath(argument), let json = try? ScenarioLoader.readJSON(argument) {
            let directory = URL(fileURLWithPath: argument).deletingLastPathComponent().path
            found = ScenarioParser { file throws(ScenarioError) in
                try ScenarioLoader.readJSON(file.hasPrefix("/") ? file : directory + "/" + file)
            }.allErrors(json)
        } else if let json = try? CommandLineTool.catalog(arguments).definition(argument) {
            found = ScenarioParser().allErrors(json)
        } else {
            found = []
        }
        return found.isEmpty ? [first] : found
    }

    static func report(_ errors: [ScenarioError], json: Bool, status: ExitStatus) throws -> ExitStatus {
        if json {
            try CommandLineTool.printJSON(
                .object([
                    "valid": .bool(false), "error": .string(errors[0].description),
                    "errors": .array(errors.map { .string($0.description) }),
                ]))
        } else if errors.count == 1 {
            CommandLineTool.writeError("scrollsimctl: \(errors[0])")
        } else {
            CommandLineTool.writeError(
                "scrollsimctl: \(errors.count) errors:\n" + errors.map { "  \($0)" }.joined(separator: "\n"))
        }
        return status
    }
}
