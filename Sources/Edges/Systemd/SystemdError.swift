/// A libsystemd call failed; `code` is the negative errno it returned.
package struct SystemdError: Error, Sendable, Hashable, CustomStringConvertible {
    package var function: String
    package var code: Int32

    package init(_ function: String, _ code: Int32) {
        self.function = function
        self.code = code
    }

    package var description: String { "\(function) failed: errno \(-code)" }
}
