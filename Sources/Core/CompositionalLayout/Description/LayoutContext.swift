/// What the collection view tells its layout about itself: bounds size and insets.
///
/// A change of `size` is a bounds-size change (rotation, split view) that invalidates the layout
/// (UIKit model 2.2); a change of the insets changes the environment and invalidates it too.
public struct LayoutContext: Sendable, Hashable {
    /// The collection view's bounds size.
    public var size: Size
    public var safeAreaInsets: DirectionalEdgeInsets
    /// Layout margins, measured from the bounds (they include the safe area).
    public var layoutMargins: DirectionalEdgeInsets
    public var traitCollection: TraitCollection

    public init(
        size: Size, safeAreaInsets: DirectionalEdgeInsets = .zero, layoutMargins: DirectionalEdgeInsets? = nil,
        traitCollection: TraitCollection = TraitCollection()
    ) {
        self.size = size
        self.safeAreaInsets = safeAreaInsets
        // UIKit's default system margins are 16 pt on compact-width iPhones and 20 pt on wider
        // screens, added to the safe area [B]; they matter only for `.layoutMargins` references.
        let side: Double = size.width >= 414 ? 20 : 16
        self.layoutMargins =
            layoutMargins
            ?? DirectionalEdgeInsets(
                top: safeAreaInsets.top + 8, leading: safeAreaInsets.leading + side,
                bottom: safeAreaInsets.bottom + 8, trailing: safeAreaInsets.trailing + side)
        self.traitCollection = traitCollection
    }

    /// The container insets for `reference` in a layout whose main axis is `mainAxis`.
    ///
    /// For a vertical layout only the leading/trailing part applies (G1.1.2 [B]); mirrored for a
    /// horizontal layout.
    public func containerInsets(for reference: ContentInsetsReference, mainAxis: Axis) -> DirectionalEdgeInsets {
        let full: DirectionalEdgeInsets =
            switch reference {
            case .none: .zero
            case .automatic, .safeArea: safeAreaInsets
            case .layoutMargins, .readableContent: layoutMargins
            }
        return full.zeroing(mainAxis)
    }
}
