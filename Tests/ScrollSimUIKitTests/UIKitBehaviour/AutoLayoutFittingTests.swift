import ScrollSimUIKit
import Testing

/// A cell whose subviews and constraints a test builds; it does not override the fitting methods,
/// so its size is what the solver finds.
final class BuiltCell: UICollectionViewCell {
    private var built = false
    /// Builds the cell's views the first time it is configured.
    func configure(_ build: (UICollectionViewCell) -> Void) {
        guard !built else { return }
        built = true
        build(self)
    }
}

/// Self-sizing through Auto Layout (UIKit model AL1–AL7): the constraints of a cell's subviews,
/// with their intrinsic sizes, give its fitting size.
@MainActor
@Suite("Auto Layout fitting sizes (AL1–AL7)")
struct AutoLayoutFittingTests {
    /// A length rounded up to the pixel of a 3× screen (AL3).
    static func pixel(_ value: CGFloat) -> CGFloat { (value * 3).rounded(.up) / 3 }
    /// One line of the system font at `size` points: ascender less descender (AL3 [B]).
    static func line(_ size: CGFloat, lines: CGFloat = 1) -> CGFloat { pixel(lines * size * (0.952 + 0.241)) }

    static func fit(_ cell: UICollectionViewCell, width: CGFloat = 390) -> CGSize {
        cell.systemLayoutSizeFitting(
            CGSize(width: width, height: 44), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
    }

    static func pinned(_ label: UILabel, in cell: UICollectionViewCell, vertical: CGFloat = 8, horizontal: CGFloat = 16) {
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: vertical),
            label.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -vertical),
            label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: horizontal),
            label.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -horizontal),
        ])
    }

    /// Ten nine-letter words: 42 characters fit in 358 points of 17-point text, so four words a
    /// line (AL3 [B] `averageAdvance` 0.5).
    static let tenWords = Array(repeating: "abcdefghi", count: 10).joined(separator: " ")

    @Test(
        "AL1, AL3: a one-line label pinned to the content view's four edges makes the height 8 + one line + 8; the width stays the layout's"
    )
    func oneLine() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Row 1"
        Self.pinned(label, in: cell)
        let size = Self.fit(cell)
        #expect(size.width == 390)
        #expect(abs(size.height - (8 + Self.line(17) + 8)) < 0.001, "\(size)")
        #expect(abs(Self.line(17) - 20.333) < 0.001)
    }

    @Test("AL3: a label of any number of lines wraps at the width its constraints leave it, up to numberOfLines")
    func wrapping() {
        func height(lines: Int, width: CGFloat) -> CGFloat {
            let cell = BuiltCell(frame: .zero)
            let label = UILabel()
            label.text = Self.tenWords
            label.numberOfLines = lines
            Self.pinned(label, in: cell)
            return Self.fit(cell, width: width).height
        }
        // 358 points: 4 + 4 + 2 words; 168 points: 19 characters, two words a line.
        #expect(abs(height(lines: 0, width: 390) - (16 + Self.line(17, lines: 3))) < 0.001)
        #expect(abs(height(lines: 2, width: 390) - (16 + Self.line(17, lines: 2))) < 0.001)
        #expect(abs(height(lines: 0, width: 200) - (16 + Self.line(17, lines: 5))) < 0.001)
        #expect(abs(height(lines: 1, width: 200) - (16 + Self.line(17))) < 0.001)
    }

    @Test("AL2: a view centred on the content view and taller than the label sets the height through its ≥ margins")
    func centredAccessory() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Title"
        let accessory = UIView()
        for view in [label, accessory] {
            view.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(view)
        }
        let content = cell.contentView
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: accessory.leadingAnchor, constant: -8),
            label.topAnchor.constraint(greaterThanOrEqualTo: content.topAnchor, constant: 10),
            label.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -10),
            label.centerYAnchor.constraint(equalTo: content.centerYAnchor),
            accessory.widthAnchor.constraint(equalToConstant: 60),
            accessory.heightAnchor.constraint(equalToConstant: 60),
            accessory.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
            accessory.centerYAnchor.constraint(equalTo: content.centerYAnchor),
            accessory.topAnchor.constraint(greaterThanOrEqualTo: content.topAnchor, constant: 4),
            accessory.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -4),
        ])
        #expect(Self.fit(cell).height == 68)
        // A short accessory leaves the label's margins in charge.
        let short = BuiltCell(frame: .zero)
        let title = UILabel()
        title.text = "Title"
        Self.pinned(title, in: short, vertical: 10)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        short.contentView.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.heightAnchor.constraint(equalToConstant: 12),
            badge.centerYAnchor.constraint(equalTo: short.contentView.centerYAnchor),
        ])
        #expect(abs(Self.fit(short).height - (20 + Self.line(17))) < 0.001)
    }

    @Test(
        "AL2, AL3: between equal compression resistances the smaller intrinsic size holds: the icons keep 17 pt, the label wraps in what is left"
    )
    func iconsKeepTheirSize() {
        let cell = BuiltCell(frame: .zero)
        let icon = UIImageView(image: UIImage(systemName: "star"))
        let chevron = UIImageView(image: UIImage(systemName: "chevron.right"))
        let label = UILabel()
        label.numberOfLines = 0
        label.text = Self.tenWords
        for view in [icon, label, chevron] {
            view.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(view)
        }
        let margins = cell.contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            icon.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor),
            label.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
            label.topAnchor.constraint(equalTo: margins.topAnchor),
            label.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            chevron.leadingAnchor.constraint(greaterThanOrEqualTo: label.trailingAnchor, constant: 8),
            chevron.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            chevron.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor),
        ])
        // 390 − 8 − 17 − 12 − 8 − 17 − 8 = 320 points: 37 characters, three words a line.
        #expect(abs(Self.fit(cell).height - (16 + Self.line(17, lines: 4))) < 0.001)
    }

    @Test("AL4, AL5: a vertical stack of a body title and a subheadline, pinned to the margins guide, 4 apart")
    func stack() {
        let cell = BuiltCell(frame: .zero)
        let title = UILabel()
        title.text = "Title"
        title.font = .preferredFont(forTextStyle: .body)
        let subtitle = UILabel()
        subtitle.text = "Subtitle"
        subtitle.font = .preferredFont(forTextStyle: .subheadline)
        let stack = UIStackView(arrangedSubviews: [title, subtitle])
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(stack)
        let margins = cell.contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ])
        #expect(abs(Self.fit(cell).height - (8 + Self.line(17) + 4 + Self.line(15) + 8)) < 0.001)
        // A hidden arranged view takes no room, nor its spacing.
        subtitle.isHidden = true
        #expect(abs(Self.fit(cell).height - (8 + Self.line(17) + 8)) < 0.001)
        // A row: a 17-point symbol beside the title, centred across: the taller sets the height.
        let row = BuiltCell(frame: .zero)
        let icon = UIImageView(image: UIImage(systemName: "star"))
        let name = UILabel()
        name.text = "Starred"
        let across = UIStackView(arrangedSubviews: [icon, name])
        across.alignment = .center
        across.spacing = 8
        across.translatesAutoresizingMaskIntoConstraints = false
        row.contentView.addSubview(across)
        NSLayoutConstraint.activate([
            across.topAnchor.constraint(equalTo: row.contentView.topAnchor, constant: 11),
            across.bottomAnchor.constraint(equalTo: row.contentView.bottomAnchor, constant: -11),
            across.leadingAnchor.constraint(equalTo: row.contentView.leadingAnchor, constant: 20),
        ])
        #expect(abs(Self.fit(row).height - (22 + max(17, Self.line(17)))) < 0.001)
    }

    @Test("AL1: a height tied to the width by a multiplier (an image's aspect ratio) reads the solved width")
    func aspectRatio() {
        let cell = BuiltCell(frame: .zero)
        let image = UIImageView()
        image.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(image)
        NSLayoutConstraint.activate([
            image.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
            image.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
            image.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
            image.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
            image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 0.5),
        ])
        #expect(Self.fit(cell).height == 195)
        #expect(Self.fit(cell, width: 300).height == 150)
    }

    @Test("AL2: a required height that contradicts required constraints made before it is left out; a lower-priority one yields")
    func conflicts() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Row"
        Self.pinned(label, in: cell)
        let fixed = label.heightAnchor.constraint(equalToConstant: 30)
        fixed.isActive = true
        let tooShort = cell.contentView.heightAnchor.constraint(equalToConstant: 10)
        tooShort.isActive = true
        #expect(Self.fit(cell).height == 46)
        // Without the label's fixed height, only its compression resistance (750) stands against
        // the required 10, and yields: no conflict, the label is squeezed.
        fixed.isActive = false
        #expect(Self.fit(cell).height == 10)
        tooShort.isActive = false
        // A height of 100 at 999 beats the label's hugging (250): the label stretches.
        let tall = cell.contentView.heightAnchor.constraint(equalToConstant: 100)
        tall.priority = UILayoutPriority(999)
        tall.isActive = true
        #expect(Self.fit(cell).height == 100)
        // At 200 it loses to the hugging label.
        tall.priority = UILayoutPriority(200)
        #expect(abs(Self.fit(cell).height - (16 + Self.line(17))) < 0.001)
    }

    @Test("AL4: a subview that translates its frame keeps it and leaves the height to the constraints")
    func autoresizing() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Row"
        Self.pinned(label, in: cell)
        cell.contentView.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 300)))
        #expect(abs(Self.fit(cell).height - (16 + Self.line(17))) < 0.001)
    }

    @Test("AL1: a constant that is not a number or not finite is left out; a hierarchy too large to solve keeps the target")
    func badInput() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Row"
        Self.pinned(label, in: cell)
        label.heightAnchor.constraint(equalToConstant: .nan).isActive = true
        label.widthAnchor.constraint(greaterThanOrEqualToConstant: .infinity).isActive = true
        #expect(abs(Self.fit(cell).height - (16 + Self.line(17))) < 0.001)
        // 250 subviews, each pinned below the last.
        let large = BuiltCell(frame: .zero)
        var above = large.contentView.topAnchor
        for _ in 0..<250 {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            large.contentView.addSubview(view)
            view.topAnchor.constraint(equalTo: above, constant: 1).isActive = true
            above = view.bottomAnchor
        }
        large.contentView.bottomAnchor.constraint(equalTo: above).isActive = true
        #expect(Self.fit(large).height == 44)
    }

    @Test("AL1: with no constraints from the content view's top to its bottom the height is the target")
    func undetermined() {
        let cell = BuiltCell(frame: .zero)
        let label = UILabel()
        label.text = "Row"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 8).isActive = true
        #expect(Self.fit(cell).height == 44)
    }

    @Test("AL3: preferredFont(forTextStyle:) gives the Dynamic Type sizes at the default content size")
    func textStyles() {
        let sizes: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style)") }
        #expect(UIFont.preferredFont(forTextStyle: .headline).weight == .semibold)
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(abs(body.lineHeight - (body.ascender - body.descender)) < 0.0001 && body.descender < 0)
    }

    @Test("AL7: a list cell's content configuration measures its text: 44 at least, secondary text under the text or beside it")
    func listContent() {
        func height(_ configure: (inout UIListContentConfiguration) -> Void, width: CGFloat = 390) -> CGFloat {
            let cell = UICollectionViewListCell(frame: .zero)
            var content = cell.defaultContentConfiguration()
            configure(&content)
            cell.contentConfiguration = content
            return Self.fit(cell, width: width).height
        }
        // One line: 11 + 20.33 + 11 = 42.33, so the 44-point minimum.
        #expect(height { $0.text = "Inbox" } == 44)
        // Secondary text under it: 11 + 20.33 + 3 + 18 + 11.
        let twoLines = 11 + Self.line(17) + 3 + Self.line(15) + 11
        #expect(
            abs(
                height {
                    $0.text = "Inbox"; $0.secondaryText = "3 unread"
                } - twoLines) < 0.001)
        // Beside it (valueCell): one line.
        #expect(
            height {
                $0 = .valueCell(); $0.text = "Inbox"; $0.secondaryText = "3"
            } == 44)
        // Wrapped at 390 − 16 − 16 = 358 points: three lines.
        #expect(abs(height { $0.text = Self.tenWords } - (22 + Self.line(17, lines: 3))) < 0.001)
        // A header style is not measured: the estimate stays.
        #expect(
            height {
                $0 = .header(); $0.text = "Section"
            } == 44)
    }

    // MARK: In a collection view

    /// An estimated list whose cells each hold a label pinned on four edges, with `texts`.
    func screen(
        _ texts: [String], build: ((UICollectionViewCell, UILabel) -> Void)? = nil
    ) throws -> (
        ScrollSimulator, UICollectionView
    ) {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<BuiltCell, Int> { cell, _, item in
            cell.configure { cell in
                let label = UILabel()
                label.numberOfLines = 0
                label.tag = 1
                if let build { build(cell, label) } else { Self.pinned(label, in: cell) }
            }
            (cell.contentView.subviews.first { $0.tag == 1 } as? UILabel)?.text = texts[item]
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(texts.indices))
        dataSource.apply(snapshot, animatingDifferences: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(view)
        return (simulator, view)
    }

    @Test(
        "G1.10, AL1: an estimated list of constrained cells is laid out at the heights their constraints give; the passes it costs are said once"
    )
    func measuredList() throws {
        let texts = (0..<30).map { $0 % 3 == 1 ? Self.tenWords : "Row \($0)" }
        let (simulator, view) = try screen(texts)
        let one = 16 + Self.line(17)
        let three = 16 + Self.line(17, lines: 3)
        let frames = (0..<4).compactMap { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.count == 4)
        #expect(abs(frames[0].height - one) < 0.01 && abs(frames[1].height - three) < 0.01, "\(frames)")
        #expect(abs(frames[2].minY - (one + three)) < 0.01, "\(frames)")
        // Nothing the solver missed; only what the measuring cost, once (G1.10.3).
        let warnings = simulator.warnings
        #expect(!warnings.contains { $0.contains("laid out at the estimate") || $0.contains("Unable to simultaneously") })
        #expect(warnings.filter { $0.contains("G1.10.3") }.count == 1, "\(warnings)")
    }

    @Test("AL1, AL2, AL6: what the solver cannot honour is said once per reuse identifier")
    func warnings() throws {
        let (unpinned, _) = try screen(["a", "b"]) { cell, label in
            label.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(label)
            label.topAnchor.constraint(equalTo: cell.contentView.topAnchor).isActive = true
        }
        let kept = unpinned.warnings.filter { $0.contains("laid out at the estimate") }
        #expect(kept.count == 1 && kept.first?.contains("AL1") == true, "\(unpinned.warnings)")

        let (conflicting, _) = try screen(["a", "b"]) { cell, label in
            Self.pinned(label, in: cell)
            label.heightAnchor.constraint(equalToConstant: 30).isActive = true
            cell.contentView.heightAnchor.constraint(equalToConstant: 10).isActive = true
        }
        let unable = conflicting.warnings.filter { $0.contains("Unable to simultaneously satisfy constraints") }
        #expect(unable.count == 1 && unable.first?.contains("UIView.height == 10.0") == true, "\(conflicting.warnings)")

        let (formats, _) = try screen(["a", "b"]) { cell, label in
            Self.pinned(label, in: cell)
            NSLayoutConstraint.activate(
                NSLayoutConstraint.constraints(withVisualFormat: "V:|-[label]-|", metrics: nil, views: ["label": label]))
        }
        let (crowded, _) = try screen(["a", "b"]) { cell, label in
            Self.pinned(label, in: cell)
            for _ in 0..<250 { cell.contentView.addSubview(UIView()) }
        }
        let tooMany = crowded.warnings.filter { $0.contains("more than the 200 scrollsim solves") }
        #expect(tooMany.count == 1, "\(crowded.warnings)")

        let visual = formats.warnings.filter { $0.contains("visual-format") }
        #expect(visual.count == 1 && visual.first?.contains("AL6") == true, "\(formats.warnings)")
    }

    @Test("AL3: a text view that does not scroll is as tall as its text at its width less 5-point padding each side, plus 8 above and below; one that scrolls has no height of its own")
    func textView() {
        func height(scrolls: Bool) -> CGFloat {
            let cell = BuiltCell(frame: .zero)
            let text = UITextView()
            text.isScrollEnabled = scrolls
            text.attributedText = NSAttributedString(
                string: Self.tenWords, attributes: [.font: UIFont.systemFont(ofSize: 17)])
            text.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(text)
            NSLayoutConstraint.activate([
                text.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                text.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
                text.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
                text.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
            ])
            return Self.fit(cell).height
        }
        // 358 − 10 = 348 points: four words a line (42 characters need 357), so three lines.
        let fixed = height(scrolls: false)
        #expect(abs(fixed - (8 + Self.line(17, lines: 3) + 8)) < 0.001, "\(fixed)")
        #expect(height(scrolls: true) != fixed)
    }
}
