import ScrollSimUIKit

// Cell classes as an iOS app writes them: subviews added in init(frame:), Auto Layout, a
// configure method, prepareForReuse. Nothing here is scrollsim-specific.

final class ConsultCell: UICollectionViewCell {
    static let reuseIdentifier = "ConsultCell"
    private let titleLabel = UILabel()
    private let subtitleLabel = UILabel()
    private(set) var prepareForReuseCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 12
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        subtitleLabel.textColor = .secondaryLabel
        let stack = UIStackView(arrangedSubviews: [titleLabel, subtitleLabel])
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            stack.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareForReuseCount += 1
        titleLabel.text = nil
        subtitleLabel.text = nil
    }

    func configure(_ consult: HomeFeed.Consult) {
        titleLabel.text = consult.title
        subtitleLabel.text = consult.subtitle
    }

    var title: String? { titleLabel.text }
}

final class CompanyCell: UICollectionViewCell {
    static let reuseIdentifier = "CompanyCell"
    private let logoView = UIImageView(image: UIImage(systemName: "building.2"))
    private let nameLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        logoView.contentMode = .scaleAspectFit
        nameLabel.numberOfLines = 2
        [logoView, nameLabel].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview($0)
        }
        NSLayoutConstraint.activate([
            logoView.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            logoView.widthAnchor.constraint(equalToConstant: 48),
            logoView.heightAnchor.constraint(equalTo: logoView.widthAnchor, multiplier: 1),
            nameLabel.topAnchor.constraint(equalTo: logoView.bottomAnchor, constant: 8),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(_ company: HomeFeed.Company) { nameLabel.text = company.name }

    var name: String? { nameLabel.text }
}

final class ExpertCell: UICollectionViewCell {
    static let reuseIdentifier = "ExpertCell"
    private let nameLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(nameLabel)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(_ expert: HomeFeed.Expert) { nameLabel.text = expert.name }
}
