extension LayoutSection {
    /// The compositional section that lays a flow section's lines out (FL1 to FL4): one group of
    /// custom items holds the lines, so cells, reuse, prefetching and the counts work as they do
    /// for any section.
    ///
    /// Items of one size: one line, repeated (every line on the same grid, a short last line
    /// included, FL2), so a query costs the same at any count. Items of several sizes: one group
    /// holding every line of the section.
    /// - Parameter container: the effective content size of the layout's container.
    /// - Complexity: O(1) for items of one size, O(itemCount) otherwise.
    public static func flow(
        _ flow: FlowSection, itemCount: Int, style: FlowLayoutStyle, scrollDirection: Axis, container: Size
    ) -> LayoutSection {
        let vertical = scrollDirection == .vertical
        let available = flow.lineLength(container: container, scrollDirection: scrollDirection)
        let (group, spacing) = lines(flow, itemCount: itemCount, style: style, available: available, vertical: vertical)
        return LayoutSection(
            group: group, interGroupSpacing: spacing, contentInsets: flow.inset,
            boundarySupplementaryItems: flowBoundaryItems(flow, style: style, vertical: vertical),
            supplementariesFollowContentInsets: false)
    }

    /// The group that lays the section's lines out, and the spacing between its instances.
    private static func lines(
        _ flow: FlowSection, itemCount: Int, style: FlowLayoutStyle, available: Double, vertical: Bool
    ) -> (LayoutGroup, Double) {
        // Sizes in line terms: width along a line, height across lines.
        func line(_ size: Size) -> Size { vertical ? size : Size(width: size.height, height: size.width) }
        func place(_ frame: Rect) -> Rect {
            vertical ? frame : Rect(x: frame.minY, y: frame.minX, width: frame.size.height, height: frame.size.width)
        }
        func groupSize(along length: Double, across extent: Double) -> LayoutSize {
            let size = vertical ? Size(width: length, height: extent) : Size(width: extent, height: length)
            return LayoutSize(widthDimension: .absolute(size.width), heightDimension: .absolute(size.height))
        }
        let sizes = flow.itemSizes.isEmpty ? [Size(width: 50, height: 50)] : flow.itemSizes
        // An empty section lays out as one line of the first size: a group needs an item to place.
        if let first = sizes.first, itemCount <= 0 || sizes.allSatisfy({ $0 == first }) {
            let size = line(first)
            let perLine = FlowLines.itemsPerLine(
                length: size.width, available: available, interitem: flow.minimumInteritemSpacing)
            let lines = FlowLines(
                sizes: Array(repeating: size, count: min(perLine, max(1, itemCount))), available: available,
                interitem: flow.minimumInteritemSpacing, lineSpacing: 0, lastLine: .justified)
            let items = lines.frames.map { CustomGroupItem(frame: place($0)) }
            return (.custom(layoutSize: groupSize(along: available, across: size.height)) { _ in items }, flow.minimumLineSpacing)
        }
        var each: [Size] = []
        each.reserveCapacity(itemCount)
        for item in 0..<max(0, itemCount) { each.append(line(sizes[item % sizes.count])) }
        // Horizontal flows of mixed sizes swap the two spacings (FL2 [S]).
        let within = vertical ? flow.minimumInteritemSpacing : flow.minimumLineSpacing
        let between = vertical ? flow.minimumLineSpacing : flow.minimumInteritemSpacing
        let lines = FlowLines(
            sizes: each, available: available, interitem: within, lineSpacing: between, lastLine: style.lastLineAlignment)
        let items = lines.frames.map { CustomGroupItem(frame: place($0)) }
        return (.custom(layoutSize: groupSize(along: available, across: lines.extent)) { _ in items }, 0)
    }

    /// The section's header and footer, full width and outside its insets (FL4).
    private static func flowBoundaryItems(
        _ flow: FlowSection, style: FlowLayoutStyle, vertical: Bool
    )
        -> [BoundarySupplementaryItem]
    {
        var items: [BoundarySupplementaryItem] = []
        for (size, kind, pinned, header) in [
            (flow.headerReferenceSize, style.headerElementKind, style.sectionHeadersPinToVisibleBounds, true),
            (flow.footerReferenceSize, style.footerElementKind, style.sectionFootersPinToVisibleBounds, false),
        ] {
            let extent = vertical ? size.height : size.width
            guard extent > 0 else { continue }
            let layoutSize =
                vertical
                ? LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(extent))
                : LayoutSize(widthDimension: .absolute(extent), heightDimension: .fractionalHeight(1))
            let alignment: RectAlignment = vertical ? (header ? .top : .bottom) : (header ? .leading : .trailing)
            items.append(
                BoundarySupplementaryItem(
                    elementKind: kind, layoutSize: layoutSize, alignment: alignment, pinToVisibleBounds: pinned, zIndex: 10))
        }
        return items
    }
}
