import ScrollSimUIKit
import Testing

/// The UIKit surface production screens touch beyond layouts and data sources: the screen, the
/// device, the application and its window, nibs, layout switching, refresh controls, alerts,
/// context menus, `UICollectionViewController` as its view's delegate, and the inert views
/// (layers, paths, renderers, effects, feedback, spinners, font metrics).
@MainActor
@Suite("The UIKit surface production screens touch")
struct ProductionSurfaceTests {
    func shown() throws -> (ScrollSimulator, ProductionGridController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = ProductionGridController()
        try simulator.show(UINavigationController(rootViewController: controller))
        return (simulator, controller)
    }

    @Test("UIScreen.main and UIDevice.current follow the simulator's device and its rotation")
    func screenAndDevice() throws {
        let simulator = ScrollSimulator(device: .iPad)
        try simulator.show(UINavigationController(rootViewController: ProductionGridController()))
        #expect(UIScreen.main.bounds.size == CGSize(width: 820, height: 1180))
        #expect(UIScreen.main.scale == 2)
        #expect(UIScreen.main.nativeBounds.size == CGSize(width: 1640, height: 2360))
        #expect(UIDevice.current.userInterfaceIdiom == .pad)
        try simulator.rotate()
        #expect(UIScreen.main.bounds.size == CGSize(width: 1180, height: 820))
        #expect(UIDevice.current.orientation.isLandscape)
        let phone = ScrollSimulator(device: .iPhoneSE)
        try phone.show(ProductionGridController())
        #expect(UIScreen.main.bounds.size == CGSize(width: 375, height: 667))
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
    }

    @Test("the shown screen is in the app's key window, in its one connected scene")
    func applicationAndWindow() throws {
        let (simulator, controller) = try shown()
        let window = try #require(UIApplication.shared.keyWindow)
        #expect(window === simulator.window)
        #expect(controller.view.window === window)
        #expect(controller.collectionView.window === window)
        #expect(window.rootViewController === controller.navigationController)
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        #expect(scene.windows.contains { $0 === window })
        #expect(window.windowScene === scene)
        UIApplication.shared.open(URL(string: "https://example.com")!)
        #expect(UIApplication.shared.openedURLs.last == URL(string: "https://example.com"))
    }

    @Test("a nib-registered cell is made as nib loading makes it (init(coder:), then awakeFromNib once)")
    func nibCells() throws {
        let (_, controller) = try shown()
        let cells = controller.collectionView.visibleCells.compactMap { $0 as? NibBannerCell }
        #expect(!cells.isEmpty)
        #expect(cells.allSatisfy { $0.madeFromArchive && $0.awoke == 1 })
        #expect(cells.allSatisfy { $0.layer.cornerCurve == .continuous && $0.layer.shadowPath != nil })
        let view = try #require(UINib(nibName: "GradientView", bundle: nil).instantiate(withOwner: nil).first as? GradientView)
        #expect(view.gradient.startPoint == CGPoint(x: 0.5, y: 0))
    }

    @Test("a nib that names no class is a UIKit error that says nib files are not read")
    func unresolvedNib() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let view = UICollectionView(frame: .zero, collectionViewLayout: ProductionGridController.listLayout())
        let error = #expect(throws: UIKitException.self) {
            try simulator.perform { view.register(UINib(nibName: "NoSuchCell", bundle: nil), forCellWithReuseIdentifier: "x") }
        }
        #expect(error?.reason.contains("nib files are not read on Linux") == true)
    }

    @Test("setCollectionViewLayout lays out again with the new layout (2.2): the app's provider is counted, a list's is UIKit's")
    func switchingLayouts() throws {
        let (simulator, controller) = try shown()
        let before = simulator.counts
        #expect(before.sectionProvider == 1)
        try simulator.perform { controller.toggleLayout() }
        #expect(simulator.counts.layoutPasses == before.layoutPasses + 1)
        #expect(simulator.counts.sectionProvider == before.sectionProvider)
        #expect(simulator.events(.layoutPass).last?.detail.hasSuffix("resolved=main") == true)
        #expect(controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 0)
        try simulator.perform { controller.toggleLayout() }
        #expect(simulator.counts.sectionProvider == before.sectionProvider + 1)
        #expect(controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 195)
    }

    @Test("the controller is its view's delegate: an overridden didSelectItemAt runs on a tap; an alert stays over the content")
    func delegateAndAlert() throws {
        let (simulator, controller) = try shown()
        #expect(controller.collectionView.delegate === controller)
        #expect(controller.collectionView.dataSource === controller.dataSource)
        try simulator.tap(itemAt: IndexPath(item: 3, section: 0))
        #expect(controller.selected == [IndexPath(item: 3, section: 0)])
        #expect(controller.feedback.feedbackCount == 1)
        #expect(simulator.presentedAlert?.title == "Delete?")
        #expect(simulator.visibleViewController === controller)
        #expect(throws: ScrollSimulatorError.self) { try simulator.tapAlertAction("Archive") }
        try simulator.tapAlertAction("Delete")
        #expect(controller.deleted == [3])
        #expect(simulator.presentedAlert == nil)
        #expect(simulator.counts.deleted == 1)
    }

    @Test("pull to refresh runs the control's action; the app's reload lands 0.5 s later and ends refreshing")
    func pullToRefresh() throws {
        let (simulator, controller) = try shown()
        try simulator.pullToRefresh()
        #expect(controller.refreshes == 1)
        #expect(controller.collectionView.refreshControl?.isRefreshing == true)
        try simulator.runUntilIdle()
        #expect(controller.collectionView.refreshControl?.isRefreshing == false)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 24)
        #expect(simulator.time == 0.5)
    }

    @Test("a context menu comes from the delegate's configuration")
    func contextMenu() throws {
        let (simulator, _) = try shown()
        let menu = try #require(try simulator.contextMenu(forItemAt: IndexPath(item: 2, section: 0)))
        #expect(menu.children.compactMap { ($0 as? UIAction)?.title } == ["Share", "Hide 2"])
    }

    @Test("inert views keep their state: spinner, effect view, renderer, font metrics, accessibility")
    func inertViews() {
        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.isHidden)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        #expect(effect.contentView.superview === effect)
        var drew = false
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30)).image { context in
            context.cgContext.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            drew = true
        }
        #expect(drew && image.size == CGSize(width: 40, height: 30))
        let font = UIFont.systemFont(ofSize: 15)
        #expect(UIFontMetrics(forTextStyle: .headline).scaledFont(for: font) == font)
        #expect(UIFontMetrics.default.scaledValue(for: 12) == 12)
        let view = UIView()
        view.accessibilityTraits = [.button, .header]
        #expect(view.accessibilityTraits.contains(.header))
        UIAccessibility.post(notification: .announcement, argument: "Loaded")
        #expect(UIAccessibility.postedNotifications.last?.argument as? String == "Loaded")
        // Core Graphics' order: `t.scaledBy` scales first, then applies `t`.
        let shifted = CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2))
        #expect(shifted == CGPoint(x: 12, y: 4))
    }
}
