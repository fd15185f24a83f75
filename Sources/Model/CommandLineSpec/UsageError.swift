/// A command line that cannot be used: the message, and the command whose usage goes with it.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String
    /// The command whose usage goes with the message (nil: the program's global usage).
    package var command: String?
    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
    package var description: String { message }
}
