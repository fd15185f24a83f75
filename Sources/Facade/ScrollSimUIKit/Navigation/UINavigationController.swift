import Foundation

/// A stack of view controllers under a navigation bar (UIKit's `UINavigationController`). On a
/// simulator, pushing and popping show the new top controller's content with the appearance
/// methods in UIKit's order (UIKit model N3), and the bar's height moves where content rests
/// (N1, N2).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// UIKit's `UINavigationController.Operation`.
    public enum Operation: Int, Sendable { case none = 0, push, pop }

    public private(set) var viewControllers: [UIViewController] = []
    public let navigationBar = UINavigationBar()
    public let toolbar = UIToolbar()
    public private(set) var isNavigationBarHidden = false
    public private(set) var isToolbarHidden = true
    open var hidesBarsOnSwipe = false
    open var hidesBarsOnTap = false
    open weak var delegate: (any UINavigationControllerDelegate)?

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        navigationBar.owner = self
        adopt(rootViewController)
        viewControllers = [rootViewController]
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        navigationBar.owner = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        navigationBar.owner = self
    }

    public var topViewController: UIViewController? { viewControllers.last }
    public var visibleViewController: UIViewController? { topViewController?.contentController }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
        navigationBarDidChange()
    }

    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    /// Pushes `viewController`; pushing one already in the stack is UIKit's crash.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === viewController }) else {
            UIKitException.raise(
                "Pushing the same view controller instance (\(viewController)) more than once is not supported",
                name: "NSInvalidArgumentException")
            return
        }
        let previous = topViewController
        adopt(viewController)
        viewControllers.append(viewController)
        changedTop(from: previous, animated: animated, operation: .push)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let popped = viewControllers.popLast() else { return nil }
        popped.removeFromParent()
        changedTop(from: popped, animated: animated, operation: .pop)
        return popped
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }), index < viewControllers.count - 1
        else { return nil }
        let previous = topViewController
        let popped = Array(viewControllers[(index + 1)...])
        viewControllers.removeSubrange((index + 1)...)
        for controller in popped { controller.removeFromParent() }
        changedTop(from: previous, animated: animated, operation: .pop)
        return popped
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let previous = topViewController
        for controller in self.viewControllers where !viewControllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in viewControllers where controller.parent !== self { adopt(controller) }
        self.viewControllers = viewControllers
        if previous !== topViewController { changedTop(from: previous, animated: animated, operation: .none) }
    }

    private func adopt(_ controller: UIViewController) {
        addChild(controller)
        controller.didMove(toParent: self)
    }

    /// The top changed: on a screen, the simulator shows the new top's content (N3).
    private func changedTop(from previous: UIViewController?, animated: Bool, operation: Operation) {
        guard let top = topViewController else { return }
        // During the appearance methods a pushed controller is moving to its parent and a popped
        // one from it.
        let moving = operation == .push ? top : nil
        let leaving = operation == .pop ? previous : nil
        moving?.isMovingToParent = true
        leaving?.isMovingFromParent = true
        defer {
            moving?.isMovingToParent = false
            leaving?.isMovingFromParent = false
        }
        delegate?.navigationController(self, willShow: top, animated: animated)
        if let host, let shown = host.shownController, shown === previous?.contentController || isShowing(shown) {
            host.transition(from: shown, to: top.contentController, animated: animated)
        }
        delegate?.navigationController(self, didShow: top, animated: animated)
    }

    private func isShowing(_ controller: UIViewController) -> Bool {
        var current: UIViewController? = controller
        while let c = current {
            if c === self { return true }
            current = c.parent
        }
        return false
    }

    /// Whether `controller` (the content on screen, in this stack) shows a large title (N2):
    /// the bar prefers large titles, the vertical size class is regular, and the controller's
    /// mode is `.always`, or `.automatic` with the item below it large (the root counts as large).
    func showsLargeTitle(for controller: UIViewController, compactHeight: Bool) -> Bool {
        guard navigationBar.prefersLargeTitles, !compactHeight else { return false }
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else { return false }
        for i in stride(from: index, through: 0, by: -1) {
            switch viewControllers[i].navigationItem.largeTitleDisplayMode {
            case .always: return true
            case .never, .inline: return false
            case .automatic: continue
            }
        }
        return true
    }
}

/// A navigation controller's delegate (UIKit's `UINavigationControllerDelegate`).
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`): its settings are
/// stored; `prefersLargeTitles` decides the bar's height with the items' modes (N1, N2).
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    open var prefersLargeTitles = false {
        didSet { owner?.navigationBarDidChange() }
    }
    open var isTranslucent = true
    open var barTintColor: UIColor?
    open var barStyle = 0
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    open var standardAppearance = UINavigationBarAppearance()
    open var scrollEdgeAppearance: UINavigationBarAppearance?
    open var compactAppearance: UINavigationBarAppearance?
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?
    open var shadowImage: UIImage?
    open var backIndicatorImage: UIImage?
    open var backIndicatorTransitionMaskImage: UIImage?
    private var backgroundImages: [UIBarMetrics: UIImage] = [:]
    weak var owner: UINavigationController?

    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        backgroundImages[barMetrics] = backgroundImage
    }
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? { backgroundImages[barMetrics] }
}

/// Bar sizes an image is set for (UIKit's `UIBarMetrics`).
public enum UIBarMetrics: Int, Sendable { case `default` = 0, compact, defaultPrompt = 101, compactPrompt }

/// A toolbar (UIKit's `UIToolbar`); stored.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    open var items: [UIBarButtonItem]?
    open var isTranslucent = true
    open var barTintColor: UIColor?
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }
}
