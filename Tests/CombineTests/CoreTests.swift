import Combine
import Testing

/// Demand, subscribers, cancellables and the basic publishers, as Apple documents them.
@Suite("Combine: demand, subscribers and basic publishers")
struct CoreTests {
    @Test("demand arithmetic: unlimited absorbs, subtraction stops at zero, comparisons")
    func demand() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.unlimited + .max(3) == .unlimited)
        #expect(Subscribers.Demand.max(2) - .max(3) == .none)
        #expect(Subscribers.Demand.unlimited - .max(3) == .unlimited)
        #expect(Subscribers.Demand.max(2) * 3 == .max(6))
        #expect(Subscribers.Demand.max(Int.max) + 1 == .unlimited)
        #expect(Subscribers.Demand.max(1) < .unlimited)
        #expect(Subscribers.Demand.unlimited > 1_000_000)
        #expect(Subscribers.Demand.none == 0)
        #expect(Subscribers.Demand.max(4).max == 4)
        #expect(Subscribers.Demand.unlimited.max == nil)
    }

    @Test("a sequence publisher delivers only what is demanded, then finishes")
    func sequenceHonoursDemand() {
        let recorder = Recorder<Int, Never>(initial: .max(2))
        [1, 2, 3, 4].publisher.subscribe(recorder)
        #expect(recorder.transcript == ["1", "2"])
        recorder.subscription?.request(.max(1))
        #expect(recorder.transcript == ["1", "2", "3"])
        recorder.subscription?.request(.max(5))
        #expect(recorder.transcript == ["1", "2", "3", "4", "|"])
    }

    @Test("demand returned from receive adds to what was asked")
    func demandFromReceive() {
        let recorder = Recorder<Int, Never>(initial: .max(1), each: .max(1))
        (1...5).publisher.subscribe(recorder)
        #expect(recorder.transcript == ["1", "2", "3", "4", "5", "|"])
    }

    @Test("an empty sequence finishes without demand; Empty, Fail and Just")
    func basicPublishers() {
        let empty = Recorder<Int, Never>(initial: .none)
        [Int]().publisher.subscribe(empty)
        #expect(empty.transcript == ["|"])
        let never = Recorder<Int, Never>()
        Empty<Int, Never>(completeImmediately: false).subscribe(never)
        #expect(never.events.isEmpty)
        let fail = Recorder<Int, TestError>(initial: .none)
        Fail<Int, TestError>(error: .boom).subscribe(fail)
        #expect(fail.transcript == ["!boom"])
        let just = Recorder<String, Never>(initial: .none)
        Just("a").subscribe(just)
        #expect(just.events.isEmpty)
        just.subscription?.request(.max(1))
        #expect(just.transcript == ["a", "|"])
    }

    @Test("a cancelled subscription delivers nothing more")
    func cancellationStops() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        #expect(received == [1])
    }

    @Test("an AnyCancellable cancels when it is released; store(in:) keeps it")
    func anyCancellableLifetime() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var set = Set<AnyCancellable>()
        do {
            _ = subject.sink { received.append($0 * 100) }
            subject.sink { received.append($0) }.store(in: &set)
        }
        subject.send(1)
        set.removeAll()
        subject.send(2)
        #expect(received == [1])
        var cancelled = 0
        do { _ = AnyCancellable { cancelled += 1 } }
        #expect(cancelled == 1)
    }

    @Test("PassthroughSubject: subscribers without demand miss values; completion reaches late subscribers")
    func passthroughSubject() {
        let subject = PassthroughSubject<Int, TestError>()
        let eager = Recorder<Int, TestError>()
        let lazy = Recorder<Int, TestError>(initial: .none)
        subject.subscribe(eager)
        subject.subscribe(lazy)
        subject.send(1)
        lazy.subscription?.request(.max(1))
        subject.send(2)
        subject.send(3)
        subject.send(completion: .failure(.boom))
        subject.send(4)
        #expect(eager.transcript == ["1", "2", "3", "!boom"])
        #expect(lazy.transcript == ["2", "!boom"])
        let late = Recorder<Int, TestError>()
        subject.subscribe(late)
        #expect(late.transcript == ["!boom"])
    }

    @Test("CurrentValueSubject: the current value first, the latest held for a subscriber without demand")
    func currentValueSubject() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.value = 1
        subject.send(2)
        let slow = Recorder<Int, Never>(initial: .none)
        subject.subscribe(slow)
        subject.send(3)
        subject.send(4)
        slow.subscription?.request(.max(1))
        #expect(recorder.transcript == ["0", "1", "2", "3", "4"])
        #expect(slow.transcript == ["4"])
        #expect(subject.value == 4)
        subject.send(completion: .finished)
        subject.send(5)
        #expect(subject.value == 4)
        #expect(recorder.transcript.last == "|")
    }

    @Test("Future runs its closure once, at once, and gives its result to every subscriber")
    func future() {
        var runs = 0
        var fulfil: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { promise in
            runs += 1
            fulfil = promise
        }
        let early = Recorder<Int, TestError>()
        future.subscribe(early)
        #expect(runs == 1)
        #expect(early.events.isEmpty)
        fulfil?(.success(7))
        fulfil?(.success(8))
        let late = Recorder<Int, TestError>()
        future.subscribe(late)
        #expect(early.transcript == ["7", "|"])
        #expect(late.transcript == ["7", "|"])
        #expect(runs == 1)
    }

    @Test("Deferred makes a publisher per subscriber")
    func deferred() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made)
        }
        #expect(made == 0)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(first.transcript == ["1", "|"])
        #expect(second.transcript == ["2", "|"])
    }

    @Test("eraseToAnyPublisher keeps behaviour; sink and assign(to:on:)")
    func sinkAndAssign() {
        final class Model {
            var title = ""
        }
        let model = Model()
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.eraseToAnyPublisher().assign(to: \.title, on: model)
        subject.send("a")
        #expect(model.title == "a")
        cancellable.cancel()
        subject.send("b")
        #expect(model.title == "a")
        var completion: Subscribers.Completion<TestError>?
        var values: [Int] = []
        let sink = Fail<Int, TestError>(error: .other).prepend(1).sink(
            receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        #expect(values == [1])
        #expect(completion == .failure(.other))
        _ = sink
    }
}
