import CollectionTypes
import CompositionalLayout
import DiffableDataSource
import SeedScreens
import TestSupport
import Testing

@testable import CollectionView

/// Frames that skip the layout walk when the scroll views moved less than the last walk's slack
/// (`WalkAnchor`): the same screens scrolled the same way, with skipping and
/// without, give the same events and counts, and skipping happens.
@Suite("Frames that skip the walk")
struct WalkAnchorTests {
    /// The home screen with prefetching, a long consult list and a long company row.
    static func homeScreen() throws -> CV { try prefetchingHome() }

    /// Cards with backgrounds, pinned headers on sections 0 and 20, and rows (sections 2, 7, …).
    static func pinnedCards() throws -> CV {
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var cards = LayoutSection(
            group: .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)),
                subitems: [.item(item)]))
        cards.decorationItems = [.background(elementKind: "card")]
        var pinned = cards
        pinned.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                elementKind: "header",
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                alignment: .topLeading, pinToVisibleBounds: true)
        ]
        let row = SeedSections.home()[1]
        let layout = CompositionalLayout { index, _ in index % 5 == 2 ? row : (index % 20 == 0 ? pinned : cards) }
        let view = CV(layout: layout, context: LayoutContext(size: Size(width: 390, height: 844)), prefetch: .uikit)
        view.register(reuseIdentifier: "cell")
        view.cellProvider = { view, indexPath, _ in try view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }
        view.supplementaryViewProvider = { _, _, _ in }
        var snapshot = Snapshot<String, String>()
        let ids = (0..<30).map { "s\($0)" }
        try snapshot.appendSections(ids)
        for (i, id) in ids.enumerated() {
            try snapshot.appendItems((0..<(i % 5 == 2 ? 12 : 3)).map { "\(id)-\($0)" }, toSection: id)
        }
        _ = try view.apply(snapshot, animatingDifferences: false)
        return view
    }

    /// Scrolls `view` for `frames` frames (main list, `rows`, both, or neither), now and then
    /// appending to the first row; returns every event and the counts.
    static func scroll(
        _ view: CV, rows: [String], frames: Int, seed: UInt64, skipping: Bool
    ) throws -> (log: [String], counts: CountSet<String>) {
        view.frames.skipsUnchangedWalks = skipping
        var log: [String] = []
        view.eventHandler = { log.append(String(describing: $0)) }
        var steps = SeededRandom(seed: seed)
        var main = view.contentOffset
        var rowOffsets = [String: Double]()
        for frame in 0..<frames {
            let what = steps.unit()
            var moved: [(section: String, offset: Double)] = []
            if what < 0.7 { main += steps.delta() }
            if what > 0.4, let row = rows.randomElement(using: &steps) {
                let offset = (rowOffsets[row] ?? 0) + steps.delta()
                rowOffsets[row] = offset
                moved.append((row, offset))
            }
            try view.setOffsets(main: what < 0.7 ? main : nil, rows: moved)
            main = view.contentOffset
            for (row, _) in moved { rowOffsets[row] = view.orthogonalOffsets[row] ?? 0 }
            if frame % 250 == 249, let row = rows.first {
                var snapshot = view.dataSource.snapshot()
                let count = snapshot.numberOfItems(inSection: row) ?? 0
                try snapshot.appendItems((count..<(count + 5)).map { "\(row)-more-\($0)" }, toSection: row)
                _ = try view.apply(snapshot, animatingDifferences: frame % 500 == 249)
            }
        }
        return (log, view.counts)
    }

    @Test("the home screen scrolled 3,000 frames: the same events and counts with and without skipping", arguments: [1, 2, 3])
    func homeScrolled(seed: UInt64) throws {
        let skipping = try Self.homeScreen()
        let walking = try Self.homeScreen()
        let a = try Self.scroll(skipping, rows: ["company"], frames: 3_000, seed: seed, skipping: true)
        let b = try Self.scroll(walking, rows: ["company"], frames: 3_000, seed: seed, skipping: false)
        #expect(a.log.count == b.log.count)
        if let i = a.log.indices.first(where: { $0 < b.log.count && a.log[$0] != b.log[$0] }) {
            Issue.record("event \(i) differs: \(a.log[i]) vs \(b.log[i])")
        }
        #expect(a.counts == b.counts)
        #expect(skipping.frames.skippedWalks > 250, "frames that skipped the walk: \(skipping.frames.skippedWalks)")
        #expect(walking.frames.skippedWalks == 0)
    }

    @Test("pinned headers, backgrounds and rows scrolled 3,000 frames: the same events and counts with and without skipping")
    func pinnedCardsScrolled() throws {
        let skipping = try Self.pinnedCards()
        let walking = try Self.pinnedCards()
        let a = try Self.scroll(skipping, rows: ["s2", "s7"], frames: 3_000, seed: 9, skipping: true)
        let b = try Self.scroll(walking, rows: ["s2", "s7"], frames: 3_000, seed: 9, skipping: false)
        #expect(a.log.count == b.log.count)
        if let i = a.log.indices.first(where: { $0 < b.log.count && a.log[$0] != b.log[$0] }) {
            Issue.record("event \(i) differs: \(a.log[i]) vs \(b.log[i])")
        }
        #expect(a.counts == b.counts)
        #expect(skipping.frames.skippedWalks > 100, "frames that skipped the walk: \(skipping.frames.skippedWalks)")
    }
}

extension WalkAnchorTests {
    @Test("after three anchors no frame used, a pass records one only every eighth time, until one is used")
    func pacing() {
        var pacing = WalkAnchorPacing()
        // Every frame walks (no anchor is used): three passes record, then one in eight.
        let unused = (0..<27).map { _ in pacing.walks() }
        let eighth = [false, false, false, false, false, false, false, true]
        #expect(unused == [true, true, true] + eighth + eighth + eighth)
        // The anchor of the last recording is used: the next passes record again.
        pacing.used()
        #expect((0..<3).map { _ in pacing.walks() } == [true, true, true])
    }
}

/// Outside the suite, whose `home` tests hide the module's `home(…)`.
private func prefetchingHome() throws -> CV { try home(prefetch: .uikit, company: 40, consult: 60) }

extension SeededRandom {
    /// A frame's move: mostly the small steps of a slowing scroll, sometimes a flick's or a jump.
    fileprivate mutating func delta() -> Double {
        let r = unit()
        if r < 0.55 { return (unit() - 0.5) * 6 }
        if r < 0.85 { return (unit() - 0.5) * 60 }
        return (unit() - 0.5) * 1_500
    }
}
