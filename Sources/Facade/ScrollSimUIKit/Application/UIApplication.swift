import Foundation
import VirtualRunLoop

/// The app (UIKit's `UIApplication`): `UIApplication.shared` holds the window the simulator shows
/// content in, its one window scene, and records the URLs the app asked to open.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app's state (UIKit's `UIApplication.State`).
    public enum State: Int, Sendable { case active = 0, inactive, background }

    /// Options for `open(_:options:completionHandler:)` (UIKit's `UIApplication.OpenExternalURLOptionsKey`).
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    public static let shared = UIApplication()
    public static let openSettingsURLString = "app-settings:"

    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")
    public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")

    private let scene = UIWindowScene()
    /// The windows, weakly: a window lives as long as its owner (a simulator) keeps it.
    private var windowRefs: [WeakWindow] = []
    /// The app's windows, oldest first.
    public var windows: [UIWindow] { windowRefs.compactMap(\.window) }
    /// The URLs the app asked to open, oldest first (nothing opens).
    public private(set) var openedURLs: [URL] = []
    open var applicationState: State { .active }
    open var isIdleTimerDisabled = false
    open var applicationIconBadgeNumber = 0
    open var isNetworkActivityIndicatorVisible = false
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    open var supportsAlternateIcons: Bool { false }
    open var alternateIconName: String? { nil }

    override init() { super.init() }

    open var connectedScenes: Set<UIScene> { [scene] }
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var delegate: AnyObject?

    /// Records `url`; reports success (`canOpenURL` says every URL can be opened).
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil
    ) {
        openedURLs.append(url)
        completion?(true)
    }

    open func canOpenURL(_ url: URL) -> Bool { true }
    open func registerForRemoteNotifications() {}
    open func unregisterForRemoteNotifications() {}
    open func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> Int { 1 }
    open func endBackgroundTask(_ identifier: Int) {}
    /// Sends `action` to `target`, or, when it is nil, to the first responder up the chain from
    /// `sender` (or from the first responder) whose class has the action's method; logged in the
    /// simulator's events, and what could not run in its warnings. Returns whether the method ran.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let resolved: AnyObject?
        if let target {
            resolved = target as AnyObject
        } else {
            let start = (sender as? UIResponder) ?? UIResponder.current ?? keyWindow
            resolved = start?.target(forAction: action, withSender: sender).map { $0 as AnyObject }
        }
        let senderName = sender.map { " from \(type(of: $0))" } ?? ""
        guard let resolved else {
            AppClock.noteAction(
                "'\(action.name)'\(senderName) up the responder chain",
                failure: action.isSendable
                    ? "no responder up the chain has the method" : action.failure(.nameOnly, target: nil, sender: sender))
            return false
        }
        let delivery = action.send(to: resolved, from: sender, event: event)
        AppClock.noteAction(
            "'\(action.name)' to \(type(of: resolved))\(senderName)",
            failure: action.failure(delivery, target: resolved, sender: sender))
        return delivery == .sent
    }
    open func setAlternateIconName(_ alternateIconName: String?, completionHandler: ((Error?) -> Void)? = nil) {
        completionHandler?(nil)
    }

    /// Takes a window into the app's list, in its one scene.
    func adopt(_ window: UIWindow) {
        windowRefs.removeAll { $0.window == nil }
        if !windows.contains(where: { $0 === window }) { windowRefs.append(WeakWindow(window: window)) }
        window.windowScene = window.windowScene ?? scene
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }
}
