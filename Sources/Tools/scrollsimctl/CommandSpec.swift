import CollectionView
import CommandLineSpec
import CompositionalLayout

extension CommandSpec {
    // Options several commands share.
    static let json = flag("json", "machine-readable output")
    static let help = flag("help", "this command's help")
    static let address = option(
        "address", .address, "the daemon's socket (default: $XDG_RUNTIME_DIR/scrollsimd.sock or the system socket)")
    static let local = flag("local", "run in this process: no daemon needed, same engine and numbers")
    static let scenarioDir = option(
        "scenario-dir", .directory, "where scenario names are found (the definitions are sent to the daemon inline)")
    static let viewport = option("viewport", .viewport, "the viewport in points, e.g. 390x844 or 390×844")
    /// The invalidation policies' names, as the options accept them.
    static let policyNames = InvalidationPolicy.allCases.map(\.rawValue)
    static let policy = option("policy", .choice(policyNames), "the invalidation policy (default uikit)")
    /// Several policies, for the commands that run each.
    static func policies(_ help: String) -> Option { option("policies", .choices(policyNames), help) }
    static let viewports = option("viewports", .viewports, "the viewports (default 375x667,390x844,430x932)")
    /// How long a run goes on, in virtual time, within `range`.
    static func virtualSeconds(_ range: ClosedRange<Double>) -> Option {
        option("seconds", .number(range), "seconds of virtual time (default \(formatPoints(defaultSeconds)))")
    }
    static let seed = option("seed", .integer(0...Int(UInt32.max)), "the random seed of feeds that fail or vary (default 0)")
    static let prefetch = option(
        "prefetch", .number(0...10),
        "prepare cells this many viewport lengths ahead (0: UIKit's prefetching off; default: the scenario's, UIKit's 0.5)",
        placeholder: "SCREENS")
    static let output = option("output", .file, "write to FILE instead of standard output")
    static let compute = [json, help, local, address, scenarioDir]
    static let html = option(
        "html", .file, "also write the report as one self-contained HTML file: tables, pictures, warnings, the budget's verdict")
    static let pictureFormat = option(
        "format", .choice(["svg", "png"]),
        "the picture as SVG (default) or PNG (drawn by rsvg-convert; also chosen by a .png file)")
    static let budget = option("budget", .file, "fail (exit 3) when a count goes over this budget file")
    /// What a budget's verdict is also written as, for CI systems.
    static let ciOutputs = [
        option("junit", .file, "also write the budget's checks as JUnit XML to FILE (a test case per run and limit)"),
        flag("github", "GitHub Actions annotations at the budget's lines and a job summary (on under GITHUB_ACTIONS=true)"),
    ]
    static let progress = option(
        "progress", .choice(["auto", "plain", "none"]),
        "progress on standard error: a bar on a terminal (auto, the default), a line per tenth (plain), or none")

    /// Every command, in the order of the global usage: its options, the group the usage lists
    /// it under, and what runs it. The usage, the man page, the completions and the dispatch all
    /// read this one table.
    static let table: [Command] = [
        command(
            name: "live", summary: "the live simulations' counts, refreshed every second (--start-daemon to start one)",
            arguments: "", positional: 0...0,
            options: [
                option("seconds", .number(0.001...31_536_000), "stop after S seconds (default: until Ctrl-C)", placeholder: "S"),
                option("interval", .number(0.05...3_600), "seconds between refreshes (default 1)", placeholder: "S"),
                flag(
                    "start-daemon",
                    "start a throwaway scrollsimd of this command's own; it stops when the command ends, however it ends"),
                json, help, address,
            ], exclusive: [], group: .daemon, run: LiveCommand.run),
        command(
            name: "status", summary: "the daemon's state: simulations, connections, tick lateness", arguments: "",
            positional: 0...0, options: [json, help, address],
            exclusive: [], group: .daemon, run: DaemonCommands.status),
        command(
            name: "simulations", summary: "the open simulations", arguments: "", positional: 0...0,
            options: [json, help, address], exclusive: [], group: .daemon, run: DaemonCommands.simulations),
        command(
            name: "counts", summary: "one simulation's counts per section", arguments: "ID", positional: 1...1,
            options: [json, help, address], exclusive: [], group: .daemon, run: DaemonCommands.counts),
        command(
            name: "watch", summary: "stream events and counts of one simulation or all, until Ctrl-C", arguments: "[ID]",
            positional: 0...1,
            options: [
                option("interval", .number(0.01...3_600), "seconds between counts updates (default 1)", placeholder: "S"),
                flag("counts-only", "counts only, no events"),
                option("limit", .integer(1...Int(Int32.max)), "stop after N replies"),
                json, help, address,
            ], exclusive: [], group: .daemon, run: DaemonCommands.watch),
        command(
            name: "open", summary: "open a simulation on the daemon; prints its ID", arguments: "SCENARIO", positional: 1...1,
            options: [
                viewport, policy, seed, prefetch, flag("realtime", "follow the daemon's clock instead of waiting for advance"),
                json, help, address, scenarioDir,
            ], exclusive: [], group: .daemon, run: SimulationCommands.open),
        command(
            name: "advance", summary: "run a simulation further in virtual time; prints its counts", arguments: "ID SECONDS",
            positional: 2...2,
            options: [json, help, address], exclusive: [], group: .daemon, run: SimulationCommands.advance),
        command(
            name: "perform", summary: "give a simulation one input, a script step as JSON", arguments: "ID STEP",
            positional: 2...2,
            options: [json, help, address], exclusive: [], group: .daemon, run: SimulationCommands.perform),
        command(
            name: "close", summary: "close a simulation", arguments: "ID", positional: 1...1, options: [help, address],
            exclusive: [], group: .daemon, run: SimulationCommands.close),
        command(
            name: "run", summary: "simulate the scenario's script; counts per section", arguments: "SCENARIO", positional: 1...1,
            options: [
                virtualSeconds(0...86_400),
                viewport,
                flag("all-viewports", "run on 375x667, 390x844 and 430x932"), policy, seed, prefetch,
            ] + compute, exclusive: [["local", "address"], ["viewport", "all-viewports"]], group: .compute, run: RunCommand.run),
        command(
            name: "profile",
            summary: "compare the policies on several viewports; --budget FILE fails (exit 3) when a count goes over",
            arguments: "SCENARIO", positional: 1...1,
            options: [
                virtualSeconds(0.1...86_400),
                policies("the policies to compare (default: all three)"), viewports, seed, prefetch,
                budget,
                option("svg", .file, "also draw each count over time, one line per policy, as an SVG picture in FILE"),
                option("png", .file, "the same picture as a PNG in FILE (drawn by rsvg-convert)"), progress, html,
            ] + ciOutputs + compute, exclusive: [["local", "address"]], group: .compute, run: ProfileCommand.run),
        command(
            name: "sweep",
            summary: "a CI matrix: scenarios × seeds × viewports × policies, one shard of it with --shard K/N",
            arguments: "SCENARIO...", positional: 1...64,
            options: [
                virtualSeconds(0.1...86_400),
                policies("the policies (default: all three)"), viewports,
                option("seeds", .integers(0...Int(UInt32.max)), "the random seeds, e.g. 0,1,2 (default 0)"),
                option("shard", .shard, "run the K-th of N shards (every N-th run from the K-th), e.g. 2/4"),
                prefetch, budget, progress, html,
            ] + ciOutputs + compute, exclusive: [["local", "address"]], group: .compute, run: SweepCommand.run),
        command(
            name: "render", summary: "an SVG picture of the layout at --time T and a timeline of the run", arguments: "SCENARIO",
            positional: 1...1,
            options: [
                option(
                    "time", .number(0...3_600),
                    "when to draw, in seconds of virtual time (default \(formatPoints(defaultSeconds)))",
                    placeholder: "T"),
                viewport, policy, seed, output,
                option("crop", .choice(["viewport", "content"]), "draw the content around the viewport, or all of it (default)"),
                pictureFormat,
            ] + compute, exclusive: [["local", "address"]], group: .compute, run: RenderCommand.run),
        command(
            name: "trace", summary: "the run as a Chrome/Perfetto trace", arguments: "SCENARIO", positional: 1...1,
            options: [
                virtualSeconds(0...3_600),
                viewport, policy, seed, prefetch,
                output, help, local, address, scenarioDir,
            ],
            exclusive: [["local", "address"]], group: .compute, run: TraceCommand.run),
        command(
            name: "layout", summary: "frames of every section, cell and header at time 0", arguments: "SCENARIO",
            positional: 1...1,
            options: [
                viewport, flag("all", "every element, not the first ones"),
                option("limit", .integer(1...Int(Int32.max)), "how many elements to list per section (default 8)"),
                json, help, local, scenarioDir,
            ], exclusive: [["all", "limit"]], group: .compute, run: LayoutCommand.run),
        command(
            name: "validate", summary: "check a scenario file; errors name the JSON path", arguments: "FILE|SCENARIO",
            positional: 1...1, options: compute,
            exclusive: [["local", "address"]], group: .compute, run: ValidateCommand.run),
        command(
            name: "scenarios", summary: "list the shipped scenarios", arguments: "", positional: 0...0,
            options: [json, help, scenarioDir], exclusive: [], group: .compute, run: ScenariosCommand.run),
        command(
            name: "completion", summary: "the completion script for bash, zsh or fish", arguments: "bash|zsh|fish",
            positional: 1...1,
            options: [help], exclusive: [], group: .other, run: CompletionCommand.run),
        command(
            name: "merge", summary: "combine a sweep's shards (their --json) into one report and budget verdict",
            arguments: "FILE...", positional: 1...1_000,
            options: [budget, html] + ciOutputs + [json, help],
            exclusive: [], group: .other, run: MergeCommand.run),
        command(
            name: "man", summary: "this manual page, in roff (`scrollsimctl man | man -l -`)", arguments: "", positional: 0...0,
            options: [help],
            exclusive: [], group: .other, run: Command.printManualPage),
    ]

    /// Every command's options, in the table's order.
    static let all: [CommandSpec] = table.map(\.spec)

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
    static func command(named name: String) -> Command? { table.first { $0.spec.name == name } }

    /// Short forms of the common options.
    /// How much virtual time run, profile and trace simulate, and when render draws, unless told:
    /// one length for every command, so their outputs describe the same run.
    static let defaultSeconds = 30.0

    static let shortForms: [Character: String] = ["h": "help", "j": "json", "o": "output", "s": "seconds", "p": "policy"]

    /// One of scrollsimctl's commands, with the short forms every command shares.
    static func command(
        name: String, summary: String, arguments: String, positional: ClosedRange<Int>, options: [Option],
        exclusive: [[String]], group: Command.Group, run: @escaping @Sendable (Arguments) throws -> ExitStatus
    ) -> Command {
        Command(
            spec: CommandSpec(
                name: name, summary: summary, arguments: arguments, positional: positional, options: options,
                exclusive: exclusive, shortForms: shortForms),
            group: group, run: run)
    }
}
