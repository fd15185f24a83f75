/// A reply that does not have the shape the interface declares.
package struct ReplyError: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
