/// Layout-wide settings (UIKit's `UICollectionViewCompositionalLayoutConfiguration`) plus the
/// switches for rules UIKit model tags [B].
///
/// A value type: a configuration that is built but never assigned to a layout has no effect, as in
/// UIKit; assigning one invalidates the layout (UIKit model 2.2, R9).
public struct LayoutConfiguration: Sendable {
    /// The main axis; sections stack along it (U2).
    public var scrollDirection: Axis
    /// The gap between consecutive sections, not before the first or after the last (G1.7.1 [B]).
    public var interSectionSpacing: Double
    /// Layout-wide headers and footers, before section 0 and after the last section (G1.7.4 [B]).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    /// The default container reference (G1.1.2). UIKit's default was not confirmed; with zero side
    /// insets it makes no difference [B].
    public var contentInsetsReference: ContentInsetsReference
    /// Whether a self-sizing measurement that changes a size re-runs the section provider for
    /// every section (reported by one third party, UIKit model 2.2 and G1.10.3 [O]). Default true.
    public var selfSizingRequeriesProvider: Bool
    /// Rules that UIKit model marks as our best reading, as switches.
    public var rules: LayoutRules

    public init(
        scrollDirection: Axis = .vertical, interSectionSpacing: Double = 0,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
        contentInsetsReference: ContentInsetsReference = .safeArea, selfSizingRequeriesProvider: Bool = true,
        rules: LayoutRules = LayoutRules()
    ) {
        self.scrollDirection = scrollDirection
        self.interSectionSpacing = interSectionSpacing
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.contentInsetsReference = contentInsetsReference
        self.selfSizingRequeriesProvider = selfSizingRequeriesProvider
        self.rules = rules
    }
}

/// Switches for the [B] geometry rules of UIKit model, each defaulting to our best reading.
public struct LayoutRules: Sendable, Hashable {
    /// G1.1.3 / A14: read item, group and section insets below 1 as fractions. Default false.
    public var fractionalInsetsBelowOne: Bool
    /// G1.6.4 / A15: an empty section keeps its insets and supplementaries (true, default) or
    /// collapses to zero length as the IBP re-implementation does (false).
    public var emptySectionKeepsInsets: Bool
    /// G1.7.1 / A7: add `interSectionSpacing` after the last section too (IBP). Default false.
    public var spacingAfterLastSection: Bool
    /// G1.9.4 / A3: the orthogonal content length includes the section's leading and trailing
    /// insets. Default true.
    public var orthogonalContentIncludesInsets: Bool
    /// G1.4.2: compare slot fit after `floor`, as IBP does. Default true.
    public var floorWhenFitting: Bool

    public init(
        fractionalInsetsBelowOne: Bool = false, emptySectionKeepsInsets: Bool = true,
        spacingAfterLastSection: Bool = false, orthogonalContentIncludesInsets: Bool = true,
        floorWhenFitting: Bool = true
    ) {
        self.fractionalInsetsBelowOne = fractionalInsetsBelowOne
        self.emptySectionKeepsInsets = emptySectionKeepsInsets
        self.spacingAfterLastSection = spacingAfterLastSection
        self.orthogonalContentIncludesInsets = orthogonalContentIncludesInsets
        self.floorWhenFitting = floorWhenFitting
    }
}
