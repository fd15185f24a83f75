import Foundation

/// What a long press on an item shows (UIKit's `UIContextMenuConfiguration`): the simulator can
/// ask for it (`ScrollSimulator.contextMenu(forItemAt:)`) and run its actions; nothing is drawn.
@preconcurrency @MainActor
open class UIContextMenuConfiguration {
    public typealias PreviewProvider = () -> UIViewController?
    public typealias ActionProvider = ([UIMenuElement]) -> UIMenu?

    public let identifier: NSCopying
    public let previewProvider: PreviewProvider?
    public let actionProvider: ActionProvider?
    open var preferredMenuElementOrder: Int = 0

    public init(identifier: NSCopying? = nil, previewProvider: PreviewProvider?, actionProvider: ActionProvider? = nil) {
        self.identifier = identifier ?? NSUUID()
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// The animator a context menu's preview commit gets (UIKit's
/// `UIContextMenuInteractionCommitAnimating`): completions run at once.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionCommitAnimating: AnyObject {
    var previewViewController: UIViewController? { get }
    func addCompletion(_ completion: @escaping () -> Void)
}

/// A context-menu interaction a view holds (UIKit's `UIContextMenuInteraction`); stored.
@preconcurrency @MainActor
open class UIContextMenuInteraction {
    public weak var delegate: AnyObject?
    public init(delegate: AnyObject) { self.delegate = delegate }
}

extension ScrollSimulator {
    /// The context menu a long press on the item at `indexPath` would show: the delegate's
    /// configuration and the menu its action provider makes (nil when the delegate gives none).
    public func contextMenu(forItemAt indexPath: IndexPath) throws -> UIMenu? {
        guard let view = collectionView else { throw ScrollSimulatorError.notShowing }
        return try simulate {
            guard let delegate = view.delegate else { return nil }
            let configuration =
                delegate.collectionView(view, contextMenuConfigurationForItemsAt: [indexPath], point: .zero)
                ?? delegate.collectionView(view, contextMenuConfigurationForItemAt: indexPath, point: .zero)
            return configuration?.actionProvider?([])
        }
    }
}
