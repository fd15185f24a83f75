import ScrollSimUIKit
import Testing

/// A controller a storyboard makes, whose collection view is an outlet (a plain property here:
/// the storyboard's connector assigns it, as nib loading does).
@MainActor
final class StoryboardListController: UIViewController {
    var listView: UICollectionView!
    private(set) var events: [String] = []

    override func awakeFromNib() {
        super.awakeFromNib()
        events.append("awake, view loaded: \(isViewLoaded)")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        events.append("viewDidLoad, outlet in view: \(listView?.superview === view)")
    }
}

@MainActor
@Suite("Storyboard controllers: outlets connected when the view loads")
struct StoryboardOutletTests {
    @Test("a storyboard controller wakes before its view loads; its connector runs with the view in place, before viewDidLoad")
    func outletsOnLoad() throws {
        UINib.connectOutlets(of: StoryboardListController.self) { controller in
            let list = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            controller.view.addSubview(list)
            controller.listView = list
        }
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let controller = try #require(
            storyboard.instantiateViewController(withIdentifier: "StoryboardListController") as? StoryboardListController)
        #expect(controller.events == ["awake, view loaded: false"])
        #expect(controller.listView == nil)
        controller.loadViewIfNeeded()
        #expect(controller.events == ["awake, view loaded: false", "viewDidLoad, outlet in view: true"])
    }
}
