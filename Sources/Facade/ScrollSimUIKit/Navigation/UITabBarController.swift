import Foundation

/// A tab bar controller (UIKit's `UITabBarController`): its tabs' controllers, the selected one
/// shown. The bar takes no space (bars are not drawn, N1); a simulator shows the selected tab's
/// content and a change of tab shows the new one (N3).
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]? {
        didSet {
            for old in oldValue ?? [] where !(viewControllers ?? []).contains(where: { $0 === old }) { old.removeFromParent() }
            for controller in viewControllers ?? [] where controller.parent !== self {
                addChild(controller)
                controller.didMove(toParent: self)
            }
            if selectedIndex >= (viewControllers?.count ?? 0) { selectedIndex = 0 }
        }
    }
    public let tabBar = UITabBar()
    open weak var delegate: UITabBarControllerDelegate?

    open var selectedIndex = 0 {
        didSet {
            guard oldValue != selectedIndex, let controllers = viewControllers, controllers.indices.contains(selectedIndex) else {
                return
            }
            let previous = controllers.indices.contains(oldValue) ? controllers[oldValue] : nil
            if let host, let previous, let shown = host.shownController, shown === previous.contentController {
                host.transition(from: shown, to: controllers[selectedIndex].contentController, animated: false)
            }
        }
    }

    open var selectedViewController: UIViewController? {
        get { viewControllers.flatMap { $0.indices.contains(selectedIndex) ? $0[selectedIndex] : nil } }
        set {
            if let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue }) { selectedIndex = index }
        }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        self.viewControllers = viewControllers
    }
}

/// The bar of tabs (UIKit's `UITabBar`); stored.
@preconcurrency @MainActor
open class UITabBar: UIView {
    open var items: [UITabBarItem]?
    open var selectedItem: UITabBarItem?
    open var isTranslucent = true
    open var barTintColor: UIColor?
    open var unselectedItemTintColor: UIColor?
    open var standardAppearance = UITabBarAppearance()
    open var scrollEdgeAppearance: UITabBarAppearance?
}

/// A tab bar's look (UIKit's `UITabBarAppearance`); stored.
@preconcurrency @MainActor
open class UITabBarAppearance: NSObject {
    open var backgroundColor: UIColor?
    open var shadowColor: UIColor?
    public override init() { super.init() }
    open func configureWithDefaultBackground() { backgroundColor = nil }
    open func configureWithOpaqueBackground() { backgroundColor = .systemBackground }
    open func configureWithTransparentBackground() { backgroundColor = .clear }
}

/// A tab bar controller's delegate (UIKit's `UITabBarControllerDelegate`); every method optional.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        true
    }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

extension UIViewController {
    /// The tab bar controller the controller is in, if any.
    public var tabBarController: UITabBarController? {
        (parent as? UITabBarController) ?? parent?.tabBarController
    }
}
