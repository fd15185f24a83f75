/// Which insets of the collection view the layout container subtracts (UIKit's
/// `UIContentInsetsReference`, UIKit model G1.1.2).
public enum ContentInsetsReference: String, Sendable, Hashable, CaseIterable {
    /// A section's automatic reference defers to the configuration's.
    case automatic
    case none
    case safeArea
    case layoutMargins
    /// Modelled as the layout margins: readable-width metrics depend on fonts, which a headless
    /// layout does not have [B].
    case readableContent
}
