/// A section and an item index (the two-index form of Foundation's `IndexPath`).
public struct IndexPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int

    @inlinable
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension IndexPath: CustomStringConvertible {
    public var description: String { "[\(section), \(item)]" }
}
