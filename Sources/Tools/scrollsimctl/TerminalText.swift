extension String {
    /// The text with its control characters (C0 but tab, DEL, C1) shown as `\u{…}` escapes: what
    /// a server sends (simulation names, section ids, warnings) is printed for a person, and must
    /// not move their cursor, retitle their terminal or hide what follows.
    var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
