import Scenario

/// `scrollsimctl validate FILE`: parses the scenario and solves its layout once.
enum ValidateCommand {
    static let help = """
        usage: scrollsimctl validate FILE|SCENARIO [--json] [--local | --address unix:PATH]

        Checks the scenario: JSON syntax, every key and value (errors name the JSON path and what
        was expected), that every section's layout can be solved, and that scrollsimd (or, with
        --local, this process) can open a simulation of it. Exit status 65 when invalid.
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        guard arguments.positional.count == 1 else { throw UsageError("validate needs exactly one FILE") }
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
        } catch let error as ScenarioError where json {
            try CommandLineTool.printJSON(.object(["valid": .bool(false), "error": .string(error.description)]))
            if case .unreadable = error { return .noInput }
            if case .notFound = error { return .noInput }
            return .invalidScenario
        }
    }
}
