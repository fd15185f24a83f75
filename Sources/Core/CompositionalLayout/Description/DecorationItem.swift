/// A view the layout puts behind a section (UIKit's `NSCollectionLayoutDecorationItem`; its only
/// public kind is the section background, `background(elementKind:)`).
///
/// Decoration views come from the layout, not the data source: no provider runs for them, the
/// collection view creates or reuses a view of the registered class (UIKit model G1.13).
public struct DecorationItem: Sendable, Hashable {
    /// The element kind the view class is registered for on the layout.
    public var elementKind: String {
        get { kind.name }
        set { kind = ElementKindName(newValue) }
    }
    /// The kind's name by reference, for the attributes made from it (`ElementKindName`).
    var kind: ElementKindName
    /// Insets from the section's frame (G1.13.2).
    public var contentInsets: DirectionalEdgeInsets
    /// The stacking order; 0, the default, is below the section's items (G1.13.4).
    public var zIndex: Int

    public init(elementKind: String, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int = 0) {
        self.kind = ElementKindName(elementKind)
        self.contentInsets = contentInsets
        self.zIndex = zIndex
    }

    /// A background covering its section (G1.13.1).
    public static func background(elementKind: String) -> DecorationItem { DecorationItem(elementKind: elementKind) }
}
