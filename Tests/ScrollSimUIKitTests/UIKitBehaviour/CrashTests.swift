import ScrollSimUIKit
import Testing

/// A one-section list screen whose cell provider the test supplies.
@MainActor
func listScreen(
    items: Int = 30, cellProvider: @escaping UICollectionViewDiffableDataSource<Int, Int>.CellProvider
) -> (UICollectionView, UICollectionViewDiffableDataSource<Int, Int>) {
    let layout = UICollectionViewCompositionalLayout { _, _ in
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
        return NSCollectionLayoutSection(
            group: .horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
    }
    let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView, cellProvider: cellProvider)
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<items))
    dataSource.apply(snapshot, animatingDifferences: false)
    return (collectionView, dataSource)
}

/// Lets a cell provider reach the data source it belongs to.
@MainActor
final class DataSourceHolder {
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
}

/// A switch a cell provider reads.
@MainActor
final class Flag {
    var value = false
}

/// Runs `body` and returns the UIKit exception it raised.
@MainActor
func uikitException(_ body: () throws -> Void) -> UIKitException? {
    do {
        try UIKitException.catching(body)
    } catch let exception as UIKitException {
        return exception
    } catch {
        Issue.record("unexpected error \(error)")
    }
    return nil
}

/// UIKit's crashes as catchable reports with UIKit's message (issue: "UIKit's crashes become
/// clear, catchable reports").
@MainActor
@Suite("UIKit crashes become UIKitException")
struct CrashTests {
    @Test("duplicate item identifiers (D1.2): the snapshot is left as it was")
    func duplicateItems() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        let exception = uikitException {
            snapshot.appendSections(["a"])
            snapshot.appendItems([1, 2, 3])
            snapshot.appendItems([3, 4])
        }
        #expect(exception?.name == "NSInternalInconsistencyException")
        #expect(exception?.reason.hasPrefix("Fatal: supplied item identifiers are not unique. Duplicate identifiers: 3") == true)
        #expect(
            exception?.description.hasPrefix("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException'")
                == true)
        #expect(snapshot.itemIdentifiers == [1, 2, 3])
    }

    @Test("appendItems with no section, reloadItems of a missing item, a missing section (UIKit model 3.2)")
    func snapshotRules() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        #expect(
            uikitException { snapshot.appendItems([1]) }?.reason
                == "There are currently no sections in the data source. Please add a section first.")
        snapshot.appendSections(["a"])
        #expect(
            uikitException { snapshot.reloadItems([9]) }?.reason
                == "Attempted to reload item identifier that does not exist in the snapshot: 9")
        #expect(uikitException { _ = snapshot.itemIdentifiers(inSection: "b") }?.reason.contains("\"b\"") == true)
    }

    @Test("only the first exception of a scope is reported, and nothing after it runs (the app would be dead)")
    func firstExceptionOnly() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        let exception = uikitException {
            snapshot.appendItems([1])
            snapshot.appendSections(["a"])
        }
        #expect(exception?.reason.contains("no sections") == true)
        #expect(snapshot.numberOfSections == 0)
        // A new scope runs normally.
        #expect(uikitException { snapshot.appendSections(["a"]) } == nil)
        #expect(snapshot.numberOfSections == 1)
    }

    @Test("a section snapshot whose item is in another section (D5.7)")
    func sectionSnapshotDuplicate() {
        let (collectionView, dataSource) = listScreen(items: 3) { collectionView, indexPath, _ in
            collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        }
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        var other = NSDiffableDataSourceSectionSnapshot<Int>()
        other.append([2])
        let exception = uikitException { dataSource.apply(other, to: 1) }
        #expect(
            exception?.reason.hasPrefix(
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: 2 (already in section 0") == true)
        #expect(dataSource.snapshot().numberOfSections == 1)
    }

    @Test("dequeuing a reuse identifier nobody registered")
    func unregistered() {
        let (collectionView, _) = listScreen { collectionView, indexPath, _ in
            collectionView.dequeueReusableCell(withReuseIdentifier: "Missing", for: indexPath)
        }
        let exception = uikitException { collectionView.layoutIfNeeded() }
        #expect(
            exception?.reason
                == "could not dequeue a view of kind: UICollectionElementKindCell with identifier Missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        )
    }

    @Test("a cell provider that returns a cell from another registration than the one it dequeued last")
    func cellFromAnotherRegistration() {
        let first = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let second = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { _, _, _ in }
        let (collectionView, _) = listScreen { collectionView, indexPath, item in
            let kept = collectionView.dequeueConfiguredReusableCell(using: first, for: indexPath, item: item)
            _ = collectionView.dequeueConfiguredReusableCell(using: second, for: indexPath, item: item)
            return kept
        }
        let exception = uikitException { collectionView.layoutIfNeeded() }
        #expect(
            exception?.reason.hasPrefix(
                "Expected dequeued view to be returned to the collection view in preparation for display.") == true)
        #expect(
            exception?.reason.contains("dequeued view: UICollectionViewListCell; returned view: UICollectionViewCell") == true)
    }

    @Test("a cell that was never dequeued")
    func cellNotDequeued() {
        let (collectionView, _) = listScreen { _, _, _ in UICollectionViewCell(frame: .zero) }
        #expect(
            uikitException { collectionView.layoutIfNeeded() }?.reason.hasPrefix("Expected dequeued view to be returned") == true)
    }

    @Test("a registration created inside the cell provider (iOS 15+)")
    func registrationInsideProvider() {
        let (collectionView, _) = listScreen { collectionView, indexPath, item in
            let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        let exception = uikitException { collectionView.layoutIfNeeded() }
        #expect(
            exception?.reason.hasPrefix(
                "Attempted to dequeue a cell using a registration that was created inside -collectionView:cellForItemAtIndexPath:"
            ) == true)
    }

    @Test("a nil cell")
    func nilCell() {
        let (collectionView, _) = listScreen { _, _, _ in nil }
        #expect(
            uikitException { collectionView.layoutIfNeeded() }?.reason.hasPrefix(
                "UICollectionView dataSource returned a nil cell for item at index path: [0, 0]") == true)
    }

    @Test("an apply from inside the cell provider is re-entrant (D3.4)")
    func reentrantApply() {
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let holder = DataSourceHolder()
        let (collectionView, source) = listScreen { collectionView, indexPath, item in
            var snapshot = holder.dataSource.snapshot()
            snapshot.appendItems([1000 + item])
            holder.dataSource.apply(snapshot)
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        holder.dataSource = source
        #expect(
            uikitException { collectionView.layoutIfNeeded() }?.reason.hasPrefix(
                "Attempted to apply a snapshot while an apply is in progress") == true)
    }

    @Test("reconfiguring with another registration than the cell's (B4.2)")
    func reconfigureWithOtherRegistration() throws {
        let plain = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let list = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { _, _, _ in }
        let useList = Flag()
        let (collectionView, dataSource) = listScreen { collectionView, indexPath, item in
            useList.value
                ? collectionView.dequeueConfiguredReusableCell(using: list, for: indexPath, item: item)
                : collectionView.dequeueConfiguredReusableCell(using: plain, for: indexPath, item: item)
        }
        try UIKitException.catching { collectionView.layoutIfNeeded() }
        useList.value = true
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([0])
        #expect(
            uikitException { dataSource.apply(snapshot) }?.reason.hasPrefix(
                "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item"
            ) == true)
    }

    @Test("a crash in the cell provider during a scroll is thrown by the simulator's advance")
    func crashDuringScroll() throws {
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let (collectionView, _) = listScreen(items: 100) { collectionView, indexPath, item in
            item == 40 ? nil : collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        try simulator.fling(velocity: 3000)
        let exception = #expect(throws: UIKitException.self) { try simulator.runUntilIdle() }
        #expect(
            exception?.reason.hasPrefix("UICollectionView dataSource returned a nil cell for item at index path: [0, 40]") == true
        )
        #expect(simulator.counts.cellProvider == 41)
    }

    @Test("outside any scope a UIKit exception stops the process with UIKit's message, as the app would")
    func uncaughtCrashes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
            snapshot.appendItems([1])
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'There are currently no sections"
            ))
    }
}
