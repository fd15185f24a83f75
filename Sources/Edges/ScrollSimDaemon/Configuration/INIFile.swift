/// A systemd-style INI file (`systemd.syntax(7)`): `[Section]` headers, `Key=Value` assignments,
/// `#` and `;` comment lines, a trailing backslash continuing a line. Assignments keep their
/// order; a key may repeat (list settings append, and an empty value resets the list).
package struct INIFile: Sendable, Hashable {
    package struct Assignment: Sendable, Hashable {
        package var section: String
        package var key: String
        package var value: String
        /// Where it was set, for messages: `file:line`.
        package var origin: String
    }

    package var assignments: [Assignment] = []

    package init() {}

    /// Parses `text`; `name` is the file name used in error messages.
    /// - Throws: `ConfigurationError.syntax` naming the file and line.
    package init(parsing text: String, name: String) throws(ConfigurationError) {
        var section: String?
        var pending = ""
        var pendingLine = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if pending.isEmpty { pendingLine = index + 1 }
            let trimmed = line.trimmingSpaces()
            if pending.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";")) { continue }
            if trimmed.hasSuffix("\\") {
                pending += trimmed.dropLast() + " "
                continue
            }
            let logical = pending + trimmed
            pending = ""
            let origin = "\(name):\(pendingLine)"
            if logical.hasPrefix("[") {
                guard logical.hasSuffix("]"), logical.count > 2 else {
                    throw .syntax(origin: origin, message: "a section header is [Name]")
                }
                section = String(logical.dropFirst().dropLast())
                continue
            }
            guard let equals = logical.firstIndex(of: "=") else {
                throw .syntax(origin: origin, message: "expected Key=Value, found \"\(logical)\"")
            }
            guard let section else { throw .syntax(origin: origin, message: "an assignment before any [Section]") }
            let key = String(logical[..<equals]).trimmingSpaces()
            guard !key.isEmpty else { throw .syntax(origin: origin, message: "an assignment without a key") }
            let value = String(logical[logical.index(after: equals)...]).trimmingSpaces()
            assignments.append(Assignment(section: section, key: key, value: value, origin: origin))
        }
        if !pending.isEmpty { throw .syntax(origin: "\(name):\(pendingLine)", message: "the file ends in a continued line") }
    }
}

extension String {
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
