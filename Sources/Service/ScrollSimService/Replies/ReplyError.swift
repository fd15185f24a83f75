/// A reply that does not have the shape the interface declares.
public struct ReplyError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
