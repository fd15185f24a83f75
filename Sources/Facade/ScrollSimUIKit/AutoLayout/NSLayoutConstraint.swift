import Foundation

/// A layout constraint (UIKit's `NSLayoutConstraint`): `firstItem.firstAttribute` relates to
/// `secondItem.secondAttribute × multiplier + constant`. Active constraints are solved when a view
/// is asked for its fitting size (`systemLayoutSizeFitting`, AL1–AL7), which is how self-sizing
/// cells measure themselves.
@preconcurrency @MainActor
public final class NSLayoutConstraint {
    /// An axis (UIKit's `NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable { case horizontal = 0, vertical }

    /// What a constraint relates (UIKit's `NSLayoutConstraint.Attribute`).
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin
        case leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// How the two sides compare (UIKit's `NSLayoutConstraint.Relation`).
    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    public var constant: CGFloat
    public var priority = UILayoutPriority.required
    public var identifier: String?
    public var shouldBeArchived = false
    /// The order constraints were made in, which settles ties between equal priorities (AL2).
    let serial: Int
    private static var made = 0
    private static func nextSerial() -> Int {
        made += 1
        return made
    }

    /// Whether the constraint takes part in layout; activating it attaches it to the views it
    /// names, so their fitting sizes see it.
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            for view in attachedViews {
                if isActive {
                    view.attachedConstraints.append(self)
                } else {
                    view.attachedConstraints.removeAll { $0 === self }
                }
            }
        }
    }

    /// The format a visual-format constraint was made from; such constraints are stored but not
    /// solved (AL6).
    public private(set) var visualFormat: String?

    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        serial = Self.nextSerial()
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
    }

    /// A constraint between two anchors (`secondItem` nil for a dimension against a constant).
    init(
        _ first: (AnyObject, Attribute), _ relation: Relation, _ second: (AnyObject, Attribute)?, multiplier: CGFloat = 1,
        constant: CGFloat
    ) {
        serial = Self.nextSerial()
        firstItem = first.0
        firstAttribute = first.1
        self.relation = relation
        secondItem = second?.0
        secondAttribute = second?.1 ?? .notAnAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    private init(visualFormat: String) {
        serial = Self.nextSerial()
        firstAttribute = .notAnAttribute
        relation = .equal
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
        self.visualFormat = visualFormat
    }

    /// The views this constraint is kept on while active: its items, or a guide's owning view.
    private var attachedViews: [UIView] {
        [firstItem, secondItem].compactMap { item in
            (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
        }
    }

    public static func activate(_ constraints: [NSLayoutConstraint]) { constraints.forEach { $0.isActive = true } }
    public static func deactivate(_ constraints: [NSLayoutConstraint]) { constraints.forEach { $0.isActive = false } }

    /// Options of visual-format constraints (UIKit's `NSLayoutConstraint.FormatOptions`).
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let directionLeadingToTrailing = FormatOptions([])
    }

    /// Constraints from a visual format string (`"H:|-[label]-|"`): one per format, kept on the
    /// views it names and not solved; a fitting size that meets one says so (AL6).
    public static func constraints(
        withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?, views: [String: Any]
    ) -> [NSLayoutConstraint] {
        let constraint = NSLayoutConstraint(visualFormat: format)
        constraint.firstItem = views.values.lazy.compactMap { $0 as? UIView }.first
        return [constraint]
    }
}
