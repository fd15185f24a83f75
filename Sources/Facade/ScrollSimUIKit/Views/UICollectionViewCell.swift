import Foundation

/// A cell (UIKit's `UICollectionViewCell`). Content configurations are applied as UIKit applies
/// them (UIKit model C1, C2): the first makes its content view (`makeContentView()`), later ones
/// of a kind the view supports are set on it; each is counted (`contentViewsCreated`, `contentConfigurationsApplied`)
/// so a screen's configuration cost shows next to its cell-provider calls.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where subclasses add their subviews.
    public let contentView = UIView()
    open var backgroundView: UIView?
    open var selectedBackgroundView: UIView?
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }
    /// The content configuration (e.g. a `UIListContentConfiguration`), shown by the content view
    /// it makes.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    open var backgroundConfiguration: UIBackgroundConfiguration?
    /// Before `updateConfiguration(using:)` runs, the cell sets `contentConfiguration` to
    /// `contentConfiguration.updated(for: state)` (UIKit's order).
    open var automaticallyUpdatesContentConfiguration = true
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Runs on every configuration update, after `updateConfiguration(using:)`.
    // Final: not overridden in practice, and a vtable entry for it was mangled two ways by the
    // compiler (with and without the closure's isolation), which broke the link.
    public final var configurationUpdateHandler: (@MainActor (UICollectionViewCell, UICellConfigurationState) -> Void)?
    /// The view the content configuration made, if any.
    public private(set) var configuredContentView: (any UIView & UIContentView)?
    /// The collection view that dequeued this cell (its counts receive the configuration costs).
    weak var owner: UICollectionView?

    /// Asks for a configuration update; it runs at once unless the cell is being configured by a
    /// provider (then it runs when the provider returns).
    open func setNeedsUpdateConfiguration() { stateDidChange() }
    /// Override to configure the cell for `state`; the default does nothing.
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// The state passed to configuration updates.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = owner?.isEditing ?? false
        return state
    }

    /// Runs the configuration hooks in UIKit's order (C2): automatic configuration updates, then
    /// `updateConfiguration(using:)`, then the update handler.
    func runConfigurationUpdate() {
        let state = configurationState
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    private func stateDidChange() {
        // Inside a provider the update runs when the provider returns (provideCell runs it).
        guard UICollectionView.requestDepth == 0 else { return }
        runConfigurationUpdate()
    }

    private func applyContentConfiguration() {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if let existing = configuredContentView, existing.supports(configuration) {
            existing.configuration = configuration
            owner?.countConfiguration(createdView: false)
        } else {
            configuredContentView?.removeFromSuperview()
            let view = configuration.makeContentView()
            contentView.addSubview(view)
            // It fills the content view, as UIKit pins it, so its size is the cell's (AL4).
            view.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: contentView.topAnchor),
                view.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                view.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                view.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            ])
            configuredContentView = view
            owner?.countConfiguration(createdView: true)
        }
    }
}

/// A list cell with accessories and indentation (UIKit's `UICollectionViewListCell`).
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// Accessories such as `.outlineDisclosure()`; a simulated tap acts on the outline one.
    open var accessories: [UICellAccessory] = []
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10
    open var indentsAccessories = true
    open var separatorLayoutGuide = UILayoutGuide()

    /// A list content configuration with default styling for this cell.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}
