/// A section and an item index (the two-index form of Foundation's `IndexPath`).
public struct ItemPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int

    @inlinable
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    /// One combine of both indices: index paths are hashed for every visible cell on every frame.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(truncatingIfNeeded: section) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: item))
    }

    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension ItemPath: CustomStringConvertible {
    public var description: String { "[\(section), \(item)]" }
}
