/// A libsystemd call failed; `code` is the negative errno it returned.
public struct SystemdError: Error, Sendable, Hashable, CustomStringConvertible {
    public var function: String
    public var code: Int32

    public init(_ function: String, _ code: Int32) {
        self.function = function
        self.code = code
    }

    public var description: String { "\(function) failed: errno \(-code)" }
}
