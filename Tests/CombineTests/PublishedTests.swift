import Combine
import Testing

/// `@Published` and `ObservableObject` as Combine defines them: `$property` gives the current
/// value, then each new value before the property changes; `objectWillChange` fires before any
/// published property changes.
@Suite("Combine: @Published and ObservableObject")
struct PublishedTests {
    final class Feed: ObservableObject {
        @Published var items: [Int] = []
        @Published var isLoading = false
        var seenInSink: [[Int]] = []
    }

    final class DetailFeed: ObservableObject {
        var plain = 0
    }

    @Test("$property gives the current value, then new values in willSet (the property still old)")
    func published() {
        let feed = Feed()
        var received: [[Int]] = []
        let cancellable = feed.$items.sink { value in
            received.append(value)
            feed.seenInSink.append(feed.items)
        }
        feed.items = [1]
        feed.items.append(2)
        #expect(received == [[], [1], [1, 2]])
        #expect(feed.seenInSink == [[], [], [1]])
        _ = cancellable
    }

    @Test("objectWillChange fires once per change of any @Published property, before it")
    func objectWillChange() {
        let feed = Feed()
        var changes: [String] = []
        let cancellable = feed.objectWillChange.sink { changes.append("will change, items \(feed.items.count)") }
        feed.items = [1]
        feed.isLoading = true
        #expect(changes == ["will change, items 0", "will change, items 1"])
        #expect(feed.objectWillChange === feed.objectWillChange)
        _ = cancellable
        let detail = DetailFeed()
        #expect(detail.objectWillChange === detail.objectWillChange)
    }

    @Test("assign(to: &$property) keeps writing for as long as the property exists")
    func assignToPublished() {
        let feed = Feed()
        let source = PassthroughSubject<[Int], Never>()
        source.assign(to: &feed.$items)
        var changes = 0
        let cancellable = feed.objectWillChange.sink { changes += 1 }
        source.send([7])
        #expect(feed.items == [7])
        #expect(changes == 1)
        _ = cancellable
    }

    @Test("NotificationCenter.publisher delivers posted notifications until cancelled")
    func notifications() {
        let center = NotificationCenter()
        let name = Notification.Name("scrollsim.test")
        var received = 0
        let cancellable = center.publisher(for: name).sink { _ in received += 1 }
        center.post(name: name, object: nil)
        cancellable.cancel()
        center.post(name: name, object: nil)
        #expect(received == 1)
    }
}
