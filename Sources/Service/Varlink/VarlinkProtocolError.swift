/// A message that breaks the protocol itself: the server answers it by closing the connection
/// (UAPI.20 "Call", "Connection Lifecycle"), after logging this reason.
package enum VarlinkProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    case messageTooLarge(limit: Int)
    case notJSON(String)
    case notAnObject
    case missingMethod
    case invalidMethodName(String)
    /// A header flag that is not a boolean.
    case invalidFlag(String)
    /// More than one of `oneway`, `more`, `upgrade`.
    case conflictingFlags
    /// A header key that is neither known nor reverse-domain (`org.example`).
    case unknownHeaderKey(String)
    /// `parameters` that is neither an object nor null.
    case invalidParameters
    /// `upgrade: true` on a method that does not upgrade the connection.
    case upgradeNotSupported(String)
    /// A well-framed message naming a member twice: refused with `InvalidParameter`, the
    /// connection kept (last-wins would let one message say two things).
    case duplicateKey(String)

    package var description: String {
        switch self {
        case .messageTooLarge(let limit): "message larger than \(limit) bytes"
        case .notJSON(let reason): "not JSON: \(reason)"
        case .notAnObject: "a call must be a JSON object"
        case .missingMethod: "a call needs a \"method\" string"
        case .invalidMethodName(let name): "\"\(name)\" is not a qualified method name (interface.Method)"
        case .invalidFlag(let key): "\"\(key)\" must be a boolean"
        case .conflictingFlags: "at most one of oneway, more and upgrade may be true"
        case .unknownHeaderKey(let key): "unknown call key \"\(key)\" (vendor keys are reverse-domain names)"
        case .invalidParameters: "\"parameters\" must be an object or null"
        case .duplicateKey(let key): "the member \"\(key)\" appears twice"
        case .upgradeNotSupported(let method): "\(method) does not upgrade the connection"
        }
    }
}
