/// Splits Swift source into `SwiftToken`s: comments (nested block comments too), string literals
/// (escapes, interpolations that nest other strings, multi-line and raw strings), attributes,
/// `#` keywords, words and symbols. Bytes it does not understand become symbols, so any input
/// is split without failing.
struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The tokens of `source`, covering every byte in order.
    /// - Complexity: O(n) in the source's length.
    static func tokens(of source: [UInt8]) -> [SwiftToken] {
        var lexer = SwiftLexer(source)
        var tokens: [SwiftToken] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    private mutating func next() -> SwiftToken? {
        guard index < bytes.count else { return nil }
        let start = index
        let byte = bytes[index]
        let kind: SwiftToken.Kind
        switch byte {
        case 0x20, 0x09:
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            kind = .space
        case 0x0A:
            index += 1
            kind = .newline
        case 0x0D:
            index += 1
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            kind = .newline
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            kind = .comment
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
            kind = .comment
        case UInt8(ascii: "\""):
            skipString(hashes: 0)
            kind = .string
        case UInt8(ascii: "#") where isRawStringStart():
            var hashes = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            skipString(hashes: hashes)
            kind = .string
        case UInt8(ascii: "#") where peek(1).map(Self.isWordByte) == true:
            index += 1
            skipWord()
            kind = .pound
        case UInt8(ascii: "@") where peek(1).map(Self.isWordByte) == true:
            index += 1
            skipWord()
            kind = .attribute
        case UInt8(ascii: "`"):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 0x0A { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
            kind = .word
        case _ where Self.isWordByte(byte):
            skipWord()
            kind = .word
        default:
            index += 1
            kind = .symbol
        }
        return SwiftToken(kind: kind, range: start..<index)
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            return true
        default:
            return byte >= 0x80
        }
    }

    private mutating func skipWord() {
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
    }

    /// `#"`, `##"`…: a raw string's opening.
    private func isRawStringStart() -> Bool {
        var cursor = index
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
        return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
    }

    private mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        }
    }

    /// Skips a string literal whose opening quote is at `index` (after `hashes` `#`s): `"…"` or
    /// `"""…"""`, ending at the matching quote followed by as many `#`s.
    private mutating func skipString(hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    skipInterpolation()
                } else {
                    index += 1  // the escaped character
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }), hashesFollow(at: index + quotes, count: hashes) {
                    index += quotes + hashes
                    return
                }
            }
            if !multiline, byte == 0x0A { return }  // an unterminated line: stop at its end
            index += 1
        }
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == UInt8(ascii: "#") }
    }

    /// Skips `(…)` of an interpolation, with the strings and parentheses nested in it.
    private mutating func skipInterpolation() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
            case UInt8(ascii: "#") where isRawStringStart():
                var hashes = 0
                while bytes[index] == UInt8(ascii: "#") {
                    hashes += 1
                    index += 1
                }
                skipString(hashes: hashes)
            default:
                index += 1
            }
        }
    }
}
