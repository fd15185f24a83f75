/// A parsed command line: positional arguments and `--flag[=value]` options.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Options that take a value (`--viewport 390x844` or `--viewport=390x844`).
    static let valued: Set<String> = [
        "viewport", "scenario-dir", "limit", "seconds", "policy", "seed", "address", "interval", "policies", "viewports",
        "budget", "time", "output", "prefetch",
    ]

    init(_ arguments: [String]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                options[String(body[..<equals])] = String(body[body.index(after: equals)...])
            } else if Self.valued.contains(String(body)) {
                guard index < arguments.count else { throw UsageError("--\(body) needs a value") }
                options[String(body)] = arguments[index]
                index += 1
            } else {
                flags.insert(String(body))
            }
        }
    }

    /// Fails on options the command does not know.
    func check(allowedFlags: Set<String>, allowedOptions: Set<String>) throws(UsageError) {
        if let unknown = flags.subtracting(allowedFlags).sorted().first { throw UsageError("unknown option --\(unknown)") }
        if let unknown = Set(options.keys).subtracting(allowedOptions).sorted().first {
            throw UsageError("unknown option --\(unknown)")
        }
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
