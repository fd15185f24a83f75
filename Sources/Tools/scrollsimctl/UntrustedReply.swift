import JSONModel

/// What a server sent, made safe to compute with and to print: the client trusts nothing that
/// comes over the socket. Numbers are clamped to what any count or time could be (a forged 1e300
/// count would otherwise trap in an integer conversion), and control characters in strings are
/// shown as escapes (a forged error text could otherwise move the cursor, clear the screen or set
/// the terminal's title).
enum UntrustedReply {
    /// Beyond any real count or number of seconds (31 million years).
    static let numberBound = 1e15

    static func tame(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number): .number(Swift.min(Swift.max(number, -numberBound), numberBound))
        case .string(let text): .string(printable(text))
        case .array(let items): .array(items.map(tame))
        case .object(let fields): .object(tame(fields))
        default: value
        }
    }

    static func tame(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        Dictionary(fields.map { (printable($0.key), tame($0.value)) }, uniquingKeysWith: { first, _ in first })
    }

    /// `text` with its control characters (C0 but newline and tab, DEL, C1) as `\u{…}` escapes.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
