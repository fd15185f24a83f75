import Spelling

/// A parsed command line, checked against its command's `CommandSpec`: positional arguments,
/// `--option value` / `--option=value` / `-o value`, and flags. Unknown options, values of the
/// wrong kind, too many or too few arguments and exclusive options are usage errors that name the
/// command (so its own usage is printed) and suggest the nearest option.
package struct Arguments: Sendable {
    package var positional: [String] = []
    package var options: [String: String] = [:]
    package var flags: Set<String> = []

    package init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") || Self.isNumber(argument) {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            let name: String
            let inline: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inline = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                    inline = nil
                }
            } else {
                guard argument.count == 2, let long = spec.shortForms[argument.last!] else {
                    throw UsageError("unknown option \(argument)", command: spec.name)
                }
                name = long
                inline = nil
            }
            guard let option = spec.option(name) else {
                let suggestion = nearestName(name, among: spec.options.map(\.name)).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError("\(spec.name) has no option --\(name)\(suggestion)", command: spec.name)
            }
            if option.isFlag {
                guard inline == nil else { throw UsageError("--\(name) takes no value", command: spec.name) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                // The next word is the value unless it is an option itself (`--socket --no-state`);
                // such a value is written `--name=--value`.
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("--\(name) needs a value", command: spec.name)
                }
                value = arguments[index]
                index += 1
            }
            guard options[name] == nil else { throw UsageError("--\(name) is given twice", command: spec.name) }
            try Self.check(value, of: option, command: spec.name)
            options[name] = value
        }
        guard !flags.contains("help") else { return }
        guard spec.positional.contains(positional.count) else {
            let expected =
                spec.positional.lowerBound == spec.positional.upperBound
                ? "\(spec.positional.lowerBound)" : "\(spec.positional.lowerBound) to \(spec.positional.upperBound)"
            let extra =
                positional.count > spec.positional.upperBound ? ": unexpected '\(positional[spec.positional.upperBound])'" : ""
            throw UsageError(
                "\(spec.name) takes \(expected) argument\(spec.positional.upperBound == 1 ? "" : "s"), not \(positional.count)\(extra)",
                command: spec.name)
        }
        for group in spec.exclusive {
            let given = group.filter { flags.contains($0) || options[$0] != nil }
            if given.count > 1 {
                throw UsageError(
                    "--\(given[0]) and --\(given[1]) cannot be given together", command: spec.name)
            }
        }
    }

    // Values the parser has already checked against their option's kind and range.
    package func number(_ name: String) -> Double? { options[name].flatMap(Double.init) }
    package func integer(_ name: String) -> Int? { options[name].flatMap(Int.init) }
    package func size(_ name: String) -> (width: Double, height: Double)? { options[name].flatMap(Self.viewport) }

    /// `-3000` is a value, not an option.
    package static func isNumber(_ text: String) -> Bool { text.count > 1 && Double(text) != nil }

    /// Checks an option's value against its kind, with a message that says what is expected.
    static func check(_ value: String, of option: CommandSpec.Option, command: String) throws(UsageError) {
        func fail(_ expected: String) -> UsageError {
            UsageError("--\(option.name) expects \(expected), not '\(value)'", command: command)
        }
        switch option.value {
        case .number(let range)?:
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                throw fail("a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))")
            }
        case .integer(let range)?:
            guard let number = Int(value), range.contains(number) else {
                throw fail("a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
        case .choice(let words)?:
            guard words.contains(value) else { throw fail("one of \(words.joined(separator: ", "))") }
        case .choices(let words)?:
            let given = value.split(separator: ",").map(String.init)
            guard !given.isEmpty, given.allSatisfy(words.contains) else {
                throw fail("a comma-separated list of \(words.joined(separator: ", "))")
            }
        case .viewport?:
            guard viewport(value) != nil else { throw fail("WxH, e.g. 390x844") }
        case .viewports?:
            let sizes = value.split(separator: ",").map(String.init)
            guard !sizes.isEmpty, sizes.allSatisfy({ viewport($0) != nil }) else { throw fail("viewports, e.g. 375x667,390x844") }
        case .address?:
            guard value.hasPrefix("unix:"), value.count > 5 else { throw fail("unix:PATH") }
        case .integers(let range)?:
            let numbers = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !numbers.isEmpty, numbers.allSatisfy({ $0.map(range.contains) == true }) else {
                throw fail("whole numbers from \(range.lowerBound) to \(range.upperBound) separated by commas, e.g. 0,1,2")
            }
        case .shard?:
            let parts = value.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
                throw fail("K/N with 1 ≤ K ≤ N, e.g. 2/4")
            }
        case .file?, .directory?, nil:
            break
        }
    }

    /// `WxH` or `W×H` (the form scrollsimctl prints), each side 1 to 100,000 points.
    package static func viewport(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.lowercased().split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            (1...100_000).contains(width), (1...100_000).contains(height)
        else { return nil }
        return (width, height)
    }

    static func formatNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

}
