import Foundation
import Synchronization
import ScrollSimUIKit
import Testing

/// A screen that refreshes when told, as apps observe a notification on the main queue.
@MainActor
final class RefreshingController: UITableViewController {
    private(set) var refreshes = 0
    private var token: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        token = NotificationCenter.default.addObserver(forName: .scrollsimTestRefresh, object: nil, queue: .main) {
            [weak self] _ in
            MainActor.assumeIsolated { self?.refreshes += 1 }
        }
    }
}

extension Notification.Name {
    static let scrollsimTestRefresh = Notification.Name("ScrollSimTestRefresh")
}

@MainActor
@Suite("Main-queue notification observers run at once when posted on the main thread")
struct MainQueueObserverTests {
    @Test("posted during a simulator call, and from the test's main actor, the observer runs before post returns, as on iOS")
    func runsInline() throws {
        let controller = RefreshingController(style: .plain)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.perform { NotificationCenter.default.post(name: .scrollsimTestRefresh, object: nil) }
        #expect(controller.refreshes == 1)
        NotificationCenter.default.post(name: .scrollsimTestRefresh, object: nil)
        #expect(controller.refreshes == 2)
    }

    @Test("posted on another thread, the observer runs on the main queue while the poster waits")
    func otherThread() async throws {
        let ran = Mutex(false)
        let token = NotificationCenter.default.addObserver(forName: .scrollsimTestRefresh, object: nil, queue: .main) { _ in
            ran.withLock { $0 = true }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        await Task.detached {
            NotificationCenter.default.post(name: .scrollsimTestRefresh, object: nil)
        }.value
        #expect(ran.withLock { $0 })
    }
}
