import Foundation

/// What a fitting pass found for a view.
struct FittingSolution {
    /// The view's size: each axis as its constraints give it, else as near the target as the
    /// axis's fitting priority asks.
    var size: CGSize
    /// Whether the view's constraints, not the target, gave each axis its length.
    var widthDetermined: Bool
    var heightDetermined: Bool
    /// Required constraints that could not hold together with the others, described.
    var conflicts: [String]
    /// Visual-format constraints met in the hierarchy and left out (AL6).
    var visualFormats: Int
    /// The number of views and guides when there were too many to solve (the size is the target).
    var tooLarge: Int? = nil
}

/// Solves a view's constraints for its fitting size (AL1–AL7): every active constraint among the
/// view, its descendants and their guides, the views' intrinsic sizes held at their hugging and
/// compression priorities, stack views' arrangements and the autoresizing constraints of views
/// that translate their frames, horizontally first so that text wraps at the width found.
@MainActor
struct FittingSolver {
    private let root: UIView
    /// Views and layout guides, in the order their variables are numbered.
    private var items: [AnyObject] = []
    private var index: [ObjectIdentifier: Int] = [:]
    private var constraints: [NSLayoutConstraint] = []
    private var visualFormats = 0
    /// Rounds that read centres and ratios at the previous round's sizes, at most.
    private static let rounds = 4

    init(root: UIView) {
        self.root = root
        var stack = [root]
        if let content = Self.pinnedContent(of: root) { stack.append(content) }
        while let view = stack.popLast() {
            guard add(view) else { continue }
            stack.append(contentsOf: view.subviews)
        }
        var seen = Set<ObjectIdentifier>()
        for case let view as UIView in items {
            for guide in view.layoutGuides { add(guide) }
            for constraint in view.attachedConstraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                if constraint.visualFormat != nil {
                    visualFormats += 1
                    continue
                }
                constraints.append(constraint)
            }
        }
        // Between equal priorities the constraint made first wins (AL2).
        constraints.sort { $0.serial < $1.serial }
        // Guides enter when a constraint names them; a constraint naming a view outside the
        // hierarchy is left out.
        constraints = constraints.filter { constraint in
            [constraint.firstItem, constraint.secondItem].allSatisfy { item in
                guard let item else { return true }
                if let guide = item as? UILayoutGuide {
                    if guide.owningView.map({ index[ObjectIdentifier($0)] != nil }) ?? true { add(guide) }
                    return index[ObjectIdentifier(guide)] != nil
                }
                return index[ObjectIdentifier(item)] != nil
            }
        }
    }

    /// A cell's content view, which follows the cell's bounds whatever its frame (AL4).
    private static func pinnedContent(of view: UIView) -> UIView? {
        (view as? UICollectionViewCell)?.contentView ?? (view as? UITableViewCell)?.contentView
    }

    @discardableResult
    private mutating func add(_ item: AnyObject) -> Bool {
        let id = ObjectIdentifier(item)
        guard index[id] == nil else { return false }
        index[id] = items.count
        items.append(item)
        return true
    }

    /// The most views and guides one fitting solves: a bound costs the square of their number,
    /// so a hierarchy beyond this keeps the target size and says so rather than stall.
    static let maxItems = 200

    func solve(target: CGSize, priorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority)) -> FittingSolution {
        guard items.count <= Self.maxItems else {
            return FittingSolution(
                size: target, widthDetermined: false, heightDetermined: false, conflicts: [], visualFormats: visualFormats,
                tooLarge: items.count)
        }
        let horizontal = solve(.horizontal, target: Double(target.width), priority: priorities.horizontal, across: nil)
        let views = items.indices.compactMap { item in (items[item] as? UIView).map { ($0, item) } }
        for (view, item) in views { view.fittingWidth = horizontal.sizes[item].map { CGFloat($0) } }
        defer { for (view, _) in views { view.fittingWidth = nil } }
        let vertical = solve(.vertical, target: Double(target.height), priority: priorities.vertical, across: horizontal.sizes)
        return FittingSolution(
            size: CGSize(width: horizontal.length, height: vertical.length), widthDetermined: horizontal.determined,
            heightDetermined: vertical.determined, conflicts: horizontal.conflicts + vertical.conflicts,
            visualFormats: visualFormats)
    }

    // MARK: One axis

    private typealias Axis = NSLayoutConstraint.Axis

    /// A bound `lower ≤ x[j] − x[i] ≤ upper` at a priority.
    private struct Bound {
        var j: Int
        var i: Int
        var lower: Double
        var upper: Double
        var priority: Float
        /// Read at the previous round's sizes: left out quietly when it cannot hold.
        var provisional = false
        /// The view's own fitting bound, whose room says whether the constraints set the length.
        var fitting = false
        /// The intrinsic length this bound keeps, if it keeps one.
        var intrinsic: Double?
        /// The constraint it states, by its place in `constraints`.
        var source: Int?
    }

    private struct AxisSolution {
        var sizes: [Double?]
        var length: Double
        var determined: Bool
        var conflicts: [String]
    }

    private func minimum(_ item: Int) -> Int { 1 + 2 * item }
    private func maximum(_ item: Int) -> Int { 2 + 2 * item }

    private func solve(_ axis: Axis, target: Double, priority: UILayoutPriority, across: [Double?]?) -> AxisSolution {
        var sizes = [Double?](repeating: nil, count: items.count)
        var positions = [Double?](repeating: nil, count: 1 + 2 * items.count)
        var solution = AxisSolution(sizes: sizes, length: target, determined: false, conflicts: [])
        for _ in 0..<Self.rounds {
            var estimated = false
            var bounds = implicitBounds(axis, target: target, priority: priority, sizes: sizes, estimated: &estimated)
            for source in constraints.indices {
                if let bound = bound(
                    for: source, axis, sizes: sizes, positions: positions, across: across, estimated: &estimated)
                {
                    bounds.append(bound)
                }
            }
            // Higher priorities first; among equals, constraints in the order they were made, then
            // intrinsic sizes, the smallest first, so that an icon keeps its size and a long
            // label gives way (AL2 [B]).
            let ordered = bounds.enumerated().sorted { first, second in
                let (a, b) = (first.element, second.element)
                if a.priority != b.priority { return a.priority > b.priority }
                if (a.intrinsic == nil) != (b.intrinsic == nil) { return a.intrinsic == nil }
                if let x = a.intrinsic, let y = b.intrinsic, x != y { return x < y }
                return first.offset < second.offset
            }
            var system = DifferenceSystem(count: 1 + 2 * items.count)
            solution.conflicts = []
            // A bound with a constant that is not a number cannot hold anywhere: left out.
            for (_, bound) in ordered
            where !bound.lower.isNaN && !bound.upper.isNaN && bound.lower < .infinity
                && bound.upper > -.infinity
            {
                if bound.fitting {
                    let room = system.range(bound.j, minus: bound.i)
                    solution.determined = priority == .required || room.lower > 0 || room.upper < .infinity
                }
                let required = bound.priority >= UILayoutPriority.required.rawValue
                let held = system.impose(
                    bound.j, minus: bound.i, lower: bound.lower, upper: bound.upper, required: required && !bound.provisional)
                if !held, required, !bound.provisional, let source = bound.source {
                    solution.conflicts.append(describe(constraints[source]))
                }
            }
            positions = (0..<positions.count).map { system.value($0) }
            let found = items.indices.map { item -> Double? in
                guard let low = positions[minimum(item)], let high = positions[maximum(item)] else { return nil }
                return high - low
            }
            let settled = zip(found, sizes).allSatisfy { new, old in
                switch (new, old) {
                case (nil, nil): true
                case (let new?, let old?): abs(new - old) < 0.001
                default: false
                }
            }
            sizes = found
            solution.sizes = found
            solution.length = found[0] ?? target
            if !estimated || settled { break }
        }
        return solution
    }

    /// The bounds no constraint states: the view's origin and fitting length, content views and
    /// guides following their views, intrinsic sizes, autoresizing and stack arrangements.
    private func implicitBounds(
        _ axis: Axis, target: Double, priority: UILayoutPriority, sizes: [Double?], estimated: inout Bool
    ) -> [Bound] {
        let required = UILayoutPriority.required.rawValue
        var bounds = [
            Bound(j: minimum(0), i: 0, lower: 0, upper: 0, priority: required),
            Bound(j: maximum(0), i: minimum(0), lower: target, upper: target, priority: priority.rawValue, fitting: true),
        ]
        func equal(_ j: Int, _ i: Int, _ offset: Double) {
            bounds.append(Bound(j: j, i: i, lower: offset, upper: offset, priority: required))
        }
        let content = Self.pinnedContent(of: root).flatMap { index[ObjectIdentifier($0)] }
        for (item, object) in items.enumerated() {
            if let guide = object as? UILayoutGuide {
                guard let owner = guide.owningView, let parent = index[ObjectIdentifier(owner)], guide.kind != .free else {
                    continue
                }
                let insets = guide.kind == .safeArea ? (0, 0) : margins(of: owner, axis)
                equal(minimum(item), minimum(parent), insets.0)
                equal(maximum(item), maximum(parent), -insets.1)
                continue
            }
            guard let view = object as? UIView else { continue }
            if item == content {
                equal(minimum(item), minimum(0), 0)
                equal(maximum(item), maximum(0), 0)
            } else if item != 0, view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview,
                let parent = index[ObjectIdentifier(superview)]
            {
                bounds += autoresizing(view, item, in: superview, parent, axis)
            }
            let intrinsic = axis == .horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
            if intrinsic != UIView.noIntrinsicMetric {
                let length = Double(intrinsic)
                bounds.append(
                    Bound(
                        j: maximum(item), i: minimum(item), lower: length, upper: .infinity,
                        priority: view.contentCompressionResistancePriority(for: axis).rawValue, intrinsic: length))
                bounds.append(
                    Bound(
                        j: maximum(item), i: minimum(item), lower: -.infinity, upper: length,
                        priority: view.contentHuggingPriority(for: axis).rawValue, intrinsic: length))
            }
            if let stack = view as? UIStackView {
                bounds += arrangement(of: stack, item, axis, sizes: sizes, estimated: &estimated)
            }
        }
        return bounds
    }

    /// A view's margins on `axis`: leading and trailing, or top and bottom.
    private func margins(of view: UIView, _ axis: Axis) -> (Double, Double) {
        let margins = view.directionalLayoutMargins
        return axis == .horizontal
            ? (Double(margins.leading), Double(margins.trailing)) : (Double(margins.top), Double(margins.bottom))
    }

    /// The constraints a frame-translating view gets from its autoresizing mask: the edges or
    /// length its mask keeps fixed, at its current frame (AL4).
    private func autoresizing(_ view: UIView, _ item: Int, in superview: UIView, _ parent: Int, _ axis: Axis) -> [Bound] {
        let frame = view.frame
        let flexibleLength: UIView.AutoresizingMask = axis == .horizontal ? .flexibleWidth : .flexibleHeight
        let flexibleLead: UIView.AutoresizingMask = axis == .horizontal ? .flexibleLeftMargin : .flexibleTopMargin
        let lead = Double(axis == .horizontal ? frame.minX : frame.minY)
        let length = Double(axis == .horizontal ? frame.width : frame.height)
        let trail = Double(axis == .horizontal ? superview.frame.width : superview.frame.height) - lead - length
        let required = UILayoutPriority.required.rawValue
        var bounds: [Bound] = []
        if view.autoresizingMask.contains(flexibleLength) {
            bounds.append(Bound(j: minimum(item), i: minimum(parent), lower: lead, upper: lead, priority: required))
            bounds.append(Bound(j: maximum(item), i: maximum(parent), lower: -trail, upper: -trail, priority: required))
        } else if view.autoresizingMask.contains(flexibleLead) {
            bounds.append(Bound(j: maximum(item), i: maximum(parent), lower: -trail, upper: -trail, priority: required))
            bounds.append(Bound(j: maximum(item), i: minimum(item), lower: length, upper: length, priority: required))
        } else {
            bounds.append(Bound(j: minimum(item), i: minimum(parent), lower: lead, upper: lead, priority: required))
            bounds.append(Bound(j: maximum(item), i: minimum(item), lower: length, upper: length, priority: required))
        }
        return bounds
    }

    /// A stack view's arrangement (AL5): its visible arranged views one after another along its
    /// axis, `spacing` apart, from edge to edge; across it, as `alignment` places them.
    private func arrangement(
        of stack: UIStackView, _ item: Int, _ axis: Axis, sizes: [Double?], estimated: inout Bool
    ) -> [Bound] {
        let arranged = stack.arrangedSubviews.filter { !$0.isHidden }.compactMap { index[ObjectIdentifier($0)] }
        guard !arranged.isEmpty else { return [] }
        let required = UILayoutPriority.required.rawValue
        let insets = stack.isLayoutMarginsRelativeArrangement ? margins(of: stack, axis) : (0, 0)
        var bounds: [Bound] = []
        func bound(_ j: Int, _ i: Int, _ lower: Double, _ upper: Double, provisional: Bool = false) {
            bounds.append(Bound(j: j, i: i, lower: lower, upper: upper, priority: required, provisional: provisional))
        }
        if axis == stack.axis {
            let spacing = Double(stack.spacing)
            let apart = [.equalSpacing, .equalCentering].contains(stack.distribution)
            bound(minimum(arranged[0]), minimum(item), insets.0, insets.0)
            for (previous, next) in zip(arranged, arranged.dropFirst()) {
                bound(minimum(next), maximum(previous), spacing, apart ? .infinity : spacing)
            }
            bound(maximum(arranged[arranged.count - 1]), maximum(item), -insets.1, -insets.1)
            if stack.distribution == .fillEqually {
                if let length = sizes[item] {
                    let share = (length - insets.0 - insets.1 - spacing * Double(arranged.count - 1)) / Double(arranged.count)
                    for view in arranged { bound(maximum(view), minimum(view), share, share, provisional: true) }
                }
                estimated = true
            }
            return bounds
        }
        // Across, a stack hugs its widest or tallest view just above the fitting priority (51),
        // so a cell's fitting length does not stretch it [B].
        let spanning = UILayoutPriority.fittingSizeLevel.rawValue + 1
        for view in arranged where stack.alignment != .fill {
            bounds.append(Bound(j: maximum(item), i: maximum(view), lower: -.infinity, upper: insets.1, priority: spanning))
            bounds.append(Bound(j: minimum(view), i: minimum(item), lower: -.infinity, upper: insets.0, priority: spanning))
        }
        for view in arranged {
            switch stack.alignment {
            case .fill:
                bound(minimum(view), minimum(item), insets.0, insets.0)
                bound(maximum(view), maximum(item), -insets.1, -insets.1)
            case .leading, .firstBaseline:
                bound(minimum(view), minimum(item), insets.0, insets.0)
                bound(maximum(view), maximum(item), -.infinity, -insets.1)
            case .trailing, .lastBaseline:
                bound(minimum(view), minimum(item), insets.0, .infinity)
                bound(maximum(view), maximum(item), -insets.1, -insets.1)
            case .center:
                bound(minimum(view), minimum(item), insets.0, .infinity)
                bound(maximum(view), maximum(item), -.infinity, -insets.1)
                estimated = true
                if let outer = sizes[item], let inner = sizes[view] {
                    let offset = (outer - inner) / 2
                    bound(minimum(view), minimum(item), offset, offset, provisional: true)
                }
            }
        }
        return bounds
    }

    // MARK: Constraints

    /// Which axis an attribute lies on.
    private static func axis(of attribute: NSLayoutConstraint.Attribute) -> Axis? {
        switch attribute {
        case .notAnAttribute: nil
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins:
            .horizontal
        default: .vertical
        }
    }

    /// One side of a constraint: an edge (a variable plus an offset), a centre, or a length.
    private enum Term {
        case edge(Int, Double)
        case center(Int, Double)
        case length(Int)
    }

    private func term(_ item: Int, _ attribute: NSLayoutConstraint.Attribute) -> Term {
        let view = items[item] as? UIView
        let insets = view.map { margins(of: $0, Self.axis(of: attribute) ?? .vertical) } ?? (0, 0)
        switch attribute {
        case .left, .leading, .top: return .edge(minimum(item), 0)
        case .right, .trailing, .bottom, .notAnAttribute: return .edge(maximum(item), 0)
        case .leftMargin, .leadingMargin, .topMargin: return .edge(minimum(item), insets.0)
        case .rightMargin, .trailingMargin, .bottomMargin: return .edge(maximum(item), -insets.1)
        case .width, .height: return .length(item)
        case .centerX, .centerY: return .center(item, 0)
        case .centerXWithinMargins, .centerYWithinMargins: return .center(item, (insets.0 - insets.1) / 2)
        case .firstBaseline:
            // A label's first baseline sits an ascender below its top; other views' at their bottom.
            guard let label = view as? UILabel else { return .edge(maximum(item), 0) }
            return .edge(minimum(item), Double(label.font.ascender))
        case .lastBaseline:
            guard let label = view as? UILabel else { return .edge(maximum(item), 0) }
            return .edge(maximum(item), Double(label.font.descender))
        }
    }

    /// A term as an edge, reading a centre at the previous round's length of its item.
    private func edge(_ term: Term, sizes: [Double?], estimated: inout Bool) -> (Int, Double)? {
        switch term {
        case .edge(let variable, let offset): return (variable, offset)
        case .center(let item, let offset):
            estimated = true
            return sizes[item].map { (minimum(item), $0 / 2 + offset) }
        case .length: return nil
        }
    }

    private func bound(
        for source: Int, _ axis: Axis, sizes: [Double?], positions: [Double?], across: [Double?]?,
        estimated: inout Bool
    ) -> Bound? {
        let constraint = constraints[source]
        guard Self.axis(of: constraint.firstAttribute) == axis, let firstItem = constraint.firstItem,
            let first = index[ObjectIdentifier(firstItem)]
        else { return nil }
        let constant = Double(constraint.constant)
        let multiplier = Double(constraint.multiplier)
        func make(_ j: Int, _ i: Int, _ value: Double, provisional: Bool = false) -> Bound {
            let (lower, upper): (Double, Double) =
                switch constraint.relation {
                case .equal: (value, value)
                case .greaterThanOrEqual: (value, .infinity)
                case .lessThanOrEqual: (-.infinity, value)
                }
            return Bound(
                j: j, i: i, lower: lower, upper: upper, priority: constraint.priority.rawValue, provisional: provisional,
                source: source)
        }
        let lhs = term(first, constraint.firstAttribute)
        guard let secondItem = constraint.secondItem, let second = index[ObjectIdentifier(secondItem)],
            constraint.secondAttribute != .notAnAttribute
        else {
            guard case .length(let item) = lhs else { return nil }
            return make(maximum(item), minimum(item), constant)
        }
        let rhs = term(second, constraint.secondAttribute)
        switch (lhs, rhs) {
        case (.length(let item), .length(let other)):
            // A ratio across axes reads the other axis's solved length; along one axis, the
            // previous round's (AL2).
            if Self.axis(of: constraint.secondAttribute) != axis {
                guard let length = across?[other] ?? nil else { return nil }
                return make(maximum(item), minimum(item), multiplier * length + constant)
            }
            estimated = true
            guard let length = sizes[other] else { return nil }
            return make(maximum(item), minimum(item), multiplier * length + constant, provisional: true)
        case (.length, _), (_, .length):
            return nil
        default:
            guard let (j, jOffset) = edge(lhs, sizes: sizes, estimated: &estimated),
                let (i, iOffset) = edge(rhs, sizes: sizes, estimated: &estimated)
            else { return nil }
            let provisional = {
                if case .center = lhs { return true } else if case .center = rhs { return true } else { return false }
            }()
            if multiplier == 1 { return make(j, i, constant + iOffset - jOffset, provisional: provisional) }
            estimated = true
            guard let position = positions[i] else { return nil }
            return make(j, 0, multiplier * (position + iOffset) + constant - jOffset, provisional: true)
        }
    }

    /// A constraint as UIKit's log names it: `Label.top == UIView.top + 8`.
    private func describe(_ constraint: NSLayoutConstraint) -> String {
        let name = { (item: AnyObject?) in item.map { String(describing: type(of: $0)) } ?? "" }
        let relation =
            switch constraint.relation {
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            case .lessThanOrEqual: "<="
            }
        var text = "\(name(constraint.firstItem)).\(constraint.firstAttribute) \(relation)"
        if constraint.secondItem != nil {
            text += " \(name(constraint.secondItem)).\(constraint.secondAttribute)"
            if constraint.multiplier != 1 { text += " × \(constraint.multiplier)" }
            if constraint.constant != 0 { text += " \(constraint.constant < 0 ? "-" : "+") \(abs(constraint.constant))" }
        } else {
            text += " \(constraint.constant)"
        }
        return text
    }
}
