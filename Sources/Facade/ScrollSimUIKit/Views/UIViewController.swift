import Foundation

/// A view controller (UIKit's `UIViewController`): loads its view at the screen's size and calls
/// `viewDidLoad`; a simulator calls the appearance methods in UIKit's order when it shows,
/// pushes, pops, presents or dismisses controllers (UIKit model N3). Navigation items, editing,
/// containment and presentation are kept as UIKit keeps them.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// UIKit's `UIModalPresentationStyle`.
    public enum ModalPresentationStyle: Int, Sendable {
        case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
        case none = -1, automatic = -2
    }

    /// UIKit's `UIModalTransitionStyle`.
    public enum ModalTransitionStyle: Int, Sendable { case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl }

    private var loadedView: UIView? {
        didSet {
            if oldValue?.owningController === self { oldValue?.owningController = nil }
            loadedView?.owningController = self
        }
    }
    /// Setting it sets the navigation item's title, as UIKit does.
    open var title: String? {
        didSet { navigationItem.title = title }
    }
    /// The size the view is loaded at (a simulator sets its device's bounds).
    var loadingBounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// The simulator showing this controller (set on the root controller only; others find it
    /// through their parent or presenter).
    weak var hostSimulator: ScrollSimulator?
    /// Whether a storyboard made the controller: its view's outlets are connected when the view
    /// loads, before `viewDidLoad`, as the storyboard's view nib connects them.
    var connectsOutletsOnLoad = false

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    public required init?(coder: NSCoder) { super.init() }

    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The view's superview, else the controller that presented this one or its parent (UIKit's
    /// responder chain).
    open override var next: UIResponder? { viewIfLoaded?.superview ?? parent ?? presentingViewController }

    /// The root view, loaded on first access.
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: loadingBounds) }
        if connectsOutletsOnLoad { UINib.connect(self) }
        viewDidLoad()
    }

    /// Creates the root view; the default is a plain view of the screen's size.
    open func loadView() { loadedView = UIView(frame: loadingBounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}
    /// Called by a simulator before a rotation, with a coordinator whose alongside animations run
    /// at once.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Navigation bar

    /// What the navigation bar shows for this controller.
    public private(set) lazy var navigationItem: UINavigationItem = {
        let item = UINavigationItem()
        item.owner = self
        return item
    }()

    /// The nearest navigation controller above this one.
    public var navigationController: UINavigationController? {
        (parent as? UINavigationController) ?? parent?.navigationController
    }
    /// The tab's item; stored.
    public lazy var tabBarItem = UITabBarItem(title: title, image: nil, tag: 0)
    open var hidesBottomBarWhenPushed = false
    /// The items a navigation controller's toolbar shows for this controller; stored.
    open var toolbarItems: [UIBarButtonItem]?
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) { self.toolbarItems = toolbarItems }
    /// Extra safe-area insets the controller asks for; they move where its content rests.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { navigationBarDidChange() }
    }
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
    open var preferredContentSize: CGSize = .zero
    open var modalPresentationStyle: ModalPresentationStyle = .automatic
    /// Where a popover or action sheet on iPad points (stored).
    public private(set) lazy var popoverPresentationController: UIPopoverPresentationController? =
        UIPopoverPresentationController()
    open var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    open var isModalInPresentation = false
    open var definesPresentationContext = false
    open var providesPresentationContextTransitionStyle = false
    open func setNeedsStatusBarAppearanceUpdate() {}
    // The status bar and orientations the controller asks for: read by no one here (the
    // simulator draws no status bar and rotates when a test asks).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var prefersStatusBarHidden: Bool { false }
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    open var shouldAutorotate: Bool { true }
    /// True during the appearance methods of a push (to) or pop (from), or of a presentation or
    /// dismissal (N3).
    public internal(set) var isMovingToParent = false
    public internal(set) var isMovingFromParent = false
    public internal(set) var isBeingPresented = false
    public internal(set) var isBeingDismissed = false

    /// A bar or inset change: the simulator re-places the shown content (N1).
    func navigationBarDidChange() { host?.barsDidChange(for: self) }

    var host: ScrollSimulator? { hostSimulator ?? parent?.host ?? presentingViewController?.host }

    // MARK: Traits

    /// The traits of the screen the controller is shown on (an iPhone 13's when it is not).
    open var traitCollection: UITraitCollection { viewIfLoaded?.traitCollection ?? host?.traits ?? .standard }

    /// No transition animates here: always nil, as outside an animated transition in UIKit.
    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    // MARK: Editing

    public private(set) var isEditing = false
    /// Enters or leaves editing mode; subclasses override it to update their views.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        editButton?.title = editing ? "Done" : "Edit"
        editButton?.style = editing ? .done : .plain
    }
    private var editButton: UIBarButtonItem?
    /// A button that toggles editing ("Edit" / "Done"); a simulator tap on it runs `setEditing`.
    public var editButtonItem: UIBarButtonItem {
        if let editButton { return editButton }
        let item = UIBarButtonItem(
            title: "Edit", image: nil,
            primaryAction: UIAction(title: "Edit") { [weak self] _ in
                guard let self else { return }
                self.setEditing(!self.isEditing, animated: true)
            })
        editButton = item
        return item
    }

    /// Called on a controller made from a nib or storyboard (scrollsim makes none).
    open func awakeFromNib() {}

    // MARK: Containment

    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    public private(set) var presentedViewController: UIViewController?
    private weak var presenter: UIViewController?
    /// The controller that presented this one or the presented container it is in.
    public var presentingViewController: UIViewController? { presenter ?? parent?.presentingViewController }

    /// Presents `viewControllerToPresent` over this controller; on a simulator it becomes the
    /// shown screen (its view loads, the appearance methods run in UIKit's order, N3), and
    /// `completion` runs when it has appeared.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil else {
            // UIKit logs "Attempt to present … which is already presenting" and does nothing.
            return
        }
        let previous = host?.shownController
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presenter = self
        viewControllerToPresent.isBeingPresented = true
        defer { viewControllerToPresent.isBeingPresented = false }
        if let host, let previous, viewControllerToPresent.coversContent {
            host.transition(from: previous, to: viewControllerToPresent.contentController, animated: flag)
        }
        completion?()
    }

    /// Dismisses the controller this one presented, or the presentation this one is part of.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentedViewController == nil ? presentingViewController : self
        guard let presenter, let presented = presenter.presentedViewController else {
            completion?()
            return
        }
        let host = presenter.host
        presenter.presentedViewController = nil
        presented.presenter = nil
        presented.isBeingDismissed = true
        defer { presented.isBeingDismissed = false }
        if let host, let shown = host.shownController, presented.coversContent {
            host.transition(from: shown, to: presenter.contentController, animated: flag)
        }
        completion?()
    }

    /// Pushes onto the navigation controller if there is one, else presents (UIKit's default).
    /// Segues (see `UIStoryboardSegue`): the source prepares the destination; any segue may run.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// Whether presenting this controller replaces the content on screen (an alert stays over it).
    var coversContent: Bool { true }

    /// The controller whose content is on screen when this one is: the top of a navigation
    /// stack, the controller this one presented, else itself.
    var contentController: UIViewController {
        if let presentedViewController, presentedViewController.coversContent { return presentedViewController.contentController }
        if let navigation = self as? UINavigationController, let top = navigation.topViewController {
            return top.contentController
        }
        if let tabs = self as? UITabBarController, let selected = tabs.selectedViewController {
            return selected.contentController
        }
        return self
    }
}

/// The context of an animated transition (UIKit's `UIViewControllerTransitionCoordinatorContext`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext {
    var isAnimated: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
}

/// Runs animations alongside a transition (UIKit's `UIViewControllerTransitionCoordinator`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

/// The coordinator a simulator passes to `viewWillTransition(to:with:)`: nothing animates, so
/// the alongside block and the completion run at once, in that order.
@MainActor
final class ImmediateTransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated = false
    let isCancelled = false
    let transitionDuration: TimeInterval = 0

    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animation?(self)
        completion?(self)
        return true
    }
}
