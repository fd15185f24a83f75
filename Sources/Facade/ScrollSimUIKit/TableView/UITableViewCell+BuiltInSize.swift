import Foundation

extension UITableViewCell {
    /// `size`, the cell's size as its constraints give it; where they leave the height open and the row
    /// shows the built-in `textLabel`, `detailTextLabel` or `imageView` (which UIKit places by
    /// hand, with no constraints), the height those views need, measured as the list content
    /// configuration of the cell's style with the same text, fonts, line counts and image, less
    /// the width of an accessory view (AL8).
    func sizingBuiltInViews(constrained size: CGSize) -> CGSize {
        guard contentConfiguration == nil, var fitting = lastFitting, !fitting.heightDetermined,
            let builtIn = builtInContentConfiguration()
        else { return size }
        let measure = UIListContentView(configuration: builtIn)
        let accessory = [accessoryView, isEditing ? editingAccessoryView : nil].compactMap { $0 }
            .reduce(CGFloat(0)) { $0 + max($1.frame.width, max($1.intrinsicContentSize.width, 0)) }
        measure.fittingWidth = max(0, size.width - accessory)
        let height = measure.intrinsicContentSize.height
        measure.fittingWidth = nil
        fitting.size.height = height
        fitting.heightDetermined = true
        fitting.widthDetermined = true
        lastFitting = fitting
        return CGSize(width: size.width, height: height)
    }

    /// The list content configuration the built-in views amount to; nil when the row shows none.
    private func builtInContentConfiguration() -> UIListContentConfiguration? {
        let text = storedTextLabel.flatMap { $0.isHidden ? nil : $0 }
        let detail = storedDetailTextLabel.flatMap { $0.isHidden ? nil : $0 }
        let image = storedImageView.flatMap { $0.isHidden ? nil : $0.image }
        let shown = [text?.attributedText?.string ?? text?.text, detail?.attributedText?.string ?? detail?.text]
            .map { $0?.isEmpty == true ? nil : $0 }
        guard shown.contains(where: { $0 != nil }) || image != nil else { return nil }
        var configuration = defaultContentConfiguration()
        configuration.text = shown[0]
        configuration.secondaryText = shown[1]
        configuration.image = image
        if let text {
            configuration.textProperties.font = text.font
            configuration.textProperties.numberOfLines = text.numberOfLines
        }
        if let detail {
            configuration.secondaryTextProperties.font = detail.font
            configuration.secondaryTextProperties.numberOfLines = detail.numberOfLines
        }
        return configuration
    }
}
