import ScrollSimUIKit
import Testing

/// A screen that starts loading in its initialiser, as many production view controllers do.
@MainActor
private final class EagerFeedController: UICollectionViewController {
    private(set) var loaded = false

    init() {
        super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        Task { @MainActor in self.loaded = true }
    }

    required init?(coder: NSCoder) { fatalError("not from a nib") }
}

@MainActor
@Suite("Work started between simulator calls is said, never a silent zero")
struct UndrivenWorkTests {
    @Test("a controller made before show starts its Task on the real executor: the next call warns")
    func taskBeforeShow() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = EagerFeedController()
        try simulator.show(controller)
        #expect(!controller.loaded)
        #expect(simulator.warnings.contains { $0.hasPrefix("a Task was started between simulator calls") })
    }

    @Test("made inside the call, its Task runs on the simulator's clock and nothing is said")
    func taskInsideShow() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        var controller: EagerFeedController?
        try simulator.show({ () -> UIViewController in
            let made = EagerFeedController()
            controller = made
            return made
        }())
        #expect(controller?.loaded == true)
        #expect(!simulator.warnings.contains { $0.contains("between simulator calls") })
    }

    @Test("a timer and a main-queue block scheduled between calls are named")
    func timersAndBlocks() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout()))
        let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {}
        try simulator.advance(by: 0.1)
        timer.invalidate()
        #expect(simulator.warnings.contains { $0.hasPrefix("Timer every 1.0 s was started between simulator calls") })
        #expect(simulator.warnings.contains { $0.hasPrefix("DispatchQueue.main.asyncAfter was started between simulator calls") })
    }
}
