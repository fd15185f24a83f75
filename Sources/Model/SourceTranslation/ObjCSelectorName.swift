/// The Objective-C name Swift gives a method (`refresh(_:)` → `refresh:`, `load(page:)` →
/// `loadWithPage:`, `tableView(_:didSelectRowAt:)` → `tableView:didSelectRowAt:`), from the name
/// `#selector` was written with. Without argument labels the arity is unknown and the base name
/// stands alone.
enum ObjCSelectorName {
    /// - Parameter reference: a method reference as written, `refresh`, `refresh(_:)`,
    ///   `Feed.load(page:)`; a qualifier is ignored.
    static func of(_ reference: String) -> String {
        let (base, labels) = split(reference)
        guard let labels, let first = labels.first else { return base }
        var name = base
        name += first == "_" ? ":" : "With" + capitalized(first) + ":"
        for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
        return name
    }

    /// The base name (after the last qualifier) and the argument labels, if written.
    static func split(_ reference: String) -> (base: String, labels: [String]?) {
        let trimmed = reference.filter { !$0.isWhitespace }
        let open = trimmed.firstIndex(of: "(")
        let path = open.map { String(trimmed[..<$0]) } ?? trimmed
        let base = path.split(separator: ".").last.map(String.init) ?? path
        guard let open, trimmed.hasSuffix(")") else { return (base, nil) }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let labels = inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        return (base, labels)
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
