/// A header or footer placed in its section.
struct PlacedSupplementary: Sendable {
    /// Its position in the section's `boundarySupplementaryItems`.
    let index: Int
    let item: BoundarySupplementaryItem
    /// The natural (unpinned) frame, section-local.
    var frame: Rect
}

/// A class, not a struct: it holds a dozen reference-counted fields, and the per-frame queries
/// that look a section up (`sections[i]`) would copy all of them, a retain and release each. Only
/// its `CompositionalLayout` mutates it.
///
/// The solved geometry of one section, in section-local coordinates: the main axis starts at the
/// section's origin, the cross axis at the collection view's leading edge. Orthogonal items are
/// unscrolled (UIKit model U3).
///
/// Items are not stored: instance k's leaves are the template's leaves shifted by the instance's
/// start, so a uniform section's memory does not grow with its item count.
final class SectionGeometry {
    let index: Int
    let section: LayoutSection
    let mainAxis: Axis
    /// The axis group instances repeat along: the main axis, or the cross axis when orthogonal.
    let runAxis: Axis
    let itemCount: Int
    let groupSize: Size
    let template: GroupSolution
    /// The template's leaves indexed along the run axis, when there are many (LeafIndex).
    let leafIndex: LeafIndex?
    var run: InstanceRun
    /// Re-solved instances that contain measured cells.
    private(set) var measuredInstances: [Int: GroupSolution] = [:]
    /// Measured sizes by item index (G1.10.1).
    private(set) var measuredSizes: [Int: Size] = [:]

    let traits: TraitCollection
    let rules: LayoutRules
    let insets: DirectionalEdgeInsets
    let containerInsets: DirectionalEdgeInsets
    let effectiveSize: Size
    let leadingExtent: Double
    let trailingExtent: Double

    /// Where instance 0 starts, section-local.
    let contentOrigin: Point
    /// The section's length along the main axis (G1.6.3, G1.9.3).
    private(set) var length: Double = 0
    /// For orthogonal sections, the length of the row's content along the cross axis (G1.9.4).
    private(set) var orthogonalContentLength: Double = 0
    private(set) var supplementaries: [PlacedSupplementary] = []
    /// The section's decoration items with their checked insets (G1.13).
    let decorations: [(item: DecorationItem, insets: DirectionalEdgeInsets)]
    /// How far leaves stick out before an instance's start and after its end, along the run axis.
    /// Only grows: a wider search window stays exact because every leaf is tested.
    private(set) var overhang: (before: Double, after: Double) = (0, 0)
    /// The tallest instance across the run axis (an orthogonal row's height, G1.9.3; with
    /// self-sizing, the tallest measured instance [B]).
    private(set) var rowExtent: Double = 0

    var isOrthogonal: Bool { section.orthogonalScrollingBehavior.isOrthogonal }
    var leavesPerInstance: Int { template.leaves.count }

    /// Solves `section` for `itemCount` items.
    ///
    /// - Complexity: O(slots in one group + supplementaries + measured items); independent of the
    ///   item count for sections without measured cells.
    ///
    /// When `previous` (the same section's geometry from the last pass) solved to the same group
    /// with the same item count and spacing, its measured instances and prefix sums are kept, so a
    /// re-query costs O(slots) instead of O(items) for a self-sized section.
    init(
        index: Int, section: LayoutSection, itemCount: Int, context: LayoutContext, configuration: LayoutConfiguration,
        previous: SectionGeometry? = nil
    ) throws(LayoutError) {
        self.index = index
        self.section = section
        self.itemCount = itemCount
        self.traits = context.traitCollection
        self.rules = configuration.rules
        let main = configuration.scrollDirection
        let cross = main.other
        self.mainAxis = main
        self.runAxis = section.orthogonalScrollingBehavior.isOrthogonal ? cross : main

        let reference =
            section.contentInsetsReference == .automatic
            ? configuration.contentInsetsReference : section.contentInsetsReference
        containerInsets = context.containerInsets(for: reference, mainAxis: main)
        effectiveSize = LayoutContainer(contentSize: context.size, contentInsets: containerInsets).effectiveContentSize

        let solver = GroupSolver(section: index, traits: traits, rules: rules)
        let spacing = try solver.checked(section.interGroupSpacing, path: "interGroupSpacing", allowNegative: true)
        insets = try solver.checked(section.contentInsets, in: effectiveSize, path: "contentInsets")
        var decorations: [(item: DecorationItem, insets: DirectionalEdgeInsets)] = []
        for (i, item) in section.decorationItems.enumerated() {
            decorations.append(
                (item, try solver.checked(item.contentInsets, in: effectiveSize, path: "decorationItems[\(i)].contentInsets")))
        }
        self.decorations = decorations

        // G1.2: the top-level group resolves against the section content box.
        let box = Size(
            axis: main, along: effectiveSize.length(along: main) - insets.total(along: main),
            across: effectiveSize.length(along: cross) - insets.total(along: cross))
        groupSize = try solver.resolve(section.group.layoutSize, in: box, path: "group.layoutSize")
        template = try solver.solve(section.group, size: groupSize, path: "group")
        leafIndex = template.leaves.count >= LeafIndex.threshold ? LeafIndex(template.leaves, along: runAxis) : nil

        let instanceCount = itemCount == 0 ? 0 : (itemCount - 1) / template.leaves.count + 1
        let extent = template.size.length(along: runAxis)
        guard extent + spacing >= 0 else {
            throw .invalidValue(section: index, path: "interGroupSpacing", value: spacing)
        }
        run = InstanceRun(count: instanceCount, extent: extent, spacing: spacing)

        // G1.8.2/G1.8.3: top-aligned extending items stack before the top inset, bottom-aligned ones
        // after the bottom inset.
        var leading = 0.0
        var trailing = 0.0
        for item in section.boundarySupplementaryItems where item.extendsBoundary {
            let size = try solver.resolve(item.layoutSize, in: effectiveSize, path: "boundarySupplementaryItems")
            switch item.alignment.side(along: main) {
            case -1: leading += size.length(along: main)
            case 1: trailing += size.length(along: main)
            default: break
            }
        }
        leadingExtent = leading
        trailingExtent = trailing
        contentOrigin = Point(
            axis: main, along: leading + insets.start(along: main),
            across: containerInsets.start(along: cross) + insets.start(along: cross))

        include(template)
        if let previous, previous.template == template, previous.groupSize == groupSize, previous.itemCount == itemCount,
            previous.run.spacing == spacing, previous.runAxis == runAxis, previous.rules == rules, previous.traits == traits
        {
            run = previous.run
            measuredSizes = previous.measuredSizes
            measuredInstances = previous.measuredInstances
            overhang = previous.overhang
            rowExtent = Swift.max(rowExtent, previous.rowExtent)
        } else if let previous {
            for (item, size) in previous.measuredSizes where item < itemCount { measuredSizes[item] = size }
            let instances = Set(measuredSizes.keys.map { $0 / template.leaves.count })
            for k in instances.sorted() { try resolveInstance(k) }
        }
        try updateExtents()
    }

    /// Re-solves instance `k` with the measured sizes of its leaves.
    func resolveInstance(_ k: Int) throws(LayoutError) {
        let n = template.leaves.count
        var measured: [Int: Size] = [:]
        for j in 0..<n { if let size = measuredSizes[k * n + j] { measured[j] = size } }
        let solution: GroupSolution
        if measured.isEmpty {
            solution = template
            measuredInstances[k] = nil
        } else {
            solution = try GroupSolver(section: index, traits: traits, rules: rules, measured: measured)
                .solve(section.group, size: groupSize, path: "group")
            measuredInstances[k] = solution
        }
        include(solution)
        run.setExtent(solution.size.length(along: runAxis), of: k)
    }

    /// Widens the overhang and the row extent to cover `solution`.
    private func include(_ solution: GroupSolution) {
        let span = solution.leafExtent(along: runAxis)
        overhang.before = Swift.max(overhang.before, -span.min)
        overhang.after = Swift.max(overhang.after, span.max - solution.size.length(along: runAxis))
        rowExtent = Swift.max(rowExtent, solution.size.length(along: mainAxis))
    }

    /// Records a measured size for `item` (G1.10.1). Returns whether any frame changed.
    func setMeasuredSize(_ size: Size, forItem item: Int) throws(LayoutError) -> Bool {
        guard item >= 0, item < itemCount else { throw .indexPathOutOfRange(ItemPath(item: item, section: index)) }
        guard measuredSizes[item] != size else { return false }
        let k = item / template.leaves.count
        let before = measuredInstances[k] ?? template
        measuredSizes[item] = size
        try resolveInstance(k)
        guard (measuredInstances[k] ?? template) != before else { return false }
        try updateExtents()
        return true
    }

    /// Recomputes the section length, the orthogonal content length and the supplementary frames
    /// after the instances changed.
    private func updateExtents() throws(LayoutError) {
        let main = mainAxis
        let cross = main.other
        let contentLength: Double
        if itemCount == 0 {
            contentLength = 0
        } else if isOrthogonal {
            contentLength = rowExtent  // G1.9.3: one row, whatever the item count
        } else {
            contentLength = run.length  // G1.6.3
        }
        if itemCount == 0 && !rules.emptySectionKeepsInsets {
            length = 0  // G1.6.4, the IBP reading
        } else {
            length = leadingExtent + insets.total(along: main) + contentLength + trailingExtent
        }
        if isOrthogonal {
            // G1.9.4: C = leading inset + groups and spacing + trailing inset.
            orthogonalContentLength =
                rules.orthogonalContentIncludesInsets
                ? contentOrigin.value(along: cross) + run.length + insets.end(along: cross)
                    + containerInsets.end(along: cross)
                : run.length
        }
        try placeSupplementaries()
    }

    /// Places the section's headers and footers (G1.8.1 to G1.8.3, G1.8.5).
    private func placeSupplementaries() throws(LayoutError) {
        let main = mainAxis
        let cross = main.other
        let solver = GroupSolver(section: index, traits: traits, rules: rules)
        let follows = section.supplementariesFollowContentInsets
        let crossStart = containerInsets.start(along: cross) + (follows ? insets.start(along: cross) : 0)
        let crossLength = effectiveSize.length(along: cross) - (follows ? insets.total(along: cross) : 0)
        let parent = Size(axis: main, along: effectiveSize.length(along: main), across: crossLength)

        var placed: [PlacedSupplementary] = []
        var leadingCursor = 0.0
        var trailingCursor = length - trailingExtent
        for (i, item) in section.boundarySupplementaryItems.enumerated() {
            let size = try solver.resolve(item.layoutSize, in: parent, path: "boundarySupplementaryItems[\(i)].layoutSize")
            let itemLength = size.length(along: main)
            let along: Double
            switch (item.alignment.side(along: main), item.extendsBoundary) {
            case (1, true):
                along = trailingCursor
                trailingCursor += itemLength
            case (1, false):
                along = length - itemLength  // overlays the content's end [B]
            case (-1, true):
                along = leadingCursor
                leadingCursor += itemLength
            default:
                along = 0  // overlays the section's start; leading/trailing in a vertical layout [B]
            }
            let across: Double
            switch item.alignment.side(along: cross) {
            case -1: across = crossStart
            case 1: across = crossStart + crossLength - size.length(along: cross)
            default: across = crossStart + (crossLength - size.length(along: cross)) / 2
            }
            let insets = try solver.checked(item.contentInsets, in: size, path: "boundarySupplementaryItems[\(i)].contentInsets")
            let frame = Rect(
                axis: main, along: along, across: across, alongLength: itemLength, acrossLength: size.length(along: cross)
            )
            .offsetBy(dx: item.absoluteOffset.x, dy: item.absoluteOffset.y)
            .inset(by: insets)
            placed.append(PlacedSupplementary(index: i, item: item, frame: frame))
        }
        supplementaries = placed
    }

    /// The frame of decoration item `i`, section-local: the section's whole length (headers and
    /// footers included) along the main axis and its container's content box across, less the
    /// item's insets (G1.13.1, G1.13.2). In an orthogonal section it does not scroll with the row
    /// (G1.13.3).
    func decorationFrame(_ i: Int) -> Rect {
        let cross = mainAxis.other
        let box = Rect(
            axis: mainAxis, along: 0, across: containerInsets.start(along: cross), alongLength: length,
            acrossLength: effectiveSize.length(along: cross))
        let framed = box.inset(by: decorations[i].insets)
        // Insets larger than the section leave an empty frame at the inset position, not a
        // negative size.
        return Rect(
            origin: framed.origin, size: Size(width: Swift.max(0, framed.size.width), height: Swift.max(0, framed.size.height)))
    }
}
