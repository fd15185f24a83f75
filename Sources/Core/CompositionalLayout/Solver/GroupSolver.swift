/// Lays out one group instance: a pure function of the description, the proposed size and the
/// measured sizes of its self-sizing leaves (UIKit model 1.3 to 1.5).
struct GroupSolver {
    /// A safety bound: no real group holds this many slots, and a runaway fill loop (items of
    /// near-zero width) must end with an error instead of exhausting memory.
    static let maxSlotsPerGroup = 10_000

    let section: Int
    let traits: TraitCollection
    let rules: LayoutRules
    /// Measured sizes of self-sizing leaves, by leaf ordinal within the instance (G1.10.1).
    let measured: [Int: Size]

    init(section: Int, traits: TraitCollection, rules: LayoutRules, measured: [Int: Size] = [:]) {
        self.section = section
        self.traits = traits
        self.rules = rules
        self.measured = measured
    }

    /// Solves `group` given its slot size `size` (already resolved against its parent box).
    func solve(_ group: LayoutGroup, size: Size, path: String) throws(LayoutError) -> GroupSolution {
        var leafBase = 0
        var attached: [[ItemSupplementaryItem]] = []
        var solution = try solve(group, size: size, path: path, leafBase: &leafBase, attached: &attached)
        solution.supplementaries = try placeItemSupplementaries(attached, leaves: solution.leaves, path: path)
        return solution
    }

    /// Item supplementaries anchored to their leaves' final frames; sizes resolve against the
    /// leaf's frame (G1.2 "item supplementary").
    private func placeItemSupplementaries(
        _ attached: [[ItemSupplementaryItem]], leaves: [Rect], path: String
    ) throws(LayoutError) -> [PlacedItemSupplementary] {
        var placed: [PlacedItemSupplementary] = []
        for (leaf, items) in zip(0..., attached) where !items.isEmpty {
            for (i, item) in items.enumerated() {
                let size = try resolve(
                    item.layoutSize, in: leaves[leaf].size, path: "\(path).supplementaryItems[\(i)].layoutSize")
                _ = try checked(
                    item.containerAnchor.offset.x, path: "\(path).supplementaryItems[\(i)].offset", allowNegative: true)
                _ = try checked(
                    item.containerAnchor.offset.y, path: "\(path).supplementaryItems[\(i)].offset", allowNegative: true)
                placed.append(
                    PlacedItemSupplementary(leaf: leaf, item: item, frame: item.containerAnchor.frame(of: size, in: leaves[leaf]))
                )
            }
        }
        return placed
    }

    /// `attached` collects each leaf's item supplementaries in leaf order (the order `content`
    /// runs in, which is the order leaves come out in).
    private func solve(
        _ group: LayoutGroup, size: Size, path: String, leafBase: inout Int, attached: inout [[ItemSupplementaryItem]]
    ) throws(LayoutError) -> GroupSolution {
        let estimatedAxes = Axis.allCases.filter { group.layoutSize.dimension(along: $0).isEstimated }
        var insets = try checked(group.contentInsets, in: size, path: "\(path).contentInsets")
        for axis in estimatedAxes { insets = insets.zeroing(axis) }  // G1.3.2
        let box = Rect(origin: .zero, size: size).inset(by: insets)

        var leaves: [Rect]
        switch group.arrangement {
        case .custom(let provider):
            let environment = LayoutEnvironment(container: LayoutContainer(contentSize: box.size), traitCollection: traits)
            let items = provider(environment)
            guard !items.isEmpty else { throw .emptyGroup(section: section, path: path) }
            leaves = items.map { $0.frame.offsetBy(dx: box.minX, dy: box.minY) }
            leafBase += items.count
            attached += Array(repeating: [], count: items.count)
        case .horizontal:
            leaves = try placeSlots(of: group, along: .horizontal, in: box, path: path, leafBase: &leafBase, attached: &attached)
        case .vertical:
            leaves = try placeSlots(of: group, along: .vertical, in: box, path: path, leafBase: &leafBase, attached: &attached)
        }

        // On an estimated axis the group takes the extent of its content (G1.10.2).
        var finalSize = size
        if !estimatedAxes.isEmpty, let first = leaves.first {
            let bounds = leaves.dropFirst().reduce(first) { $0.union($1) }
            for axis in estimatedAxes {
                finalSize = finalSize.with(Swift.max(0, bounds.max(along: axis)), along: axis)
            }
        }
        return GroupSolution(size: finalSize, leaves: leaves)
    }

    /// One placed slot before the final positions are known.
    private struct Slot {
        var size: Size
        var leaves: [Rect]
        var edges: EdgeSpacing
    }

    /// The slot loop of G1.4.2 with the count rules of G1.5 and the spacing rules of G1.3.4,
    /// G1.3.5, G1.4.4 and G1.4.5. Returns leaf frames relative to the group origin.
    private func placeSlots(
        of group: LayoutGroup, along axis: Axis, in box: Rect, path: String, leafBase: inout Int,
        attached: inout [[ItemSupplementaryItem]]
    ) throws(LayoutError) -> [Rect] {
        guard !group.subitems.isEmpty else { throw .emptyGroup(section: section, path: path) }
        let boxLength = box.size.length(along: axis)
        let gap = try checked(group.interItemSpacing?.minimum ?? 0, path: "\(path).interItemSpacing", allowNegative: true)

        let limit: Int
        switch group.repetition {
        case .fill:
            limit = Self.maxSlotsPerGroup
        case .count(let n), .repeating(let n):
            guard n >= 1 else { throw .invalidCount(section: section, path: path, count: n) }
            guard n <= Self.maxSlotsPerGroup else {
                throw .tooManySlots(section: section, path: path, limit: Self.maxSlotsPerGroup)
            }
            limit = n
        }

        var slots: [Slot] = []
        // The fit test uses estimates only, so that measuring a cell moves slots but never changes
        // how many items an instance holds (keeps instances periodic) [B].
        var cursor = 0.0
        var cycleStart = 0.0
        var index = 0
        while slots.count < limit {
            let position = index % group.subitems.count
            let subitem = group.subitems[position]
            let subpath = "\(path).subitems[\(position)]"
            let edges = subitem.edgeSpacing ?? EdgeSpacing()
            let lead = try checked(fittingLength(edges.start(along: axis)), path: "\(subpath).edgeSpacing")
            let trail = try checked(fittingLength(edges.end(along: axis)), path: "\(subpath).edgeSpacing")
            var proposed = try resolve(subitem.layoutSize, in: box.size, path: "\(subpath).layoutSize")
            if case .count(let n) = group.repetition {
                // G1.5.1: the subitem's own length on the group axis is ignored; the slots divide
                // the box. Fixed edge spacing is taken out first so the slots still fit [B].
                let length = (boxLength - gap * Double(n - 1) - Double(n) * (lead + trail)) / Double(n)
                proposed = proposed.with(Swift.max(0, length), along: axis)
            }
            let estimatedLength = proposed.length(along: axis)
            if case .fill = group.repetition, !slots.isEmpty, !fits(cursor + lead + estimatedLength + trail, in: boxLength) {
                break
            }
            let (size, leaves) = try content(of: subitem, size: proposed, path: subpath, leafBase: &leafBase, attached: &attached)
            slots.append(Slot(size: size, leaves: leaves, edges: edges))
            cursor += lead + estimatedLength + trail + gap
            index += 1
            if case .fill = group.repetition, position == group.subitems.count - 1 {
                guard cursor > cycleStart else { throw .nonAdvancingGroup(section: section, path: path) }
                cycleStart = cursor
            }
        }
        if case .fill = group.repetition, slots.count == limit {
            throw .tooManySlots(section: section, path: path, limit: limit)
        }
        return position(slots, along: axis, in: box, flexibleGap: group.interItemSpacing?.isFlexible == true, gap: gap)
    }

    /// Final positions: flexible edge spacing (G1.3.5), flexible inter-item spacing (G1.4.5) and
    /// the cross-axis placement (G1.4.3).
    private func position(_ slots: [Slot], along axis: Axis, in box: Rect, flexibleGap: Bool, gap: Double) -> [Rect] {
        let boxLength = box.size.length(along: axis)
        let lengths = slots.map { $0.size.length(along: axis) }
        let slotTotal = lengths.reduce(0, +)

        // Main axis edge values: fixed ones as they are; flexible ones share the leftover.
        var flexibleCount = 0
        var fixedTotal = gap * Double(Swift.max(0, slots.count - 1))
        for slot in slots {
            for spacing in [slot.edges.start(along: axis), slot.edges.end(along: axis)] {
                if let spacing, spacing.isFlexible { flexibleCount += 1 } else { fixedTotal += spacing?.minimum ?? 0 }
            }
        }
        let share = flexibleCount > 0 ? (boxLength - slotTotal - fixedTotal) / Double(flexibleCount) : 0
        func value(_ spacing: Spacing?) -> Double {
            guard let spacing else { return 0 }
            return spacing.isFlexible ? Swift.max(spacing.minimum, share) : spacing.minimum
        }
        let leads = slots.map { value($0.edges.start(along: axis)) }
        let trails = slots.map { value($0.edges.end(along: axis)) }

        var step = gap
        if flexibleGap, slots.count > 1 {
            let edgesTotal = leads.reduce(0, +) + trails.reduce(0, +)
            step = Swift.max(gap, (boxLength - slotTotal - edgesTotal) / Double(slots.count - 1))
        }

        let cross = axis.other
        let crossLength = box.size.length(along: cross)
        var leaves: [Rect] = []
        leaves.reserveCapacity(slots.reduce(0) { $0 + $1.leaves.count })
        var cursor = 0.0
        for (i, slot) in slots.enumerated() {
            cursor += leads[i]
            let crossStart = crossOffset(of: slot, along: cross, in: crossLength)
            let dx = box.minX + (axis == .horizontal ? cursor : crossStart)
            let dy = box.minY + (axis == .vertical ? cursor : crossStart)
            for leaf in slot.leaves { leaves.append(leaf.offsetBy(dx: dx, dy: dy)) }
            cursor += lengths[i] + trails[i] + step
        }
        return leaves
    }

    /// A slot's offset across the group axis: at the box's top plus its top edge spacing; flexible
    /// edges share the slot's own leftover (G1.4.3, G1.3.5 [B]).
    private func crossOffset(of slot: Slot, along cross: Axis, in crossLength: Double) -> Double {
        let start = slot.edges.start(along: cross)
        let end = slot.edges.end(along: cross)
        var fixed = 0.0
        var flexibleCount = 0
        for spacing in [start, end] {
            guard let spacing else { continue }
            if spacing.isFlexible { flexibleCount += 1 } else { fixed += spacing.minimum }
        }
        guard let start else { return 0 }
        guard start.isFlexible else { return start.minimum }
        let share = (crossLength - slot.size.length(along: cross) - fixed) / Double(flexibleCount)
        return Swift.max(start.minimum, share)
    }

    /// The size and leaf frames of one slot's content, relative to the slot origin.
    private func content(
        of subitem: LayoutGroup.Subitem, size proposed: Size, path: String, leafBase: inout Int,
        attached: inout [[ItemSupplementaryItem]]
    ) throws(LayoutError) -> (Size, [Rect]) {
        switch subitem {
        case .group(let nested):
            let solution = try solve(nested, size: proposed, path: path, leafBase: &leafBase, attached: &attached)
            return (solution.size, solution.leaves)
        case .item(let item):
            var size = proposed
            var insets = try checked(item.contentInsets, in: proposed, path: "\(path).contentInsets")
            for axis in Axis.allCases where item.layoutSize.dimension(along: axis).isEstimated {
                insets = insets.zeroing(axis)  // G1.3.2
                if let measured = measured[leafBase] {
                    size = size.with(measured.length(along: axis), along: axis)  // G1.10.1
                }
            }
            leafBase += 1
            attached.append(item.supplementaryItems)
            return (size, [Rect(origin: .zero, size: size).inset(by: insets)])
        }
    }

    /// The length an edge spacing takes while fitting: a flexible edge counts with its minimum.
    private func fittingLength(_ spacing: Spacing?) -> Double { spacing?.minimum ?? 0 }

    private func fits(_ end: Double, in length: Double) -> Bool {
        rules.floorWhenFitting ? end.rounded(.down) <= length.rounded(.down) : end <= length + 1e-9
    }

    func resolve(_ layoutSize: LayoutSize, in parent: Size, path: String) throws(LayoutError) -> Size {
        _ = try checked(layoutSize.widthDimension.value, path: "\(path).widthDimension")
        _ = try checked(layoutSize.heightDimension.value, path: "\(path).heightDimension")
        return layoutSize.resolve(in: parent)
    }

    func checked(_ value: Double, path: String, allowNegative: Bool = false) throws(LayoutError) -> Double {
        guard value.isFinite, allowNegative || value >= 0 else {
            throw .invalidValue(section: section, path: path, value: value)
        }
        return value
    }

    func checked(_ insets: DirectionalEdgeInsets, in size: Size, path: String) throws(LayoutError) -> DirectionalEdgeInsets {
        for value in [insets.top, insets.leading, insets.bottom, insets.trailing] {
            _ = try checked(value, path: path, allowNegative: true)
        }
        return insets.resolvingFractions(in: size, enabled: rules.fractionalInsetsBelowOne)
    }
}
