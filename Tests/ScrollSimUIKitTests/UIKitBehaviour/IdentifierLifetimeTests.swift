import Testing

@testable import ScrollSimUIKit

/// Items identified by a fresh UUID each, as the seed app's are: every page is new identifiers.
private struct FeedItem: Hashable, Sendable {
    let id = UUID()
    var title: String
}

private enum FeedSection: Hashable, Sendable { case feed }

/// A struct whose equality is its own, not its bits (apps' identifiers often are).
private struct Tag: Hashable, Sendable {
    var name: String
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name.lowercased() == rhs.name.lowercased() }
    func hash(into hasher: inout Hasher) { hasher.combine(name.lowercased()) }
}

@MainActor
@Suite("Identifiers: interned while a snapshot holds them, forgotten after", .serialized)
struct IdentifierLifetimeTests {
    fileprivate static func feedView() -> (UICollectionView, UICollectionViewDiffableDataSource<FeedSection, FeedItem>) {
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, FeedItem> { _, _, _ in }
        let source = UICollectionViewDiffableDataSource<FeedSection, FeedItem>(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        return (view, source)
    }

    @Test("equal values made anew are the same identifiers: applying them again changes nothing")
    func equalValues() {
        var first = NSDiffableDataSourceSnapshot<String, Tag>()
        first.appendSections(["tags"])
        first.appendItems([Tag(name: "Swift"), Tag(name: "Linux")])
        var again = NSDiffableDataSourceSnapshot<String, Tag>()
        again.appendSections(["tags"])
        again.appendItems([Tag(name: "swift"), Tag(name: "LINUX")])
        #expect(first.core.itemIdentifiers == again.core.itemIdentifiers)
        #expect(again.itemIdentifiers.map(\.name) == ["Swift", "Linux"])  // the value first interned
        #expect(again.indexOfItem(Tag(name: "linux")) == 1)
        #expect(again.indexOfItem(Tag(name: "Rust")) == nil)
    }

    @Test("values no snapshot holds are forgotten")
    func forgotten() {
        do {
            var snapshot = NSDiffableDataSourceSnapshot<FeedSection, FeedItem>()
            snapshot.appendSections([.feed])
            snapshot.appendItems((0..<1_000).map { FeedItem(title: "\($0)") })
            var copy = snapshot
            copy.deleteItems(Array(copy.itemIdentifiers.prefix(500)))
            copy.appendItems((0..<10).map { FeedItem(title: "new \($0)") })
            #expect(IdentifierInterner.shared.count(of: FeedItem.self) == 1_010)
        }
        #expect(IdentifierInterner.shared.count(of: FeedItem.self) == 0)
    }

    @Test("an endless append that drops old pages keeps the interned values bounded by what is shown")
    func endlessAppend() {
        let (view, source) = Self.feedView()
        var snapshot = NSDiffableDataSourceSnapshot<FeedSection, FeedItem>()
        snapshot.appendSections([.feed])
        snapshot.appendItems((0..<20).map { FeedItem(title: "\($0)") })
        source.apply(snapshot, animatingDifferences: false)
        for page in 0..<300 {
            var next = source.snapshot()
            next.deleteItems(Array(next.itemIdentifiers.prefix(10)))
            next.appendItems((0..<10).map { FeedItem(title: "page \(page) item \($0)") })
            source.apply(next)
            #expect(IdentifierInterner.shared.count(of: FeedItem.self) <= 2 * 20 + 64 + 10)
        }
        #expect(source.snapshot().numberOfItems == 20)
        #expect(source.itemIdentifier(for: IndexPath(item: 19, section: 0))?.title == "page 299 item 9")
        _ = view
    }

    @Test("the values of a collection view's last snapshot live as long as the view")
    func heldByTheView() {
        var (view, source) = Self.feedView()
        var snapshot = NSDiffableDataSourceSnapshot<FeedSection, FeedItem>()
        snapshot.appendSections([.feed])
        snapshot.appendItems([FeedItem(title: "only")])
        source.apply(snapshot, animatingDifferences: false)
        snapshot = NSDiffableDataSourceSnapshot()
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 0))?.title == "only")
        #expect(IdentifierInterner.shared.count(of: FeedItem.self) == 1)
        (view, source) = Self.feedView()
        #expect(IdentifierInterner.shared.count(of: FeedItem.self) == 0)
    }
}
