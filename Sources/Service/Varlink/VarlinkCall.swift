import Foundation
import JSONModel

/// A method call (varlink.org "Method Call"; UAPI.20 "Call").
package struct VarlinkCall: Sendable, Hashable {
    /// The fully qualified method, e.g. `io.scrollsim.Simulator.GetCounts`.
    package var method: String {
        didSet { (interface, member) = Self.split(method) }
    }
    /// The interface part (`io.scrollsim.Simulator`), split once: every call is routed by it.
    package private(set) var interface: String
    /// The member part (`GetCounts`).
    package private(set) var member: String
    /// Absent, `null` and `{}` are the same (UAPI.20).
    package var parameters: [String: JSONValue]
    /// No reply at all, not even an error.
    package var oneway: Bool
    /// The caller accepts several replies.
    package var more: Bool
    package var upgrade: Bool

    package init(
        method: String, parameters: [String: JSONValue] = [:], oneway: Bool = false, more: Bool = false, upgrade: Bool = false
    ) {
        self.method = method
        (interface, member) = Self.split(method)
        self.parameters = parameters
        self.oneway = oneway
        self.more = more
        self.upgrade = upgrade
    }

    // Equality and hashing leave out `interface` and `member`: they are the method's parts, and
    // comparing them again cost a polled call two string comparisons (`VarlinkService` compares
    // every call with the last valid one).
    package static func == (lhs: VarlinkCall, rhs: VarlinkCall) -> Bool {
        lhs.oneway == rhs.oneway && lhs.more == rhs.more && lhs.upgrade == rhs.upgrade && lhs.method == rhs.method
            && lhs.parameters == rhs.parameters
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(parameters)
        hasher.combine(oneway)
        hasher.combine(more)
        hasher.combine(upgrade)
    }

    static func split(_ method: String) -> (String, String) {
        guard let dot = method.utf8.lastIndex(of: UInt8(ascii: ".")) else { return ("", method) }
        return (String(method[..<dot]), String(method[method.utf8.index(after: dot)...]))
    }

    /// A fully qualified method name as Varlink spells them: at least three dot-separated parts,
    /// none empty, the member starting with an uppercase letter (A–Z). Checked on the bytes, with
    /// no allocation: every call passes here.
    static func isValidMethodName(_ method: String) -> Bool {
        var parts = 0
        var length = 0
        var memberStart: UInt8 = 0
        for byte in method.utf8 {
            if byte == UInt8(ascii: ".") {
                guard length > 0 else { return false }
                parts += 1
                length = 0
            } else {
                if length == 0 { memberStart = byte }
                length += 1
            }
        }
        guard length > 0 else { return false }
        return parts + 1 >= 3 && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(memberStart)
    }

    /// Parses one framed message.
    package static func parse(_ data: Data) -> Result<VarlinkCall, VarlinkProtocolError> {
        switch JSONValue.parse(data) {
        case .failure(let error):
            if let key = error.duplicateKey { return .failure(.duplicateKey(key)) }
            return .failure(.notJSON(error.message))
        case .success(let value): return parse(value)
        }
    }

    /// Validates the call header strictly: the conditions UAPI.20 answers by closing.
    package static func parse(_ value: JSONValue) -> Result<VarlinkCall, VarlinkProtocolError> {
        guard let fields = value.objectValue else { return .failure(.notAnObject) }
        guard case .string(let method)? = fields["method"] else { return .failure(.missingMethod) }
        guard isValidMethodName(method) else { return .failure(.invalidMethodName(method)) }
        var call = VarlinkCall(method: method)
        for (key, field) in fields {
            switch key {
            case "method":
                continue
            case "parameters":
                switch field {
                case .null: break
                case .object(let parameters): call.parameters = parameters
                default: return .failure(.invalidParameters)
                }
            case "oneway", "more", "upgrade":
                guard case .bool(let flag) = field else { return .failure(.invalidFlag(key)) }
                if key == "oneway" { call.oneway = flag } else if key == "more" { call.more = flag } else { call.upgrade = flag }
            default:
                guard key.contains(".") else { return .failure(.unknownHeaderKey(key)) }  // vendor extension, ignored
            }
        }
        guard [call.oneway, call.more, call.upgrade].filter({ $0 }).count <= 1 else { return .failure(.conflictingFlags) }
        return .success(call)
    }
}
