import Foundation

/// A scene (UIKit's `UIScene`).
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// A scene's state (UIKit's `UIScene.ActivationState`).
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }

    /// What a scene is connected with (UIKit's `UIScene.ConnectionOptions`): nothing here.
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        open var urlContexts: Set<AnyHashable> { [] }
        open var userActivities: Set<NSUserActivity> { [] }
        open var shortcutItem: AnyObject? { nil }
    }

    open var activationState: ActivationState { .foregroundActive }
    open var title: String?
    open var delegate: UISceneDelegate?
    /// The scene's session (one per scene).
    public private(set) lazy var session = UISceneSession(scene: self)
    override init() { super.init() }

    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
}

/// The window scene of the app (UIKit's `UIWindowScene`): one, holding the simulator's window.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { UIApplication.shared.windows }
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var screen: UIScreen { .main }
    open var traitCollection: UITraitCollection { UIScreen.main.traitCollection }
    open var interfaceOrientation: UIInterfaceOrientation {
        UIScreen.main.bounds.width > UIScreen.main.bounds.height ? .landscapeRight : .portrait
    }
}

/// A window (UIKit's `UIWindow`). The simulator puts what it shows in the app's key window, so
/// `view.window`, `UIApplication.shared.windows` and `windowScene` answer as on a device.
@preconcurrency @MainActor
open class UIWindow: UIView {
    open var rootViewController: UIViewController?
    open var windowScene: UIWindowScene?
    open private(set) var isKeyWindow = false
    open var windowLevel: CGFloat = 0
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
    /// The root views of the content shown in this window besides its subviews (a navigation
    /// controller's top controller's view, which is not in the container's view here).
    var contentRoots: [UIView] = []

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// The application (UIKit's chain goes through the window scene to the application).
    open override var next: UIResponder? { UIApplication.shared }

    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init(frame: UIScreen.main.bounds)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes this the key window and shows it.
    open func makeKeyAndVisible() {
        UIApplication.shared.adopt(self)
        for window in UIApplication.shared.windows { window.isKeyWindow = window === self }
        isHidden = false
    }

    open func makeKey() { makeKeyAndVisible() }

    /// The device's safe area (in the current orientation).
    open override var safeAreaInsets: UIEdgeInsets {
        let insets = UIScreen.device.safeAreaInsets
        return UIEdgeInsets(top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing)
    }
}

extension UIView {
    /// The window the view is in: the one whose view tree, or shown content, holds it.
    @MainActor public var window: UIWindow? {
        var root: UIView = self
        while let parent = root.superview { root = parent }
        if let window = root as? UIWindow { return window }
        return UIApplication.shared.windows.first { window in window.contentRoots.contains { $0 === root } }
    }

    /// Whether this view is `view` or one of its subviews.
    @MainActor public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }
}
