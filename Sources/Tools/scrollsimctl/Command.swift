import CommandLineSpec

/// One of scrollsimctl's commands: its options and usage (`CommandSpec`), the group the global
/// usage lists it under, and what runs it (`CommandSpec.table` holds them all, in order).
struct Command: Sendable {
    enum Group: CaseIterable, Sendable {
        case daemon, compute, other

        var title: String {
            switch self {
            case .daemon: "Commands that talk to scrollsimd (--address unix:PATH; default: the daemon's own socket)"
            case .compute: "Compute commands (on the daemon; --local runs them in this process, no daemon needed)"
            case .other: "Other commands"
            }
        }
    }

    let spec: CommandSpec
    let group: Group
    let run: @Sendable (Arguments) throws -> ExitStatus

    /// The table's commands of each group, groups in the usage's order.
    static var grouped: [(group: Group, commands: [Command])] {
        Group.allCases.map { group in (group, CommandSpec.table.filter { $0.group == group }) }
    }

    static func printManualPage(_ arguments: Arguments) throws -> ExitStatus {
        print(ManualPage.scrollsimctl().roff, terminator: "")
        return .success
    }
}
