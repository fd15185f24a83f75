import CommandLineSpec
import Scenario

/// `scrollsimctl scenarios`: the shipped scenarios with their descriptions.
enum ScenariosCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let catalog = try CommandLineTool.catalog(arguments)
        var entries: [(String, String, Int)] = []
        for name in catalog.names() {
            let scenario = try catalog.load(name)
            entries.append((name, scenario.summary ?? "", scenario.sections.count))
        }
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(
                .array(
                    entries.map {
                        .object(["name": .string($0.0), "description": .string($0.1), "sections": .number(Double($0.2))])
                    }))
        } else {
            var table = TextTable(["name", "sections", "description"])
            for entry in entries { table.add([entry.0, String(entry.2), entry.1]) }
            print(table.render())
        }
        return .success
    }
}
