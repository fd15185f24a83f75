import CollectionTypes
import Testing

@testable import DiffableDataSource

/// The apply model (UIKit model 3.3) and section snapshot applies (3.5).
@Suite("Data source apply model")
struct DataSourceTests {
    static func home() throws -> Snapshot<String, String> {
        var s = Snapshot<String, String>()
        try s.appendSections(["consult", "company", "expert"])
        try s.appendItems(["c0", "c1", "c2"], toSection: "consult")
        try s.appendItems((0..<5).map { "co\($0)" }, toSection: "company")
        try s.appendItems((0..<4).map { "e\($0)" }, toSection: "expert")
        return s
    }

    @Test("iOS 15+: apply always diffs, animated or not (D3.2); the handler sees the batch")
    func iOS15AlwaysDiffs() throws {
        let source = DiffableDataSource<String, String>(behavior: .iOS15)
        var seen: [ApplyUpdate] = []
        source.updateHandler = { seen.append($0) }
        let first = try source.apply(Self.home(), animatingDifferences: false)
        #expect(first.changeset?.sectionInserts == [0, 1, 2])
        var next = source.snapshot()
        try next.appendItems(["co5", "co6"], toSection: "company")
        let update = try source.apply(next, animatingDifferences: false)
        #expect(update.changeset?.itemInserts == [ItemPath(item: 5, section: 1), ItemPath(item: 6, section: 1)])
        #expect(seen.count == 2)
        #expect(try source.apply(next).isEmpty)  // an empty diff: nothing to do (A2 [B])
    }

    @Test("iOS 13/14: a non-animated apply is reloadData; an animated one diffs (D3.2)")
    func iOS13ReloadData() throws {
        let source = DiffableDataSource<String, String>(behavior: .iOS13)
        #expect(try source.apply(Self.home(), animatingDifferences: false) == .reloadData(.nonAnimatedApply))
        var next = source.snapshot()
        try next.appendItems(["co5"], toSection: "company")
        #expect(try source.apply(next, animatingDifferences: true).changeset?.itemInserts == [ItemPath(item: 5, section: 1)])
        #expect(try source.applySnapshotUsingReloadData(next) == .reloadData(.requested))
    }

    @Test("state reflects the new snapshot when apply returns (D3.4 [B]); marks are consumed")
    func stateAfterApply() throws {
        let source = DiffableDataSource<String, String>()
        var snapshot = try Self.home()
        try snapshot.reloadItems(["c1"])
        try source.apply(snapshot)
        #expect(source.snapshot().numberOfItems == 12)
        #expect(source.snapshot().reloadedItemIdentifiers.isEmpty)
        #expect(source.itemIdentifier(for: ItemPath(item: 2, section: 1)) == "co2")
        #expect(source.indexPath(for: "e3") == ItemPath(item: 3, section: 2))
        #expect(source.itemIdentifier(for: ItemPath(item: 9, section: 1)) == nil)
    }

    @Test("an apply from inside the update handler (e.g. a cell provider) is rejected with a clear error (D3.4)")
    func reentrantApply() throws {
        let source = DiffableDataSource<String, String>()
        let box = ErrorBox()
        source.updateHandler = { _ in
            var more = source.snapshot()
            do {
                try more.appendItems(["late"], toSection: "company")
                try source.apply(more)
            } catch {
                box.error = error as? SnapshotError
            }
        }
        try source.apply(Self.home())
        #expect(box.error == .reentrantApply)
        #expect(source.snapshot().numberOfItems == 12)
        #expect(SnapshotError.reentrantApply.description.contains("cell provider"))
    }

    @Test("a section snapshot shows its visible items in the section (D5.5); snapshot(for:) returns the tree")
    func sectionSnapshotApply() throws {
        let source = DiffableDataSource<String, String>()
        try source.apply(Self.home())
        var outline = SectionSnapshot<String>()
        try outline.append(["Channels"])
        try outline.append(["general", "random"], to: "Channels")
        let collapsed = try source.apply(outline, to: "company")
        #expect(source.snapshot().itemIdentifiers(inSection: "company") == ["Channels"])
        #expect(collapsed.changeset?.itemDeletes.count == 5)
        outline.expand(["Channels"])
        let expanded = try source.apply(outline, to: "company")
        #expect(expanded.changeset?.itemInserts == [ItemPath(item: 1, section: 1), ItemPath(item: 2, section: 1)])
        #expect(source.snapshot(for: "company") == outline)
        #expect(source.snapshot(for: "consult")?.rootItems == ["c0", "c1", "c2"])
    }

    @Test("section snapshot items must be unique across the data source (D5.7)")
    func sectionSnapshotUniqueness() throws {
        let source = DiffableDataSource<String, String>()
        try source.apply(Self.home())
        var outline = SectionSnapshot<String>()
        try outline.append(["c1"])
        #expect(
            throws: SnapshotError.duplicateItems([
                .init(identifier: "\"c1\"", origin: "already in section \"consult\" at index 1")
            ])
        ) {
            try source.apply(outline, to: "company")
        }
    }

    @Test("a section snapshot for a new section appends the section [B]")
    func sectionSnapshotNewSection() throws {
        let source = DiffableDataSource<String, String>()
        try source.apply(Self.home())
        var outline = SectionSnapshot<String>()
        try outline.append(["x"])
        let update = try source.apply(outline, to: "extra")
        #expect(update.changeset?.sectionInserts == [3])
    }

    @Test("a full apply after section snapshots flattens them (D5.6 [B])")
    func fullApplyFlattens() throws {
        let source = DiffableDataSource<String, String>()
        try source.apply(Self.home())
        var outline = SectionSnapshot<String>()
        try outline.append(["P"])
        try outline.append(["child"], to: "P")
        try source.apply(outline, to: "expert")
        try source.apply(source.snapshot())
        #expect(source.snapshot(for: "expert")?.items == ["P"])
    }

    @Test("a tap toggles a parent through the handlers; expand inserts children, collapse deletes them (D5.8, D5.9)")
    func toggleExpansion() throws {
        let source = DiffableDataSource<String, String>()
        try source.apply(Self.home())
        var outline = SectionSnapshot<String>()
        try outline.append(["Channels"])
        try outline.append(["general", "random", "ios"], to: "Channels")
        try source.apply(outline, to: "consult")
        let log = Log()
        source.sectionSnapshotHandlers.willExpandItem = { log.entries.append("willExpand \($0)") }
        source.sectionSnapshotHandlers.willCollapseItem = { log.entries.append("willCollapse \($0)") }
        let expand = try #require(try source.toggleExpansion(of: "Channels"))
        #expect(expand.changeset?.itemInserts.count == 3)
        let collapse = try #require(try source.toggleExpansion(of: "Channels"))
        #expect(collapse.changeset?.itemDeletes.count == 3)
        #expect(log.entries == ["willExpand Channels", "willCollapse Channels"])
        source.sectionSnapshotHandlers.shouldExpandItem = { _ in false }
        #expect(try source.toggleExpansion(of: "Channels") == nil)
        #expect(try source.toggleExpansion(of: "co1") == nil)  // not in an outline
    }

    @Test("snapshotForExpandingParent supplies children lazily")
    func lazyChildren() throws {
        let source = DiffableDataSource<String, String>()
        var outline = SectionSnapshot<String>()
        try outline.append(["Folder"])
        try source.apply(outline, to: "files")
        source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, _ in
            var children = SectionSnapshot<String>()
            try? children.append(["\(parent)/a", "\(parent)/b"])
            return children
        }
        try source.toggleExpansion(of: "Folder")
        #expect(source.snapshot().itemIdentifiers == ["Folder", "Folder/a", "Folder/b"])
    }
}

final class ErrorBox: @unchecked Sendable {
    // Unchecked: written by one synchronous handler call inside the test.
    var error: SnapshotError?
}

final class Log: @unchecked Sendable {
    // Unchecked: appended to by synchronous handler calls inside one test.
    var entries: [String] = []
}
