/// What a command line accepts: its positional arguments, flags and options with the kind of value
/// each takes. The one definition both programs' parsers check their command lines against
/// (`Arguments`: unknown options, values of the wrong kind, too many arguments, exclusive options),
/// and their help, manual pages and shell completions are written from: each of scrollsimctl's
/// commands is one, and scrollsimd's whole command line is one.
package struct CommandSpec: Sendable {
    /// The kind of value an option takes, checked when the command line is read.
    package enum Value: Equatable, Sendable {
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
        /// A comma-separated list of whole numbers in a range (`--seeds 0,1,2`).
        case integers(ClosedRange<Int>)
        /// `K/N`, 1 ≤ K ≤ N: one shard of N.
        case shard
    }

    package struct Option: Sendable {
        package let name: String
        package let value: Value?
        package let help: String
        /// What the value is called in usages (`--time T`); by default named after its kind.
        package var placeholder: String? = nil
        /// A flag: no value.
        package var isFlag: Bool { value == nil }

        /// The value's name in usages and man pages.
        package var valueName: String {
            if let placeholder { return placeholder }
            switch value {
            case .number?, .integer?: return "N"
            case .choice(let words)?: return words.joined(separator: "|")
            case .choices(let words)?: return words.joined(separator: ",")
            case .viewport?: return "WxH"
            case .viewports?: return "WxH,WxH"
            case .file?: return "FILE"
            case .directory?: return "DIR"
            case .address?: return "unix:PATH"
            case .integers?: return "N,N"
            case .shard?: return "K/N"
            case nil: return ""
            }
        }
    }

    package let name: String
    package let summary: String
    /// The positional arguments as the usage writes them (`ID SECONDS`, `[ID]`).
    package let arguments: String
    /// How many positional arguments, and what they are called in the usage.
    package let positional: ClosedRange<Int>
    package let options: [Option]
    /// Options that cannot be given together.
    package let exclusive: [[String]]
    /// One-letter forms of options (`-h` for `--help`).
    package let shortForms: [Character: String]

    package init(
        name: String, summary: String, arguments: String, positional: ClosedRange<Int>, options: [Option],
        exclusive: [[String]], shortForms: [Character: String] = [:]
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.positional = positional
        self.options = options
        self.exclusive = exclusive
        self.shortForms = shortForms
    }

    package func option(_ name: String) -> Option? { options.first { $0.name == name } }

    package static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }
    package static func option(_ name: String, _ value: Value, _ help: String, placeholder: String? = nil) -> Option {
        Option(name: name, value: value, help: help, placeholder: placeholder)
    }

    /// `-s` when the option has a short form.
    package func shortName(of option: Option) -> String? { Self.shortName(of: option, in: shortForms) }

    /// `-s` when `shortForms` give the option one.
    package static func shortName(of option: Option, in shortForms: [Character: String]) -> String? {
        shortForms.first { $0.value == option.name }.map { "-\($0.key)" }
    }

    /// `-s, --seconds N` when there is a short form, else `--seconds N`.
    package func longForm(of option: Option) -> String {
        shortName(of: option).map { "\($0), \(option.synopsis)" } ?? option.synopsis
    }
}

extension CommandSpec.Option {
    /// `--seconds N`, `--json`.
    package var synopsis: String { isFlag ? "--\(name)" : "--\(name) \(valueName)" }
}
