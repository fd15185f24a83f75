import CollectionView
import CompositionalLayout

extension CollectionView {
    /// The snapping model of an orthogonal section at its current size (UIKit model 4.2); nil when
    /// the section is not an orthogonal row.
    /// - Parameter velocityThreshold: the paging threshold in pt/ms (P2.1, A9 [B]).
    public func snapTarget(forSection section: SectionID, velocityThreshold: Double) -> SnapTarget? {
        guard let s = sectionIndex(of: section), let description = layout.sectionDescription(s),
            description.orthogonalScrollingBehavior.isOrthogonal, let group = layout.groupPitch(ofSection: s),
            let range = orthogonalOffsetRange(of: section)
        else { return nil }
        let main = layout.configuration.scrollDirection
        let items = layout.numberOfItems(inSection: s)
        let perGroup = Swift.max(1, layout.itemsPerGroup(inSection: s))
        return SnapTarget(
            behavior: description.orthogonalScrollingBehavior, viewportLength: context.size.length(along: main.other),
            pitch: group.pitch, groupLength: group.groupLength, leadingInset: description.contentInsets.start(along: main.other),
            groupCount: (items + perGroup - 1) / perGroup, offsetRange: range, velocityThreshold: velocityThreshold)
    }
}
