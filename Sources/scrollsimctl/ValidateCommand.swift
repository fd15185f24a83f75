import Scenario

/// `scrollsimctl validate FILE`: parses the scenario and solves its layout once.
enum ValidateCommand {
    static let help = """
        usage: scrollsimctl validate FILE|SCENARIO [--json]

        Checks the scenario: JSON syntax, every key and value (errors name the JSON path and what
        was expected), and that every section's layout can be solved. Exit status 65 when invalid.
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        try arguments.check(allowedFlags: ["json"], allowedOptions: ["scenario-dir"])
        guard arguments.positional.count == 1 else { throw UsageError("validate needs exactly one FILE") }
        let json = arguments.flags.contains("json")
        do {
            let scenario = try CommandLineTool.library(arguments).load(arguments.positional[0])
            let layout = try scenario.preparedLayout()
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
