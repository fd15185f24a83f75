import Foundation

/// A view controller (UIKit's `UIViewController`): loads its view at the screen's size and calls
/// `viewDidLoad`, so a screen's controller code can run as written.
@preconcurrency @MainActor
open class UIViewController {
    private var loadedView: UIView?
    open var title: String?
    /// The size the view is loaded at (a simulator sets its device's bounds).
    var loadingBounds = CGRect(x: 0, y: 0, width: 390, height: 844)

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    public required init?(coder: NSCoder) {}

    public convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: loadingBounds) }
        viewDidLoad()
    }

    /// Creates the root view; the default is a plain view of the screen's size.
    open func loadView() { loadedView = UIView(frame: loadingBounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
}

/// A view controller whose view is a collection view (UIKit's `UICollectionViewController`).
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController {
    private let initialLayout: UICollectionViewLayout
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    open override func loadView() { view = UICollectionView(frame: loadingBounds, collectionViewLayout: initialLayout) }
}
