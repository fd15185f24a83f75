import Foundation

/// A pull-to-refresh control (UIKit's `UIRefreshControl`). `ScrollSimulator.pullToRefresh()`
/// pulls it: it begins refreshing and sends `.valueChanged` to its actions; the app ends it with
/// `endRefreshing()`.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    open private(set) var isRefreshing = false
    open var attributedTitle: NSAttributedString?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public convenience init() { self.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func beginRefreshing() { isRefreshing = true }
    open func endRefreshing() { isRefreshing = false }
}

extension ScrollSimulator {
    /// Pulls the shown collection or table view's refresh control: it begins refreshing and its
    /// `.valueChanged` actions run (its `UIAction`s, then its target–action pairs).
    /// Whatever the app loads is counted as data requests.
    public func pullToRefresh() throws {
        guard let view = collectionView else { throw ScrollSimulatorError.notShowing }
        let table = (view.delegate as? TableViewBridge)?.table
        guard let control = view.refreshControl ?? table?.refreshControl else {
            throw ScrollSimulatorError.noRefreshControl
        }
        try gesture("pull to refresh") { _ in
            control.beginRefreshing()
            control.sendActions(for: .valueChanged)
        }
    }
}
