/// A command line that cannot be used: the message, and the command whose usage goes with it.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    /// The command whose usage goes with the message (nil: the program's global usage).
    public var command: String?
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
    public var description: String { message }
}
