import Foundation

/// A table row (UIKit's `UITableViewCell`). Subclass it as on iOS (override
/// `init(style:reuseIdentifier:)` and `init?(coder:)`). It is a list cell underneath, so content
/// configurations, self-sizing and reuse behave as for collection view cells (UIKit model C1, C2,
/// G1.10, B4.1); `textLabel`, `detailTextLabel`, `imageView` and the accessory type are stored
/// as UIKit's are.
@preconcurrency @MainActor
open class UITableViewCell: UICollectionViewListCell {
    /// UIKit's `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable { case `default` = 0, value1, value2, subtitle }
    /// UIKit's `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    /// UIKit's `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Sendable { case none = 0, blue, gray, `default` }
    /// UIKit's `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Int, Sendable { case none = 0, delete, insert }

    public let style: CellStyle
    private(set) var storedTextLabel: UILabel?
    private(set) var storedDetailTextLabel: UILabel?
    private(set) var storedImageView: UIImageView?
    open var accessoryType: AccessoryType = .none
    /// A view at the row's trailing edge; the cell holds it as a subview (beside the content view),
    /// so a switch in it is found, targeted and sent actions as in UIKit.
    open var accessoryView: UIView? {
        didSet { swapSubview(oldValue, for: accessoryView) }
    }
    open var editingAccessoryType: AccessoryType = .none
    open var editingAccessoryView: UIView? {
        didSet { swapSubview(oldValue, for: editingAccessoryView) }
    }
    open var selectionStyle: SelectionStyle = .default
    open var showsReorderControl = false
    open var shouldIndentWhileEditing = true
    open var separatorInset: UIEdgeInsets = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    public private(set) var isEditing = false
    /// A fixed row height from the table (`rowHeight` or `heightForRowAt`), set per request.
    var fixedHeight: CGFloat?

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        super.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    public required init?(coder: NSCoder) {
        style = .default
        super.init(coder: coder)
    }

    private func swapSubview(_ old: UIView?, for new: UIView?) {
        guard old !== new else { return }
        if old?.superview === self { old?.removeFromSuperview() }
        if let new { addSubview(new) }
    }

    /// How a table creates registered classes (through `init(scrollsimReuse:)`): the default style,
    /// as UIKit's registered cells get.
    public override convenience init(frame: CGRect) { self.init(style: .default, reuseIdentifier: nil) }

    /// The title label (made on first use, as UIKit does).
    open var textLabel: UILabel? {
        contentView.installed(&storedTextLabel) { UILabel() }
    }

    /// The second label; nil for the default style, as in UIKit.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        return contentView.installed(&storedDetailTextLabel) { UILabel() }
    }

    open var imageView: UIImageView? {
        contentView.installed(&storedImageView) { UIImageView() }
    }

    /// A fixed row height from the table wins over the cell's own size (UIKit model T2).
    open override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    )
        -> UICollectionViewLayoutAttributes
    {
        guard let fixedHeight else { return super.preferredLayoutAttributesFitting(layoutAttributes) }
        let attributes = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        attributes.frame.size.height = fixedHeight
        return attributes
    }

    /// What the constraints give, and the height the built-in labels need where they leave it
    /// open (AL8).
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        sizingBuiltInViews(
            constrained: super.systemLayoutSizeFitting(
                targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                verticalFittingPriority: verticalFittingPriority))
    }

    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        setNeedsUpdateConfiguration()
    }

    /// A list content configuration styled for this cell's style.
    open override func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    /// The accessories the table shows for the cell's accessory type and the row's editing
    /// style (so list-cell behaviour — delete controls, reorder — applies).
    func tableAccessories(editingStyle: EditingStyle, movable: Bool) -> [UICellAccessory] {
        var result: [UICellAccessory] = []
        switch editingStyle {
        case .delete: result.append(.delete())
        case .insert: result.append(.insert())
        case .none: break
        }
        switch accessoryType {
        case .none: break
        case .disclosureIndicator: result.append(.disclosureIndicator())
        case .checkmark: result.append(.checkmark())
        case .detailButton: result.append(.detail())
        case .detailDisclosureButton: result.append(contentsOf: [.detail(), .disclosureIndicator()])
        }
        if movable || showsReorderControl { result.append(.reorder()) }
        return result
    }
}

/// A section header or footer view (UIKit's `UITableViewHeaderFooterView`). Subclass it as on
/// iOS (override `init(reuseIdentifier:)`); register it with the table view.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UICollectionReusableView {
    public let contentView = UIView()
    open var backgroundView: UIView?
    open var contentConfiguration: (any UIContentConfiguration)?
    open var backgroundConfiguration: UIBackgroundConfiguration?
    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?

    public init(reuseIdentifier: String?) {
        super.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func swapSubview(_ old: UIView?, for new: UIView?) {
        guard old !== new else { return }
        if old?.superview === self { old?.removeFromSuperview() }
        if let new { addSubview(new) }
    }

    /// How a table creates registered classes.
    public override convenience init(frame: CGRect) { self.init(reuseIdentifier: nil) }

    open var textLabel: UILabel? {
        contentView.installed(&storedTextLabel) { UILabel() }
    }

    open var detailTextLabel: UILabel? {
        return contentView.installed(&storedDetailTextLabel) { UILabel() }
    }

    open func defaultContentConfiguration() -> UIListContentConfiguration { .groupedHeader() }
}

extension UIView {
    /// The subview `stored` holds, made by `make` and added here on first use: the labels and
    /// image views table rows and headers create only when the app asks for them, as UIKit does.
    func installed<View: UIView>(_ stored: inout View?, _ make: () -> View) -> View {
        if let view = stored { return view }
        let view = make()
        addSubview(view)
        stored = view
        return view
    }
}
