import Testing
import UIKit  // scrollsim's on Linux

// (In a project, the screen is the app's own file, compiled as it is; it is here in full so
// the example stands alone.)

// ---- Your screen, as it is in the app ----

enum Section: Hashable, Sendable { case featured, stories }

struct Story: Hashable, Sendable, Decodable {
    var id = UUID()
    let title: String

    enum CodingKeys: String, CodingKey { case title }
}

final class StoryCell: UICollectionViewCell {
    let titleLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 8
        contentView.addSubview(titleLabel)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class StoriesViewController: UIViewController {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Story>!
    private var isLoading = false

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        view.addSubview(collectionView)
        let cell = UICollectionView.CellRegistration<StoryCell, Story> { cell, _, story in
            cell.titleLabel.text = story.title
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            [weak self] collectionView, indexPath, story in
            // Load more when one of the last three stories is about to show.
            if indexPath.section == 1, let self, indexPath.item >= collectionView.numberOfItems(inSection: 1) - 3 {
                self.loadMore()
            }
            return collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: story)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Story>()
        snapshot.appendSections([.featured, .stories])
        snapshot.appendItems([Story(title: "Today")], toSection: .featured)
        snapshot.appendItems((1...8).map { Story(title: "Story \($0)") }, toSection: .stories)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            if sectionIndex == 0 {
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(300)),
                    subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120), heightDimension: .absolute(180)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 8
            section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
            section.orthogonalScrollingBehavior = .continuous
            return section
        }
    }

    func loadMore() {
        guard !isLoading else { return }
        isLoading = true
        let after = dataSource.snapshot().numberOfItems(inSection: .stories)
        Task {
            defer { isLoading = false }
            let url = URL(string: "https://api.example.com/stories?after=\(after)")!
            guard let (data, _) = try? await URLSession.shared.data(from: url),
                let stories = try? JSONDecoder().decode([Story].self, from: data)
            else { return }
            var snapshot = dataSource.snapshot()
            snapshot.appendItems(stories, toSection: .stories)
            await dataSource.apply(snapshot)
        }
    }
}

// ---- The profile: a Swift Testing test on Linux ----

@MainActor
@Test func storiesRowAppendCost() throws {
    let simulator = ScrollSimulator(device: .iPhone13)
    // The app's requests are answered after 300 ms of virtual time (no real waiting).
    let page = (1...8).map { #"{"title": "More \#($0)"}"# }.joined(separator: ",")
    simulator.network.respond(to: "https://api.example.com/stories", latency: 0.3, json: "[\(page)]")
    let screen = StoriesViewController()
    try simulator.show(screen)
    #expect(simulator.counts.sectionProvider == 2)  // first layout: one call per section

    for _ in 0..<3 {  // three flicks along the stories row
        try simulator.fling(section: 1, velocity: 3000)
        try simulator.runUntilIdle()
    }

    let counts = simulator.counts
    print("section provider \(counts.sectionProvider), cell provider \(counts.cellProvider), pages \(counts.dataRequests)")
    // Every append re-ran the provider for both sections, not only for the row that changed.
    #expect(counts.sectionProvider == 2 * counts.layoutPasses)
    #expect(counts.dataRequests == counts.applies - 1)  // each request a URLSession load, then an apply
    #expect(simulator.counts(forSection: Section.featured).cellProvider == 1)
}
