import CollectionView
import Foundation

/// The heights of the bars above a controller's content (UIKit model N1). UIKit documents none
/// of them; these are the values measured on iOS 15 to 17 devices [B], parameters so a test can
/// use another device's.
public struct BarMetrics: Sendable, Hashable {
    /// A standard navigation bar in a regular-height screen (portrait iPhone, iPad).
    public var navigationBar: CGFloat = 44
    /// A navigation bar in a compact-height screen (landscape iPhone).
    public var compactNavigationBar: CGFloat = 32
    /// What a large title adds under the standard bar.
    public var largeTitle: CGFloat = 52
    /// A search bar shown under the navigation bar.
    public var searchBar: CGFloat = 52

    public init() {}
}

extension ScrollSimulator {
    /// Loads a view controller's view at the device's size (`viewDidLoad` runs) and shows its
    /// content: for a navigation controller its top controller under the bar, for a controller
    /// that presented another the presented one. The content's first collection view (a table
    /// view's too) is laid out; `viewWillAppear` runs before, `viewDidAppear` after, outer
    /// controllers before inner ones (N3). A collection view created with the view's bounds (or no
    /// size) fills the screen and rests under the status bar and any navigation bar (N1); one the
    /// app gave another size keeps it.
    /// The controller is made inside the call (an autoclosure), so the work its initialiser
    /// starts — a view model's first load — runs on the simulator's clock.
    public func show(_ makeViewController: @autoclosure () throws -> UIViewController) throws {
        try simulate {
            let viewController = try makeViewController()
            rootController = viewController
            viewController.hostSimulator = self
            let content = viewController.contentController
            let chain = Self.containers(from: viewController, to: content)
            for controller in chain { load(controller) }
            enterWindow(viewController.view, controller: viewController)
            for controller in chain { controller.viewWillAppear(false) }
            try attachContent(of: content)
            for controller in chain { controller.viewIsAppearing(false) }
            for controller in chain { controller.viewDidAppear(false) }
        }
    }

    /// The controller whose content is on screen, as UIKit's `visibleViewController` would say.
    public var visibleViewController: UIViewController? { shownController }

    /// Replaces the content on screen after a push, pop, present or dismiss, in UIKit's order
    /// (N3): the new controller's view loads, the old one is told it will disappear and the new
    /// one that it will appear, the new content is laid out, then the old one has disappeared and
    /// the new one has appeared. Nothing animates: the new content is in place at once [B].
    func transition(from old: UIViewController, to new: UIViewController, animated: Bool) {
        guard old !== new else {
            barsDidChange(for: new)
            return
        }
        load(new)
        old.viewWillDisappear(animated)
        new.viewWillAppear(animated)
        do {
            try attachContent(of: new)
        } catch {
            // A controller with no collection view: nothing to scroll, the old content is gone.
            collectionView = nil
            shownController = new
            runner.warn(
                "\(Swift.type(of: new)) has no collection or table view: nothing on screen scrolls until it is dismissed or popped"
            )
        }
        new.viewIsAppearing(animated)
        old.viewDidDisappear(animated)
        new.viewDidAppear(animated)
    }

    /// A bar, title mode, search controller or extra inset changed: the shown content's safe area
    /// is recomputed (N1), which moves where content at rest sits.
    func barsDidChange(for controller: UIViewController) {
        guard let shown = shownController, let view = collectionView, fillsScreen else { return }
        var current: UIViewController? = shown
        while let c = current, c !== controller { current = c.parent }
        guard current != nil || controller === shown.navigationController else { return }
        placeOnScreen(view)
    }

    /// The safe area of the content on screen: the device's, then the navigation bar above a
    /// controller in a navigation stack (standard, compact or with a large title), a search bar
    /// that does not hide when scrolling, and the controller's `additionalSafeAreaInsets` (N1, N2).
    var contentSafeArea: NSDirectionalEdgeInsets {
        var insets = screen.safeAreaInsets
        guard let shown = shownController else { return insets }
        if let navigation = shown.navigationController, !navigation.isNavigationBarHidden {
            let compactHeight = isLandscape && !screen.isPad
            var bar = compactHeight ? bars.compactNavigationBar : bars.navigationBar
            let item = Self.stackMember(of: shown, in: navigation).navigationItem
            if navigation.showsLargeTitle(for: Self.stackMember(of: shown, in: navigation), compactHeight: compactHeight) {
                bar += bars.largeTitle
            }
            if item.searchController != nil, !item.hidesSearchBarWhenScrolling { bar += bars.searchBar }
            insets.top += bar
        }
        let extra = shown.additionalSafeAreaInsets
        insets.top += extra.top
        insets.bottom += extra.bottom
        insets.leading += extra.left
        insets.trailing += extra.right
        return insets
    }

    // MARK: Gestures on bars and search

    /// A tap on a bar button: its primary action runs (or its menu's first action). An item with
    /// only a target–action pair cannot run here (no Objective-C runtime) and is an error.
    public func tap(_ item: UIBarButtonItem) throws {
        try screenAction("tap bar button \(item.title ?? item.systemItem.map { "\($0)" } ?? "item")") {
            guard item.performTap() else { throw ScrollSimulatorError.barButtonCannotRun(item.title ?? "untitled") }
        }
    }

    /// A gesture the recognizer recognizes (a tap, a long press, a swipe, a drag): unless its
    /// delegate's `gestureRecognizerShouldBegin` refuses, it goes through its states (began,
    /// changed, ended for continuous ones) and its targets' actions are sent, each logged as app
    /// work. Returns whether it was recognized.
    @discardableResult
    public func recognize(_ gestureRecognizer: UIGestureRecognizer) throws -> Bool {
        guard gestureRecognizer.view != nil else {
            throw ScrollSimulatorError.recognizerNotInView("\(Swift.type(of: gestureRecognizer))")
        }
        var recognized = false
        try screenAction("\(Swift.type(of: gestureRecognizer)) on \(Swift.type(of: gestureRecognizer.view!))") {
            recognized = gestureRecognizer.simulateRecognition()
        }
        return recognized
    }

    /// A tap on the back button: the shown controller's navigation controller pops it (N3).
    public func tapBackButton() throws {
        try screenAction("tap back") {
            guard let navigation = shownController?.navigationController, navigation.viewControllers.count > 1 else {
                throw ScrollSimulatorError.nothingToPop
            }
            navigation.popViewController(animated: true)
        }
    }

    /// Types `text` into the shown controller's search bar (its navigation item's search
    /// controller, else the first search bar in its view), one keystroke at a time: each tells
    /// the delegate and the results updater, and ends with a layout cycle, as each keystroke is
    /// its own run-loop turn on a device.
    public func type(_ text: String) throws {
        try screenAction("type \"\(text)\"") {
            let bar = try searchBar()
            bar.simulateTyping(text) { collectionView?.layoutIfNeeded() }
        }
    }

    /// Deletes `count` characters from the search bar, one keystroke each.
    public func deleteBackward(_ count: Int = 1) throws {
        try screenAction("delete \(count)") {
            let bar = try searchBar()
            bar.simulateDeleting(count) { collectionView?.layoutIfNeeded() }
        }
    }

    /// A tap on the search bar's Cancel: the text clears and the search ends.
    public func cancelSearch() throws {
        try screenAction("cancel search") {
            try searchBar().simulateCancel()
            collectionView?.layoutIfNeeded()
        }
    }

    // MARK: Helpers

    private func searchBar() throws -> UISearchBar {
        guard let shown = shownController else { throw ScrollSimulatorError.notShowing }
        if let bar = shown.navigationItem.searchController?.searchBar { return bar }
        if let navigation = shown.navigationController,
            let bar = Self.stackMember(of: shown, in: navigation).navigationItem.searchController?.searchBar
        {
            return bar
        }
        if let bar = Self.first(UISearchBar.self, in: shown.view) { return bar }
        throw ScrollSimulatorError.noSearchBar(String(describing: Swift.type(of: shown)))
    }

    private func screenAction(_ name: String, _ body: () throws -> Void) throws {
        guard shownController != nil else { throw ScrollSimulatorError.notShowing }
        try simulate {
            runner.cause = "gesture \(name)"
            runner.append(.gesture, section: nil, item: nil, detail: name)
            try body()
            if let view = collectionView {
                view.layoutIfNeeded()
                runner.settle(view.engine)
            }
            runner.cause = "frame"
        }
    }

    private func load(_ controller: UIViewController) {
        controller.loadingBounds = CGRect(origin: .zero, size: screen.size)
        controller.loadViewIfNeeded()
        controller.view.frame = CGRect(origin: .zero, size: screen.size)
        controller.view.assignedTraits = traits
    }

    /// Shows `content`'s first collection view: the shown controller changes first so the safe
    /// area counts its bars.
    private func attachContent(of content: UIViewController) throws {
        load(content)
        guard let view = Self.firstCollectionView(in: content.view) else {
            throw ScrollSimulatorError.noCollectionView(String(describing: Swift.type(of: content)))
        }
        shownController = content
        window.contentRoots = [content.view]
        attach(view)
        view.layoutIfNeeded()
    }

    /// The controllers from `root` down to `content` whose appearance methods run (containers
    /// first).
    static func containers(from root: UIViewController, to content: UIViewController) -> [UIViewController] {
        var chain: [UIViewController] = []
        var current: UIViewController? = content
        while let c = current {
            chain.insert(c, at: 0)
            if c === root { break }
            current = c.parent ?? c.presentingViewController
        }
        return chain
    }

    /// The controller in `navigation`'s stack that holds `controller` (itself or an ancestor).
    static func stackMember(of controller: UIViewController, in navigation: UINavigationController) -> UIViewController {
        var current = controller
        while let parent = current.parent, parent !== navigation { current = parent }
        return current
    }

    static func first<View: UIView>(_ type: View.Type, in view: UIView) -> View? {
        if let found = view as? View { return found }
        for subview in view.subviews {
            if let found = first(type, in: subview) { return found }
        }
        return nil
    }
}
