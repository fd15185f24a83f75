import CompositionalLayout
import Foundation
import LayoutRender

extension ScrollSimulator {
    /// The shown collection view as `scrollsimctl render` draws a scenario: every section, cell
    /// and header at its frame, the cells the view holds filled, each orthogonal row at its offset,
    /// the viewport, and a timeline of the run's provider calls, passes and applies — an SVG
    /// document. Nil when nothing is shown. `crop: .viewport` draws only the content around the
    /// viewport, as `scrollsimctl render --crop viewport` does (a long feed's picture stays small).
    public func svg(title: String = "ScrollSimulator", crop: PictureCrop = .content) -> String? {
        guard let view = collectionView else { return nil }
        view.layoutIfNeeded()
        let engine = view.engine
        let ids = engine.dataSource.snapshot().sectionIdentifiers
        let names = sectionNamesByName().sorted { $0.value < $1.value }.map(\.key)
        func name(_ section: Int) -> String? { names.indices.contains(section) ? names[section] : nil }
        let realised = Set(engine.liveCellsByIndexPath.map { "\($0.0.section)#\($0.0.item)" })
        let elements = engine.layout.allElements().map { attributes -> LayoutScene.Element in
            let isCell = attributes.category == .cell
            return LayoutScene.Element(
                kind: isCell ? "cell" : attributes.elementKind ?? "supplementary", section: name(attributes.indexPath.section),
                item: isCell ? attributes.indexPath.item : nil, x: attributes.frame.minX, y: attributes.frame.minY,
                width: attributes.frame.size.width, height: attributes.frame.size.height,
                realised: isCell && realised.contains("\(attributes.indexPath.section)#\(attributes.indexPath.item)"),
                isDecoration: attributes.category == .decorationView, zIndex: attributes.zIndex)
        }
        var rows: [String: Double] = [:]
        var groups: [String: Int] = [:]
        for (index, id) in ids.enumerated() {
            guard let section = name(index) else { continue }
            if engine.isOrthogonal(id) { rows[section] = engine.orthogonalOffsets[id] ?? 0 }
            groups[section] = engine.layout.itemsPerGroup(inSection: index)
        }
        let total = counts
        let content = engine.layout.contentSize
        var scene = LayoutScene(
            // Frames add 1/60 s at a time: to the millisecond, 13.9 s reads 13.9, not 13.899999999999851.
            title: "\(title) at \(formatPoints((time * 1000).rounded() / 1000)) s",
            subtitle:
                "\(formatPoints(screen.size.width))×\(formatPoints(screen.size.height)) · policy \(engine.policy.rawValue) · \(total.layoutPasses) layout passes · \(total.sectionProvider) section-provider and \(total.cellProvider) cell-provider calls · \(total.dataRequestsCompleted) appends",
            viewportWidth: screen.size.width, viewportHeight: screen.size.height, contentWidth: content.width,
            contentHeight: content.height, contentOffset: engine.contentOffset, rowOffsets: rows, sections: names,
            elements: elements,
            events: events,
            time: time)
        scene.itemsPerGroup = groups
        return LayoutRenderer.svg(crop == .viewport ? scene.croppedToViewport() : scene)
    }
}

/// How much of the content `svg(crop:)` draws.
public enum PictureCrop: Sendable, Hashable {
    /// All of it.
    case content
    /// The viewport and a margin around it.
    case viewport
}
