import Foundation

/// An anchor that makes constraints (UIKit's `NSLayoutAnchor`): an item (a view or a layout
/// guide) and one of its attributes.
@preconcurrency @MainActor
public class NSLayoutAnchor<AnchorType: AnyObject> {
    let item: AnyObject
    let attribute: NSLayoutConstraint.Attribute

    init(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func relating(
        _ relation: NSLayoutConstraint.Relation, to anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
        constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            (item, attribute), relation, anchor.map { ($0.item, $0.attribute) }, multiplier: multiplier, constant: constant)
    }

    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relating(.equal, to: anchor, constant: c)
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint
    {
        relating(.greaterThanOrEqual, to: anchor, constant: c)
    }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relating(.lessThanOrEqual, to: anchor, constant: c)
    }
}

/// The standard spacing `equalToSystemSpacing…` stands for (AL5 [B]).
let systemSpacing: CGFloat = 8

@preconcurrency @MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        relating(.equal, to: anchor, constant: systemSpacing * multiplier)
    }
    public func constraint(
        greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        relating(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

@preconcurrency @MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        relating(.equal, to: anchor, constant: systemSpacing * multiplier)
    }
    public func constraint(
        greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        relating(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

@preconcurrency @MainActor
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { relating(.equal, to: nil, constant: c) }
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        relating(.greaterThanOrEqual, to: nil, constant: c)
    }
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        relating(.lessThanOrEqual, to: nil, constant: c)
    }
    public func constraint(
        equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        relating(.equal, to: anchor, multiplier: m, constant: c)
    }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        relating(.equal, to: anchor, multiplier: m, constant: 0)
    }
    public func constraint(
        greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        relating(.greaterThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
    public func constraint(
        lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        relating(.lessThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
}

/// A rectangle for constraints (UIKit's `UILayoutGuide`). A view's margins, safe-area and
/// readable-content guides follow its edges (AL4); a guide an app adds is placed by its own
/// constraints.
@preconcurrency @MainActor
public final class UILayoutGuide: LayoutAnchorItem {
    /// Which edges a guide follows.
    enum Kind { case free, margins, safeArea, readableContent }

    let kind: Kind
    public internal(set) weak var owningView: UIView?
    public var identifier = ""

    public init() { kind = .free }

    init(_ kind: Kind, of view: UIView) {
        self.kind = kind
        owningView = view
    }
}
