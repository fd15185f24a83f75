import ScrollSimUIKit

/// `scrollsim-bench fitting`: what measuring a self-sizing cell through its constraints costs
/// (AL1). One fitting of cells of growing size, and one screen of an estimated list measured by
/// the solver next to the same list measured by an override, in the same run.
@MainActor
enum FittingBenchmark {
    /// A row as apps write it: an icon, a title over a wrapping subtitle in a stack, and a
    /// chevron centred on the right, all pinned to the content view's margins; `extra` more
    /// labels stacked below stand in for bigger cells.
    final class Row: UICollectionViewCell {
        var measuredByOverride = false
        let title = UILabel()
        let subtitle = UILabel()

        func build(extra: Int) {
            let icon = UIImageView(image: UIImage(systemName: "star"))
            let chevron = UIImageView(image: UIImage(systemName: "chevron.right"))
            subtitle.numberOfLines = 0
            subtitle.font = .preferredFont(forTextStyle: .subheadline)
            let texts = UIStackView(arrangedSubviews: [title, subtitle])
            texts.axis = .vertical
            texts.spacing = 4
            for index in 0..<extra {
                let label = UILabel()
                label.text = "Detail \(index)"
                texts.addArrangedSubview(label)
            }
            for view in [icon, texts, chevron] {
                view.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(view)
            }
            let margins = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                icon.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                icon.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                texts.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
                texts.topAnchor.constraint(equalTo: margins.topAnchor),
                texts.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
                chevron.leadingAnchor.constraint(greaterThanOrEqualTo: texts.trailingAnchor, constant: 8),
                chevron.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                chevron.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
        }

        override func systemLayoutSizeFitting(
            _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
            verticalFittingPriority: UILayoutPriority
        ) -> CGSize {
            guard measuredByOverride else {
                return super.systemLayoutSizeFitting(
                    targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                    verticalFittingPriority: verticalFittingPriority)
            }
            return CGSize(width: targetSize.width, height: 60)
        }
    }

    static func run() {
        print("== fitting: self-sizing cells measured through their constraints (AL1) ==")
        var single: [Int: Double] = [:]
        for extra in [0, 5, 25] {
            let cell = Row(frame: .zero)
            cell.build(extra: extra)
            cell.title.text = "Title"
            cell.subtitle.text = String(repeating: "A subtitle that wraps ", count: 4)
            var height: CGFloat = 0
            let ns = Measure.median(budget: 0.5) {
                height =
                    cell.systemLayoutSizeFitting(
                        CGSize(width: 390, height: 44), withHorizontalFittingPriority: .required,
                        verticalFittingPriority: .fittingSizeLevel
                    ).height
            }
            single[extra] = ns
            let views = 6 + extra
            print("  one fitting, \(views) views: \(Measure.format(ns: ns)) (height \(height))")
        }
        if let small = single[0], let large = single[25] {
            print("  31 views / 6 views: \(Measure.format3(large / small))×")
        }
        // One screen of a 10^4-item estimated list, first shown: every cell on it is measured.
        var screens: [Bool: Double] = [:]
        for _ in 0..<3 {
            for byOverride in [false, true] {
                let ns = Measure.median(budget: 0.5, maxRuns: 40) { showList(measuredByOverride: byOverride) }
                screens[byOverride] = min(screens[byOverride] ?? .infinity, ns)
            }
        }
        if let solved = screens[false], let overridden = screens[true] {
            print("  first screen of an estimated list (10^4 items), measured by the solver: \(Measure.format(ns: solved))")
            print("  the same, measured by an override: \(Measure.format(ns: overridden))")
            print("  solver / override: \(Measure.format3(solved / overridden))×")
        }
    }

    private static func showList(measuredByOverride: Bool) {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(60)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(60)),
            subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<Row, Int> { cell, _, item in
            if cell.contentView.subviews.isEmpty { cell.build(extra: 0) }
            cell.measuredByOverride = measuredByOverride
            cell.title.text = "Item \(item)"
            cell.subtitle.text = item % 2 == 0 ? "Short" : String(repeating: "A subtitle that wraps ", count: 4)
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10_000))
        dataSource.apply(snapshot, animatingDifferences: false)
        let simulator = ScrollSimulator(device: UIKitBenchmark.screen, logCapacity: 1_000)
        try! simulator.show(view)
    }
}
