import CompositionalLayout
import Foundation

/// A spacing value (UIKit's `NSCollectionLayoutSpacing`, UIKit model G1.4.4, G1.4.5).
@preconcurrency @MainActor
public final class NSCollectionLayoutSpacing {
    let core: Spacing

    init(_ core: Spacing) { self.core = core }

    /// Exactly `fixedSpacing` points.
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.fixed(Double(fixedSpacing)))
    }
    /// At least `flexibleSpacing` points; leftover space is spread.
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.flexible(Double(flexibleSpacing)))
    }

    public var spacing: CGFloat { CGFloat(core.minimum) }
    public var isFlexibleSpacing: Bool { core.isFlexible }
    public var isFixedSpacing: Bool { !core.isFlexible }
}

/// Space outside an item's slot on each edge (UIKit's `NSCollectionLayoutEdgeSpacing`, G1.3.3).
@preconcurrency @MainActor
public final class NSCollectionLayoutEdgeSpacing {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(
        leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
        bottom: NSCollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    var core: EdgeSpacing {
        EdgeSpacing(leading: leading?.core, top: top?.core, trailing: trailing?.core, bottom: bottom?.core)
    }

    convenience init(_ core: EdgeSpacing) {
        self.init(
            leading: core.leading.map(NSCollectionLayoutSpacing.init), top: core.top.map(NSCollectionLayoutSpacing.init),
            trailing: core.trailing.map(NSCollectionLayoutSpacing.init), bottom: core.bottom.map(NSCollectionLayoutSpacing.init))
    }
}
