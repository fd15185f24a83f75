import Foundation

/// A log message with its interpolated values and their privacy (`OSLogMessage`).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    /// The message as a device's log shows it: private values as `<private>`.
    public let rendered: String

    init(rendered: String) { self.rendered = rendered }

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: OSLogInterpolation) { rendered = stringInterpolation.text }
}

/// How an interpolated value may show (`OSLogPrivacy`): dynamic strings and objects are private
/// by default, numbers and booleans public, as on a device.
public struct OSLogPrivacy: Equatable, Sendable {
    enum Kind: Sendable { case automatic, visible, hidden, hashed }
    let kind: Kind

    public static let auto = OSLogPrivacy(kind: .automatic)
    public static let `public` = OSLogPrivacy(kind: .visible)
    public static let `private` = OSLogPrivacy(kind: .hidden)
    public static let sensitive = OSLogPrivacy(kind: .hidden)

    public struct Mask: Equatable, Sendable {
        let hashes: Bool
        public static let hash = Mask(hashes: true)
        public static let none = Mask(hashes: false)
    }

    public static func auto(mask: Mask) -> OSLogPrivacy { mask.hashes ? OSLogPrivacy(kind: .hashed) : .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { mask.hashes ? OSLogPrivacy(kind: .hashed) : .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { mask.hashes ? OSLogPrivacy(kind: .hashed) : .sensitive }

    func shows(_ text: String, publicByDefault: Bool) -> String {
        switch kind {
        case .visible: text
        case .automatic: publicByDefault ? text : "<private>"
        case .hidden: "<private>"
        case .hashed: "<mask.hash: '\(String(UInt32(truncatingIfNeeded: text.hashValue), radix: 16))'>"
        }
    }
}

/// Column alignment of a value (`OSLogStringAlignment`).
public struct OSLogStringAlignment: Sendable {
    let columns: Int
    let left: Bool
    public static let none = OSLogStringAlignment(columns: 0, left: false)
    public static func left(columns: @autoclosure () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns(), left: true)
    }
    public static func right(columns: @autoclosure () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns(), left: false)
    }

    func apply(_ text: String) -> String {
        guard text.count < columns else { return text }
        let padding = String(repeating: " ", count: columns - text.count)
        return left ? text + padding : padding + text
    }
}

/// How an integer shows (`OSLogIntegerFormatting`).
public struct OSLogIntegerFormatting: Sendable {
    let radix: Int
    let prefix: Bool
    let uppercase: Bool
    let minDigits: Int
    public static let decimal = OSLogIntegerFormatting(radix: 10, prefix: false, uppercase: false, minDigits: 0)
    public static let hex = OSLogIntegerFormatting(radix: 16, prefix: false, uppercase: false, minDigits: 0)
    public static let octal = OSLogIntegerFormatting(radix: 8, prefix: false, uppercase: false, minDigits: 0)
    public static func decimal(
        explicitPositiveSign: Bool = false, minDigits: @autoclosure () -> Int = 0
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 10, prefix: false, uppercase: false, minDigits: minDigits())
    }
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure () -> Int = 0
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 16, prefix: includePrefix, uppercase: uppercase, minDigits: minDigits())
    }

    func text<T: BinaryInteger>(_ value: T) -> String {
        var digits = String(value.magnitude, radix: radix, uppercase: uppercase)
        if digits.count < minDigits { digits = String(repeating: "0", count: minDigits - digits.count) + digits }
        let sign = value < 0 ? "-" : ""
        return sign + (prefix ? (radix == 16 ? "0x" : "0") : "") + digits
    }
}

/// How a floating-point number shows (`OSLogFloatFormatting`).
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    let exponential: Bool
    public static let fixed = OSLogFloatFormatting(precision: 6, exponential: false)
    public static let hybrid = OSLogFloatFormatting(precision: nil, exponential: false)
    public static let exponential = OSLogFloatFormatting(precision: 6, exponential: true)
    public static func fixed(precision: @autoclosure () -> Int, explicitPositiveSign: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(precision: precision(), exponential: false)
    }

    func text(_ value: Double) -> String {
        guard let precision else { return "\(value)" }
        return String(format: exponential ? "%.\(precision)e" : "%.\(precision)f", value)
    }
}

/// How a Boolean shows (`OSLogBoolFormat`).
public enum OSLogBoolFormat: Sendable { case truth, answer }

/// The interpolations a log message accepts, with Apple's labels.
public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

    public mutating func appendLiteral(_ literal: String) { text += literal }

    public mutating func appendInterpolation<T: BinaryInteger>(
        _ number: @autoclosure () -> T, format: OSLogIntegerFormatting = .decimal, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows(format.text(number()), publicByDefault: true))
    }

    public mutating func appendInterpolation(
        _ number: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows(format.text(number()), publicByDefault: true))
    }

    public mutating func appendInterpolation(
        _ number: @autoclosure () -> Float, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows(format.text(Double(number())), publicByDefault: true))
    }

    public mutating func appendInterpolation(
        _ boolean: @autoclosure () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto
    ) {
        let value = boolean()
        let shown = format == .truth ? (value ? "true" : "false") : (value ? "YES" : "NO")
        text += privacy.shows(shown, publicByDefault: true)
    }

    public mutating func appendInterpolation(
        _ string: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows(string(), publicByDefault: false))
    }

    // Disfavoured: numbers, Booleans and strings match it too and take their own overloads above.
    @_disfavoredOverload
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows(value().description, publicByDefault: false))
    }

    public mutating func appendInterpolation(
        _ value: @autoclosure () -> any Error, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.apply(privacy.shows("\(value())", publicByDefault: false))
    }

    public mutating func appendInterpolation(_ type: @autoclosure () -> Any.Type, privacy: OSLogPrivacy = .auto) {
        text += privacy.shows("\(type())", publicByDefault: false)
    }
}
