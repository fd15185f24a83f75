extension CompositionalLayout {
    /// Places sections one after another along the main axis, with the layout-wide headers and
    /// footers around them (G1.7.1 to G1.7.4).
    /// - Complexity: O(sections + layout supplementaries).
    func stackSections() throws(LayoutError) {
        guard let context else { return }
        let main = configuration.scrollDirection
        let cross = main.other
        let insets = context.containerInsets(for: configuration.contentInsetsReference, mainAxis: main)
        let effective = LayoutContainer(contentSize: context.size, contentInsets: insets).effectiveContentSize
        let solver = GroupSolver(section: 0, traits: context.traitCollection, rules: configuration.rules)
        let spacing = try solver.checked(configuration.interSectionSpacing, path: "configuration.interSectionSpacing")

        var headers: [(Int, BoundarySupplementaryItem, Size)] = []
        var footers: [(Int, BoundarySupplementaryItem, Size)] = []
        for (i, item) in configuration.boundarySupplementaryItems.enumerated() {
            let size = try solver.resolve(item.layoutSize, in: effective, path: "configuration.boundarySupplementaryItems[\(i)]")
            if item.alignment.side(along: main) == 1 { footers.append((i, item, size)) } else { headers.append((i, item, size)) }
        }

        var placed: [PlacedSupplementary] = []
        var cursor = 0.0
        func place(_ entry: (Int, BoundarySupplementaryItem, Size)) {
            let (i, item, size) = entry
            let crossLength = effective.length(along: cross)
            let across: Double
            switch item.alignment.side(along: cross) {
            case -1: across = insets.start(along: cross)
            case 1: across = insets.start(along: cross) + crossLength - size.length(along: cross)
            default: across = insets.start(along: cross) + (crossLength - size.length(along: cross)) / 2
            }
            let frame = Rect(
                axis: main, along: cursor, across: across, alongLength: size.length(along: main),
                acrossLength: size.length(along: cross)
            ).offsetBy(dx: item.absoluteOffset.x, dy: item.absoluteOffset.y)
            placed.append(PlacedSupplementary(index: i, item: item, frame: frame))
            if item.extendsBoundary { cursor += size.length(along: main) }
        }
        headers.forEach(place)

        var origins: [Double] = []
        origins.reserveCapacity(sections.count)
        var overhang = (before: 0.0, after: 0.0)
        for (index, section) in sections.enumerated() {
            // Headers and footers that overlay (extendsBoundary false) or are offset can stick out
            // of their section; range queries widen by the largest such overhang to stay exact.
            for supplementary in section.supplementaries {
                overhang.before = Swift.max(overhang.before, -supplementary.frame.min(along: main))
                overhang.after = Swift.max(overhang.after, supplementary.frame.max(along: main) - section.length)
            }
            // So can items placed outside their group (custom groups) and inset decorations.
            let reach = section.elementReach
            overhang.before = Swift.max(overhang.before, reach.before)
            overhang.after = Swift.max(overhang.after, reach.after)
            origins.append(cursor)
            cursor += section.length
            if index < sections.count - 1 || configuration.rules.spacingAfterLastSection { cursor += spacing }
        }
        footers.forEach(place)

        self.origins = origins
        self.supplementaryOverhang = overhang
        self.layoutSupplementaries = placed
        self.contentLength = cursor
    }
}
