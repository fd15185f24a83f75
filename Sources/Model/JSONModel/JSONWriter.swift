/// JSON text with sorted keys (stable output for files, logs and tests): compact for replies and
/// files, or indented for people (`pretty`: two spaces a level, `"key" : value`, as the command
/// line has always printed). Hand-written for the same reason as `JSONParser`: every reply is
/// written by it.
struct JSONWriter {
    var bytes: [UInt8] = []
    var pretty = false
    private var depth = 0

    init(pretty: Bool = false) { self.pretty = pretty }

    mutating func write(_ value: JSONValue) {
        if pretty { return writeIndented(value) }
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                write(fields[key]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeIndented(_ value: JSONValue) {
        switch value {
        case .array(let elements):
            writeContainer("[", "]", count: elements.count) { writer, i in writer.writeIndented(elements[i]) }
        case .object(let fields):
            let keys = fields.keys.sorted()
            writeContainer("{", "}", count: keys.count) { writer, i in
                writer.writeString(keys[i])
                writer.bytes.append(contentsOf: " : ".utf8)
                writer.writeIndented(fields[keys[i]]!)
            }
        case .number(let number) where number == 0 && number.sign == .minus:
            bytes.append(contentsOf: "-0".utf8)  // as Foundation wrote it (the compact form says 0)
        case .null, .bool, .number, .string:
            pretty = false
            write(value)
            pretty = true
        }
    }

    /// An array or object: each element on a line of its own, one level deeper; an empty one
    /// with an empty line inside.
    private mutating func writeContainer(
        _ open: Character, _ close: Character, count: Int, element: (inout JSONWriter, Int) -> Void
    ) {
        bytes.append(contentsOf: String(open).utf8)
        if count == 0 { bytes.append(UInt8(ascii: "\n")) }
        depth += 1
        for i in 0..<count {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            element(&self, i)
        }
        depth -= 1
        newline()
        bytes.append(contentsOf: String(close).utf8)
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Integers exactly (up to 2^53), others in Swift's shortest round-trip form; NaN and the
    /// infinities, which JSON cannot carry, as null.
    mutating func writeNumber(_ number: Double) {
        guard number.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(.towardZero) && Swift.abs(number) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(number)).utf8)
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Copy runs that need no escaping in one go; escape the rest byte by byte.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                appendEscaped(byte)
                runStart = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                hex[Int(byte & 0xF)],
            ])
        }
    }
}
