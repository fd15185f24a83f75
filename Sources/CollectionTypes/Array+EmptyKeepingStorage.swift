extension Array {
    /// Empties the array and keeps its storage, for the short lists a frame refills (a motion or
    /// two, a few supplementaries). Taking the elements off the end costs a fraction of
    /// `removeAll(keepingCapacity: true)`, whose general `replaceSubrange` path was most of
    /// stepping a frame's motions (callgrind); for long lists that path is the better one.
    @inlinable
    public mutating func emptyKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
