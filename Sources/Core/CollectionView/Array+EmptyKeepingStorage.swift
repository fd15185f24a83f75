extension Array {
    /// Empties the array and keeps its storage, for the short lists a frame refills (a few
    /// supplementaries, the rows that moved). Taking the elements off the end skips
    /// `removeAll(keepingCapacity: true)`'s general `replaceSubrange` path, which costs more for a
    /// short list; for long lists that path is the better one.
    ///
    /// ScrollMotions (ScrollSimulation) writes the same loop out: called across modules on lists
    /// of its generic tuple types, this method would not be specialised.
    mutating func emptyKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
