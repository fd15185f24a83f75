import ScrollSimUIKit
import Testing

/// UIKit's prefetching in UIKit code (PF1 to PF6): on by default, `isPrefetchingEnabled = false`
/// turns it off, a prefetch data source hears of items before their cells are requested, and
/// `willDisplay` comes when a prepared cell shows, not when it is requested.
@MainActor
@Suite("Prefetching in UIKit code")
struct PrefetchingTests {
    /// Records what a prefetch data source and a delegate are told, in order.
    final class Recorder: UICollectionViewDataSourcePrefetching, UICollectionViewDelegate {
        var lines: [String] = []
        func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            lines.append("prefetch \(indexPaths.map(\.item))")
        }
        func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            lines.append("cancel \(indexPaths.map(\.item))")
        }
        func collectionView(
            _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
        ) {
            lines.append("willDisplay \(indexPath.item)")
        }
        func collectionView(
            _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
        ) {
            lines.append("didEndDisplaying \(indexPath.item)")
        }
    }

    /// 200 rows of 50 pt on an iPhone 13: the viewport [−47, 797) shows rows 0 to 15.
    func shown(prefetching: Bool) throws -> (ScrollSimulator, UICollectionView, Recorder, AnyObject) {
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { _, _, _ in }
        let (collectionView, dataSource) = listScreen(items: 200) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        collectionView.isPrefetchingEnabled = prefetching
        let recorder = Recorder()
        collectionView.prefetchDataSource = recorder
        collectionView.delegate = recorder
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        return (simulator, collectionView, recorder, dataSource)
    }

    @Test("isPrefetchingEnabled is true by default, as in UIKit (PF1)")
    func onByDefault() {
        let layout = UICollectionViewCompositionalLayout { _, _ in nil }
        #expect(UICollectionView(frame: .zero, collectionViewLayout: layout).isPrefetchingEnabled)
    }

    @Test(
        "a 10-pt scroll: rows 17 to 24 lie in the 422 pt ahead [807, 1229): the data source hears of them nearest first, then row 17's cell is prepared; willDisplay comes for it only when it shows (PF3, PF4)"
    )
    func dataSourceAndDisplay() throws {
        let (simulator, collectionView, recorder, dataSource) = try shown(prefetching: true)
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        #expect(recorder.lines.filter { $0.hasPrefix("willDisplay") }.count == 16)
        #expect(!recorder.lines.contains { $0.hasPrefix("prefetch") }, "nothing ahead before the first scroll (PF2)")
        recorder.lines = []
        collectionView.contentOffset = CGPoint(x: 0, y: -37)
        // The viewport [−37, 807) now also shows row 16 (from 800): requested and displayed at once.
        #expect(recorder.lines == ["willDisplay 16", "prefetch [17, 18, 19, 20, 21, 22, 23, 24]"])
        #expect(simulator.counts.prefetched == 1, "row 17 was prepared ahead")
        #expect(simulator.counts.dataPrefetched == 8)
        recorder.lines = []
        collectionView.contentOffset = CGPoint(x: 0, y: 10)
        #expect(recorder.lines.first == "willDisplay 17")
    }

    @Test("turning back cancels what was announced ahead and not yet needed")
    func cancel() throws {
        let (simulator, collectionView, recorder, dataSource) = try shown(prefetching: true)
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        collectionView.contentOffset = CGPoint(x: 0, y: -37)
        recorder.lines = []
        collectionView.contentOffset = CGPoint(x: 0, y: -47)
        // Row 17's cell was requested (its announcement is settled); 18 to 24 were not.
        #expect(recorder.lines.contains("cancel [18, 19, 20, 21, 22, 23, 24]"))
        #expect(simulator.counts.dataPrefetchCancelled == 7)
    }

    @Test("isPrefetchingEnabled = false: only visible cells, no data prefetching, and cells go back to the pool as they leave")
    func disabled() throws {
        let (simulator, collectionView, recorder, dataSource) = try shown(prefetching: false)
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        collectionView.contentOffset = CGPoint(x: 0, y: 500)
        #expect(!recorder.lines.contains { $0.hasPrefix("prefetch") })
        #expect(simulator.counts.prefetched == 0)
        #expect(simulator.counts.cellsEnded == 10, "rows 0 to 9 (to y 500) left [500, 1344)")
    }
}
