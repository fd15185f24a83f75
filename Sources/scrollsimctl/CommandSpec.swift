/// What every command accepts: its positional arguments, flags and options with the kind of value
/// each takes. The one definition the parser checks command lines against (unknown options,
/// values of the wrong kind, too many arguments, exclusive options), and the shell completions
/// are generated from (`scrollsimctl completion bash|zsh|fish`).
struct CommandSpec {
    /// The kind of value an option takes, checked when the command line is read.
    enum Value: Equatable {
        /// A number in a range (`--seconds 10`).
        case number(ClosedRange<Double>)
        /// A whole number in a range (`--seed 7`).
        case integer(ClosedRange<Int>)
        /// One of these words.
        case choice([String])
        /// `WxH` or `W×H`, e.g. 390x844.
        case viewport
        /// A comma-separated list of viewports.
        case viewports
        /// A comma-separated list of these words.
        case choices([String])
        case file
        case directory
        /// `unix:PATH`.
        case address
    }

    struct Option {
        let name: String
        let value: Value?
        let help: String
        /// A flag: no value.
        var isFlag: Bool { value == nil }
    }

    let name: String
    let summary: String
    /// How many positional arguments, and what they are called in the usage.
    let positional: ClosedRange<Int>
    let options: [Option]
    /// Options that cannot be given together.
    let exclusive: [[String]]

    func option(_ name: String) -> Option? { options.first { $0.name == name } }

    static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }
    static func option(_ name: String, _ value: Value, _ help: String) -> Option { Option(name: name, value: value, help: help) }

    // Options several commands share.
    static let json = flag("json", "machine-readable output")
    static let help = flag("help", "this command's help")
    static let address = option("address", .address, "the daemon's socket (default: its own)")
    static let local = flag("local", "run in this process, no daemon needed")
    static let scenarioDir = option("scenario-dir", .directory, "where scenario names are found")
    static let viewport = option("viewport", .viewport, "the viewport, WxH (e.g. 390x844)")
    static let policy = option("policy", .choice(["uikit", "uikit14", "targeted"]), "the invalidation policy")
    static let seed = option("seed", .integer(0...Int(UInt32.max)), "the random seed")
    static let prefetch = option("prefetch", .number(0...10), "prefetch distance in viewport lengths (0: off)")
    static let output = option("output", .file, "write to FILE instead of standard output")
    static let compute = [json, help, local, address, scenarioDir]

    /// Every command, in the order of the global usage.
    static let all: [CommandSpec] = [
        CommandSpec(
            name: "live", summary: "the live simulations' counts, refreshed", positional: 0...0,
            options: [
                json, help, address, option("seconds", .number(0.001...31_536_000), "stop after N seconds"),
                option("interval", .number(0.05...3_600), "seconds between refreshes"),
                flag("start-daemon", "start a throwaway daemon if none answers"),
            ], exclusive: []),
        CommandSpec(
            name: "status", summary: "the daemon's state", positional: 0...0, options: [json, help, address], exclusive: []),
        CommandSpec(
            name: "simulations", summary: "the open simulations", positional: 0...0, options: [json, help, address], exclusive: []
        ),
        CommandSpec(
            name: "counts", summary: "one simulation's counts per section", positional: 1...1, options: [json, help, address],
            exclusive: []),
        CommandSpec(
            name: "watch", summary: "stream events and counts", positional: 0...1,
            options: [
                json, help, address, option("interval", .number(0.01...3_600), "seconds between counts updates"),
                flag("counts-only", "counts only, no events"),
                option("limit", .integer(1...Int(Int32.max)), "stop after N replies"),
            ], exclusive: []),
        CommandSpec(
            name: "open", summary: "open a simulation on the daemon", positional: 1...1,
            options: [
                json, help, address, scenarioDir, viewport, policy, seed, prefetch, flag("realtime", "follow the daemon's clock"),
            ],
            exclusive: []),
        CommandSpec(
            name: "advance", summary: "run a simulation further in virtual time", positional: 2...2,
            options: [json, help, address],
            exclusive: []),
        CommandSpec(
            name: "perform", summary: "give a simulation one input", positional: 2...2, options: [json, help, address],
            exclusive: []),
        CommandSpec(name: "close", summary: "close a simulation", positional: 1...1, options: [help, address], exclusive: []),
        CommandSpec(
            name: "run", summary: "simulate a scenario's script", positional: 1...1,
            options: compute + [
                option("seconds", .number(0...86_400), "seconds of virtual time (default 20)"), viewport,
                flag("all-viewports", "run on 375x667, 390x844 and 430x932"), policy, seed, prefetch,
            ], exclusive: [["local", "address"], ["viewport", "all-viewports"]]),
        CommandSpec(
            name: "profile", summary: "compare the policies on several viewports", positional: 1...1,
            options: compute + [
                option("seconds", .number(0.1...86_400), "seconds of virtual time (default 30)"),
                option("policies", .choices(["uikit", "uikit14", "targeted"]), "the policies to compare"),
                option("viewports", .viewports, "the viewports, e.g. 375x667,390x844"), seed, prefetch,
                option("budget", .file, "fail (exit 3) when a count goes over this budget file"),
            ], exclusive: [["local", "address"]]),
        CommandSpec(
            name: "render", summary: "an SVG picture of the layout and a timeline", positional: 1...1,
            options: compute + [
                option("time", .number(0...3_600), "when to draw, in seconds"), viewport, policy, seed, output,
                option("crop", .choice(["viewport", "content"]), "draw the content around the viewport, or all of it"),
            ],
            exclusive: [["local", "address"]]),
        CommandSpec(
            name: "trace", summary: "the run as a Chrome/Perfetto trace", positional: 1...1,
            options: [help, local, address, scenarioDir, option("seconds", .number(0...3_600), "seconds of virtual time")]
                + [viewport, policy, seed, prefetch, output],
            exclusive: [["local", "address"]]),
        CommandSpec(
            name: "layout", summary: "frames of every section, cell and header", positional: 1...1,
            options: [
                json, help, local, scenarioDir, viewport, flag("all", "every element, not the first ones"),
                option("limit", .integer(1...Int(Int32.max)), "how many elements to list"),
            ], exclusive: [["all", "limit"]]),
        CommandSpec(
            name: "validate", summary: "check a scenario file", positional: 1...1, options: compute,
            exclusive: [["local", "address"]]),
        CommandSpec(
            name: "scenarios", summary: "list the shipped scenarios", positional: 0...0, options: [json, help, scenarioDir],
            exclusive: []),
        CommandSpec(
            name: "completion", summary: "shell completions for bash, zsh or fish", positional: 1...1, options: [help],
            exclusive: []),
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// Short forms of the common options.
    static let shortForms: [Character: String] = ["h": "help", "j": "json", "o": "output", "s": "seconds", "p": "policy"]
}
