import UIKit

@objc protocol FeedCellDelegate {
    func feedCell(_ cell: FeedCell, didToggleLikeOf post: Post)
    @objc optional func feedCellDidTapTitle(_ cell: FeedCell)
}

/// A cell from a nib, with outlets and an action wired in Interface Builder.
final class FeedCell: UICollectionViewCell {
    static let reuseIdentifier = "FeedCell"

    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet private weak var likeButton: UIButton!
    weak var delegate: FeedCellDelegate?
    private(set) var post: Post?

    override func awakeFromNib() {
        super.awakeFromNib()
        likeButton.addTarget(self, action: #selector(likeTapped(_:)), for: .touchUpInside)
        let tap = UITapGestureRecognizer(target: self, action: #selector(titleTapped))
        titleLabel.isUserInteractionEnabled = true
        titleLabel.addGestureRecognizer(tap)
    }

    func configure(with post: Post) {
        self.post = post
        titleLabel.text = post.title
        likeButton.isSelected = post.isLiked
    }

    /// The like button, for tests that press it.
    var likeControl: UIButton { likeButton }

    @IBAction private func likeTapped(_ sender: UIButton) {
        guard let post else { return }
        delegate?.feedCell(self, didToggleLikeOf: post)
    }

    @objc private func titleTapped() {
        delegate?.feedCellDidTapTitle?(self)
    }
}
