import CollectionView
import JSONModel
import Scenario

/// A section's counts, as the interface's `SectionCounts` type says.
package struct SectionCounts: Sendable, Hashable {
    package var section: String
    package var counts: Counts

    package init(section: String, counts: Counts) {
        self.section = section
        self.counts = counts
    }

    var json: JSONValue { .object(["section": .string(section), "counts": .object(counts.jsonFields)]) }
}
