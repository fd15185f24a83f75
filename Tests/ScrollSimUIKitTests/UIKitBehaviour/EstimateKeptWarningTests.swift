import ScrollSimUIKit
import Testing

/// A cell built from subviews pinned with constraints, as apps write self-sizing cells, whose
/// fitting override measures it only when `measures` (otherwise it answers the estimate, which
/// is what the warning is about).
final class ConstrainedLabelCell: UICollectionViewCell {
    var measures = false
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }
    required init?(coder: NSCoder) { nil }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        measures ? CGSize(width: targetSize.width, height: 72) : targetSize
    }
}

/// Cells whose estimated size nothing measured are said so, once per reuse identifier (G1.10):
/// their frames, the frames after them and how many fit on screen may differ from a device.
@MainActor
@Suite("Estimated sizes nothing measured are said so")
struct EstimateKeptWarningTests {
    func screen(estimated: Bool, measures: Bool) throws -> ScrollSimulator {
        let height: NSCollectionLayoutDimension = estimated ? .estimated(44) : .absolute(44)
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height), subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<ConstrainedLabelCell, Int> { cell, _, item in
            cell.label.text = "Row \(item)"
            cell.measures = measures
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<50))
        dataSource.apply(snapshot, animatingDifferences: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(view)
        return simulator
    }

    static func estimateWarnings(_ simulator: ScrollSimulator) -> [String] {
        simulator.warnings.filter { $0.contains("laid out at the estimate") }
    }

    @Test("an estimated cell of subviews that nothing measured: one warning naming the cell and G1.10")
    func warned() throws {
        let simulator = try screen(estimated: true, measures: false)
        let warnings = Self.estimateWarnings(simulator)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("ConstrainedLabelCell") == true && warnings.first?.contains("G1.10") == true)
    }

    @Test("no warning when the cell measures itself, or when the size is not an estimate")
    func quiet() throws {
        #expect(Self.estimateWarnings(try screen(estimated: true, measures: true)).isEmpty)
        #expect(Self.estimateWarnings(try screen(estimated: false, measures: false)).isEmpty)
    }
}
