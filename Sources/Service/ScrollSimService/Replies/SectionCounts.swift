import CollectionView
import JSONModel
import Scenario

/// A section's counts, as the interface's `SectionCounts` type says.
public struct SectionCounts: Sendable, Hashable {
    public var section: String
    public var counts: Counts

    public init(section: String, counts: Counts) {
        self.section = section
        self.counts = counts
    }

    var json: JSONValue { .object(["section": .string(section), "counts": .object(counts.jsonFields)]) }
}
