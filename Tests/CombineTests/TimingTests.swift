import Combine
import Testing
import UIKit

/// Schedulers and time operators on the simulator's virtual clock: `receive(on:)`, `delay`,
/// `debounce`, `throttle` and `Timer.publish` run at their virtual times during simulator calls.
@MainActor
@Suite("Combine: schedulers and time on the virtual clock")
struct TimingTests {
    func simulator() throws -> ScrollSimulator {
        let simulator = ScrollSimulator(device: .iPhone13)
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: layout))
        return simulator
    }

    @Test("receive(on: DispatchQueue.main) and RunLoop.main deliver at the run loop's next turn")
    func receiveOn() throws {
        let simulator = try simulator()
        var log: [String] = []
        var cancellables = Set<AnyCancellable>()
        let subject = PassthroughSubject<Int, Never>()
        try simulator.perform {
            subject.receive(on: DispatchQueue.main).sink { log.append("main \($0)") }.store(in: &cancellables)
            subject.receive(on: RunLoop.main).sink { log.append("runloop \($0)") }.store(in: &cancellables)
            subject.send(1)
            log.append("sent")
        }
        #expect(log == ["sent", "main 1", "runloop 1"])
        #expect(simulator.events(.appWork).count == 2)
    }

    @Test("debounce publishes 0.3 s after the last value, on the virtual clock")
    func debounce() throws {
        let simulator = try simulator()
        var results: [String] = []
        let query = PassthroughSubject<String, Never>()
        let cancellable = try simulator.perform {
            query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).sink {
                results.append("\($0) at \(simulator.time)")
            }
        }
        for (text, gap) in [("s", 0.1), ("sc", 0.1), ("scr", 1.0), ("scro", 0.0)] {
            try simulator.perform { query.send(text) }
            try simulator.advance(by: gap)
        }
        try simulator.runUntilIdle()
        #expect(results == ["scr at 0.5", "scro at 1.5"])
        _ = cancellable
    }

    @Test("throttle publishes the first at once and the latest of each interval")
    func throttle() throws {
        let simulator = try simulator()
        var results: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = try simulator.perform {
            subject.throttle(for: .seconds(1), scheduler: DispatchQueue.main, latest: true).sink {
                results.append("\($0) at \(simulator.time)")
            }
        }
        for value in 1...5 {
            try simulator.perform { subject.send(value) }
            try simulator.advance(by: 0.3)
        }
        try simulator.runUntilIdle()
        #expect(results == ["1 at 0.0", "4 at 1.0", "5 at 2.0"])
        _ = cancellable
    }

    @Test("delay shifts values and the completion by the interval; Timer.publish ticks on the clock")
    func delayAndTimer() throws {
        let simulator = try simulator()
        var results: [String] = []
        var ticks: [Double] = []
        var cancellables = Set<AnyCancellable>()
        try simulator.perform {
            [1, 2].publisher.delay(for: .seconds(2), scheduler: RunLoop.main)
                .sink(
                    receiveCompletion: { _ in results.append("done at \(simulator.time)") },
                    receiveValue: { results.append("\($0) at \(simulator.time)") }
                )
                .store(in: &cancellables)
            Timer.publish(every: 0.5, on: .main, in: .common).autoconnect().prefix(3)
                .sink { ticks.append($0.timeIntervalSinceReferenceDate) }.store(in: &cancellables)
        }
        try simulator.runUntilIdle()
        #expect(results == ["1 at 2.0", "2 at 2.0", "done at 2.0"])
        #expect(ticks == [0.5, 1.0, 1.5])
        #expect(simulator.isIdle)
    }

    @Test("dataTaskPublisher loads through the simulator's network; values iterates in a task")
    func dataTaskPublisherAndValues() throws {
        let simulator = try simulator()
        simulator.network.respond(to: "https://api.example.com/page", latency: 0.4, json: "[1,2,3]")
        var pages: [[Int]] = []
        var iterated: [Int] = []
        var cancellables = Set<AnyCancellable>()
        let numbers = PassthroughSubject<Int, Never>()
        try simulator.perform {
            URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/page")!)
                .map(\.data).decode(type: [Int].self, decoder: JSONDecoder())
                .receive(on: DispatchQueue.main)
                .sink(receiveCompletion: { _ in }, receiveValue: { pages.append($0) }).store(in: &cancellables)
            Task {
                for await number in numbers.values { iterated.append(number) }
                iterated.append(-1)
            }
        }
        try simulator.runUntilIdle()
        #expect(pages == [[1, 2, 3]])
        #expect(simulator.time == 0.4)
        #expect(simulator.counts.dataRequestsCompleted == 1)
        // One value per await, as in Combine: a value sent while the loop body runs is dropped by
        // the subject (no demand), a value sent while the loop waits arrives.
        try simulator.perform {
            numbers.send(1)
            numbers.send(2)
        }
        try simulator.perform { numbers.send(3) }
        try simulator.perform { numbers.send(completion: .finished) }
        #expect(iterated == [1, 3, -1])
    }
}
