/// The box a layout or a group resolves against (UIKit's `NSCollectionLayoutContainer`).
public struct LayoutContainer: Sendable, Hashable {
    /// The full size (the collection view's bounds size for the layout, G1.1.1).
    public var contentSize: Size
    /// Insets subtracted to get the effective size (G1.1.2).
    public var contentInsets: DirectionalEdgeInsets

    public init(contentSize: Size, contentInsets: DirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    /// `contentSize` minus `contentInsets` (G1.1.1).
    public var effectiveContentSize: Size {
        Size(
            width: contentSize.width - contentInsets.leading - contentInsets.trailing,
            height: contentSize.height - contentInsets.top - contentInsets.bottom)
    }
}

/// The traits a section provider may read (a small part of `UITraitCollection`).
public struct TraitCollection: Sendable, Hashable {
    public enum SizeClass: String, Sendable, Hashable { case compact, regular }

    public var displayScale: Double
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass

    public init(displayScale: Double = 3, horizontalSizeClass: SizeClass = .compact, verticalSizeClass: SizeClass = .regular) {
        self.displayScale = displayScale
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }
}

/// What the section provider receives with each section index (UIKit's
/// `NSCollectionLayoutEnvironment`, G1.1.1 and G1.1.4).
public struct LayoutEnvironment: Sendable, Hashable {
    public var container: LayoutContainer
    public var traitCollection: TraitCollection

    public init(container: LayoutContainer, traitCollection: TraitCollection = TraitCollection()) {
        self.container = container
        self.traitCollection = traitCollection
    }
}
