import Foundation

/// A button of an alert or action sheet (UIKit's `UIAlertAction`).
@preconcurrency @MainActor
open class UIAlertAction {
    /// How the button looks (UIKit's `UIAlertAction.Style`).
    public enum Style: Int, Sendable { case `default` = 0, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or action sheet (UIKit's `UIAlertController`). Presented, it stays over the content
/// it covers (which keeps its cells); `ScrollSimulator.tapAlertAction(_:)` taps one of its buttons.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// Alert or action sheet (UIKit's `UIAlertController.Style`).
    public enum Style: Int, Sendable { case actionSheet = 0, alert }

    open var message: String?
    public let preferredStyle: Style
    open private(set) var actions: [UIAlertAction] = []
    open private(set) var textFields: [UITextField]?
    open var preferredAction: UIAlertAction?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    open func addAction(_ action: UIAlertAction) { actions.append(action) }

    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField(frame: .zero)
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }

    override var coversContent: Bool { false }
}

/// How a popover points at its source (UIKit's `UIPopoverPresentationController`); stored.
@preconcurrency @MainActor
open class UIPopoverPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = .zero
    open var barButtonItem: UIBarButtonItem?
    open var permittedArrowDirections: UInt = 0
    init() {}
}

extension ScrollSimulator {
    /// The alert or action sheet presented over the screen, if any.
    public var presentedAlert: UIAlertController? {
        var controller = rootController
        while let current = controller {
            if let alert = current.presentedViewController as? UIAlertController { return alert }
            controller = current.presentedViewController ?? (current as? UINavigationController)?.topViewController
        }
        return nil
    }

    /// Taps the button titled `title` of the presented alert: the alert is dismissed and the
    /// button's handler runs (as in UIKit, after the dismissal starts).
    public func tapAlertAction(_ title: String) throws {
        guard let alert = presentedAlert else { throw ScrollSimulatorError.noAlert }
        guard let action = alert.actions.first(where: { $0.title == title && $0.isEnabled }) else {
            throw ScrollSimulatorError.noAlertAction(title, alert.actions.compactMap(\.title))
        }
        try simulate {
            runner.cause = "gesture tap alert \(title)"
            runner.append(.gesture, section: nil, item: nil, detail: "tap alert action \(title)")
            alert.dismiss(animated: true)
            action.handler?(action)
            if let view = collectionView {
                view.layoutIfNeeded()
                runner.settle(view.engine)
            }
            runner.cause = "frame"
        }
    }
}
