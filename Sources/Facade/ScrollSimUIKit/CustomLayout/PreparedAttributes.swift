import CompositionalLayout
import Foundation

/// What a layout of the app's own said at its last preparation, arranged as the engine lays it
/// out: sections stacked along the scroll axis, each starting where its first element does (CL2).
///
/// The engine stacks sections end to end, so a section reaches from its own start to the next
/// non-empty section's; elements of a section that reach past that (overlapping sections) are
/// still found, since queries widen by how far any element overhangs its section.
@MainActor
struct PreparedAttributes {
    struct Cell {
        var frame: CGRect
        var zIndex: Int
    }

    var contentSize = CGSize.zero
    /// Each item's frame by section and item; nil where the layout gave no attributes (the item
    /// is laid out with no size and never shown, as in UIKit).
    var items: [[Cell?]] = []
    var supplementaries: [[UICollectionViewLayoutAttributes]] = []
    var decorations: [[UICollectionViewLayoutAttributes]] = []
    /// Where each section starts along the scroll axis, and its length.
    private(set) var origins: [CGFloat] = []
    private(set) var lengths: [CGFloat] = []

    init(contentSize: CGSize = .zero) { self.contentSize = contentSize }

    /// Places the sections: each non-empty one at its first element (never before the previous
    /// one), reaching to the next; empty sections take no length.
    mutating func placeSections(along axis: Axis) {
        func start(_ rect: CGRect) -> CGFloat { axis == .vertical ? rect.minY : rect.minX }
        let count = items.count
        origins = Array(repeating: 0, count: count)
        lengths = Array(repeating: 0, count: count)
        var previous: Int?
        for s in 0..<count where !items[s].isEmpty {
            let starts = items[s].compactMap { $0.map { start($0.frame) } } + supplementaries[s].map { start($0.frame) }
            if let p = previous {
                origins[s] = max(origins[p], starts.min() ?? origins[p])
                lengths[p] = origins[s] - origins[p]
            }
            previous = s
        }
        let contentLength = axis == .vertical ? contentSize.height : contentSize.width
        if let p = previous { lengths[p] = max(contentLength - origins[p], 0) }
        // Empty sections sit where the stack has reached.
        var cursor: CGFloat = 0
        for s in 0..<count {
            if items[s].isEmpty { origins[s] = cursor }
            cursor = origins[s] + lengths[s]
        }
    }

    /// Section `index` for the engine: one custom group of the section's length holding its
    /// items at their frames; supplementaries overlaying the section at theirs; one decoration
    /// per kind, inset from the section's box to its frame.
    func section(_ index: Int, along axis: Axis, crossLength: Double) -> LayoutSection {
        guard index < items.count else { return SectionDescriptions.emptySection }
        let vertical = axis == .vertical
        let origin = origins[index]
        func local(_ frame: CGRect) -> CGRect { frame.offsetBy(dx: vertical ? 0 : -origin, dy: vertical ? -origin : 0) }
        let cells = items[index].map { cell in
            cell.map { CustomGroupItem(frame: local($0.frame).core, zIndex: $0.zIndex) }
                ?? CustomGroupItem(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        }
        let length = Double(lengths[index])
        let size =
            vertical
            ? LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(length))
            : LayoutSize(widthDimension: .absolute(length), heightDimension: .fractionalHeight(1))
        let group: LayoutGroup =
            cells.isEmpty ? SectionDescriptions.emptySection.group : .custom(layoutSize: size) { _ in cells }
        let boundary = supplementaries[index].map { element in
            let frame = local(element.frame)
            return BoundarySupplementaryItem(
                elementKind: element.representedElementKind ?? "",
                layoutSize: LayoutSize(
                    widthDimension: .absolute(Double(frame.width)), heightDimension: .absolute(Double(frame.height))),
                alignment: .topLeading, absoluteOffset: Point(x: Double(frame.minX), y: Double(frame.minY)),
                extendsBoundary: false, zIndex: element.zIndex)
        }
        var seenKinds: Set<String> = []
        var decorationItems: [DecorationItem] = []
        for element in decorations[index] {
            guard let kind = element.representedElementKind, seenKinds.insert(kind).inserted else { continue }
            let frame = local(element.frame)
            let box =
                vertical
                ? (width: crossLength, height: Double(lengths[index])) : (width: Double(lengths[index]), height: crossLength)
            decorationItems.append(
                DecorationItem(
                    elementKind: kind,
                    contentInsets: DirectionalEdgeInsets(
                        top: Double(frame.minY), leading: Double(frame.minX), bottom: box.height - Double(frame.maxY),
                        trailing: box.width - Double(frame.maxX)),
                    zIndex: element.zIndex))
        }
        return LayoutSection(
            group: group, contentInsetsReference: .none, boundarySupplementaryItems: boundary,
            supplementariesFollowContentInsets: false, decorationItems: decorationItems)
    }

    /// Decoration views beyond the first of their kind in a section, which are not shown.
    var droppedDecorations: [UICollectionViewLayoutAttributes] {
        decorations.flatMap { section in
            var seen: Set<String> = []
            return section.filter { !seen.insert($0.representedElementKind ?? "").inserted }
        }
    }

    /// The app's index path of the supplementary the engine numbers `enginePath` (its position
    /// among its section's supplementaries).
    func supplementaryPath(kind: String, enginePath: IndexPath) -> IndexPath? {
        guard enginePath.section >= 0, enginePath.section < supplementaries.count,
            supplementaries[enginePath.section].indices.contains(enginePath.item)
        else { return nil }
        let element = supplementaries[enginePath.section][enginePath.item]
        return element.representedElementKind == kind ? element.indexPath : nil
    }

    /// The engine's index path of the app's supplementary of `kind` at `appPath`.
    func enginePath(kind: String, appPath: IndexPath) -> IndexPath? {
        guard appPath.section >= 0, appPath.section < supplementaries.count,
            let i = supplementaries[appPath.section].firstIndex(where: {
                $0.representedElementKind == kind && $0.indexPath == appPath
            })
        else { return nil }
        return IndexPath(item: i, section: appPath.section)
    }
}
