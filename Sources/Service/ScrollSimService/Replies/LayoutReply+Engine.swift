import CollectionView
import CompositionalLayout

extension LayoutReply {
    /// The layout of `view` as GetLayout answers it: every element (or those in `rect`), pinned
    /// headers where the current offset shows them. Scenario simulations and screen hosts build
    /// their replies here, so both read the same.
    /// - Parameter names: the sections' names, in the snapshot's order.
    /// - Throws: `limitReached` past `limit` elements.
    package static func of<S, I>(
        _ view: CollectionView<S, I>, names: [String], rect: Rect?, limit: Int
    ) throws(ServiceError)
        -> LayoutReply
    {
        let layout = view.layout
        let exceeded = ServiceError.limitReached("elementsPerReply", maximum: Double(limit))
        let elements: [LayoutAttributes]
        let pinning = view.pinning
        if let rect {
            elements = layout.elements(in: rect, pinning: pinning)
        } else {
            let total = (0..<layout.numberOfSections).reduce(0) { $0 + layout.numberOfItems(inSection: $1) }
            guard total <= limit else { throw exceeded }
            // Pinned headers and footers where the simulation's current offset shows them.
            elements = layout.allElements().map { element in
                guard element.category == .supplementaryView, let kind = element.elementKind,
                    let pinned = layout.supplementary(ofKind: kind, at: element.indexPath, pinning: pinning)
                else { return element }
                return pinned
            }
        }
        guard elements.count <= limit else { throw exceeded }
        let sections = names.enumerated().map { index, name in
            Section(
                section: name, frame: layout.sectionFrame(index) ?? Rect(x: 0, y: 0, width: 0, height: 0),
                itemsPerGroup: layout.itemsPerGroup(inSection: index),
                orthogonal: layout.orthogonalContentLength(ofSection: index) != nil)
        }
        return LayoutReply(
            width: layout.contentSize.width, height: layout.contentSize.height, sections: sections,
            elements: elements.map { LayoutElement($0, sections: names) })
    }
}

extension VisibleReply {
    /// The live cells and offsets of `view` as GetVisible answers them.
    /// - Parameter names: the sections' names, in the snapshot's order.
    package static func of<S, I>(_ view: CollectionView<S, I>, names: [String]) -> VisibleReply {
        let ids = view.dataSource.snapshot().sectionIdentifiers
        let elements = view.liveCellsByIndexPath.compactMap { path, _ -> LayoutElement? in
            guard let frame = view.layout.frame(for: path) else { return nil }
            return LayoutElement(LayoutAttributes(category: .cell, indexPath: path, frame: frame), sections: names)
        }
        let rows = zip(ids, names).compactMap { id, name in
            view.rowOffset(of: id).map { RowOffset(section: name, offset: $0) }
        }
        return VisibleReply(contentOffset: view.contentOffset, rows: rows, elements: elements)
    }
}
