import ScrollSimUIKit

/// The seed "modern" screen's layout (docs/scenarios.md "Shipped scenarios", 4): ten full-width 200-pt pages, then ten
/// items two per row on a section background; the configuration asks for 3 pt between sections.
@MainActor
enum ModernLayout {
    enum Section: Int, CaseIterable, Hashable, Sendable { case pages, pairs }

    static func section(_ index: Int) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        switch Section(rawValue: index)! {
        case .pages:
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPaging
            return section
        case .pairs:
            // The iOS 13 count API: the item's width is overridden to half the group (G1.5.1, 5f).
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)),
                subitem: item, count: 2)
            let section = NSCollectionLayoutSection(group: group)
            let background = NSCollectionLayoutDecorationItem.background(elementKind: backgroundKind)
            background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            section.decorationItems = [background]
            return section
        }
    }

    static let backgroundKind = "section-background"

    static func configuration(spacing: CGFloat = 3) -> UICollectionViewCompositionalLayoutConfiguration {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = spacing
        return configuration
    }

    /// A collection view of 390 × 844 over `layout` with ten items in each section.
    static func collectionView(
        layout: UICollectionViewLayout
    ) -> (UICollectionView, UICollectionViewDiffableDataSource<Section, Int>) {
        // The background's view class is registered on the layout, whichever layout the test made.
        layout.register(SectionBackgroundView.self, forDecorationViewOfKind: backgroundKind)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, item in
            cell.backgroundColor = item.isMultiple(of: 2) ? .systemBlue : .systemTeal
        }
        let dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(Array(0..<10), toSection: .pages)
        snapshot.appendItems(Array(10..<20), toSection: .pairs)
        dataSource.apply(snapshot, animatingDifferences: false)
        return (collectionView, dataSource)
    }
}
