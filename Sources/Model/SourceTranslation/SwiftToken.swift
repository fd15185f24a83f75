/// A token of Swift source, as far as the translation needs to tell them apart: it never parses
/// Swift, it only has to find attributes, `#` keywords, braces and names outside comments and
/// string literals.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        /// A name or keyword (`class`, `refresh`, `` `default` ``), or a number.
        case word
        /// `@name`: an attribute (the range covers the `@` and the name).
        case attribute
        /// `#name`: a compiler directive or macro (`#selector`, `#if`, `#sourceLocation`).
        case pound
        /// A string literal of any form, interpolations included.
        case string
        /// A comment, line or block.
        case comment
        /// Spaces and tabs.
        case space
        /// A line break.
        case newline
        /// Any other character: punctuation, operators.
        case symbol
    }

    var kind: Kind
    /// The token's bytes in the file's UTF-8.
    var range: Range<Int>
}

extension SwiftToken {
    /// Whether the token separates others without meaning anything (spaces, comments, lines).
    var isTrivia: Bool { kind == .space || kind == .comment || kind == .newline }
}
