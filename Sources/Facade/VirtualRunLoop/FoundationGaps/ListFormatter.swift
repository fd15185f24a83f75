import Foundation

/// Joins items as a list in English ("A, B, and C"; Foundation's `ListFormatter`, which Linux's
/// Foundation lacks).
open class ListFormatter: Formatter, @unchecked Sendable {
    // Unchecked: a formatter is configured once and then only read, as on Apple platforms.
    open var locale: Locale = .current

    open class func localizedString(byJoining strings: [String]) -> String { ListFormatter().joined(strings) }

    open func string(from items: [Any]) -> String? { joined(items.map { "\($0)" }) }

    open override func string(for obj: Any?) -> String? { (obj as? [Any]).flatMap(string(from:)) }

    private func joined(_ strings: [String]) -> String {
        switch strings.count {
        case 0: return ""
        case 1: return strings[0]
        case 2: return "\(strings[0]) and \(strings[1])"
        default: return strings.dropLast().joined(separator: ", ") + ", and " + strings.last!
        }
    }
}
