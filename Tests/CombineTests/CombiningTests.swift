import Combine
import Foundation
import Testing

/// The several-upstream operators: merge, combineLatest, zip, flatMap, switchToLatest, prepend,
/// append and share, with their ordering, completion and cancellation.
@Suite("Combine: combining operators")
struct CombiningTests {
    @Test("merge interleaves in arrival order and finishes when every upstream has")
    func merge() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        #expect(!recorder.isFinished)
        b.send(4)
        b.send(completion: .finished)
        #expect(recorder.transcript == ["1", "2", "3", "4", "|"])
        let many = Recorder<Int, Never>()
        Publishers.MergeMany([1].publisher, [2].publisher, [3].publisher).subscribe(many)
        #expect(many.transcript == ["1", "2", "3", "|"])
    }

    /// `CombineLatest` and `Zip`, `DropWhile` and `FirstWhere`, `ReceiveOn` and `SubscribeOn` are
    /// each one generic type told apart by a rule; Combine's names stay those of the operators.
    @Test("operators that share one type keep Combine's names: as types and in their subscriptions")
    func sharedTypesKeepTheirNames() {
        func described<P: Publisher>(_ publisher: P) -> String {
            let recorder = Recorder<P.Output, P.Failure>()
            publisher.subscribe(recorder)
            return recorder.subscription.map { "\($0)" } ?? "none"
        }
        let subject = PassthroughSubject<Int, Never>()
        let queue = DispatchQueue(label: "names")
        let names = [
            described(subject.combineLatest(subject)), described(subject.zip(subject)),
            described(subject.combineLatest(subject, subject)), described(subject.zip(subject, subject)),
            described(subject.merge(with: subject)), described(subject.merge(with: subject, subject)),
            described(subject.drop(while: { $0 < 2 })), described(subject.first(where: { $0 > 2 })),
            described(subject.receive(on: queue)), described(subject.subscribe(on: queue)),
        ]
        #expect(
            names == [
                "CombineLatest", "Zip", "CombineLatest3", "Zip3", "Merge", "Merge3", "DropWhile", "FirstWhere", "ReceiveOn",
                "SubscribeOn",
            ])
        let zip: Publishers.Zip<PassthroughSubject<Int, Never>, Just<String>> = Publishers.Zip(subject, Just("a"))
        let recorder = Recorder<(Int, String), Never>()
        zip.subscribe(recorder)
        subject.send(1)
        #expect(recorder.values.map { "\($0.0)\($0.1)" } == ["1a"])
    }

    @Test("combineLatest waits for a value from each, then publishes on every change")
    func combineLatest() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<String, TestError>()
        var values: [String] = []
        var completion: Subscribers.Completion<TestError>?
        let cancellable = a.combineLatest(b).sink(
            receiveCompletion: { completion = $0 }, receiveValue: { values.append("\($0)\($1)") })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        b.send(completion: .failure(.boom))
        a.send(4)
        #expect(values == ["2x", "3x", "3y"])
        #expect(completion == .failure(.boom))
        _ = cancellable
        var triples: [String] = []
        let c = Publishers.CombineLatest3(Just(1), Just("a"), Just(true)).sink { triples.append("\($0)\($1)\($2)") }
        #expect(triples == ["1atrue"])
        _ = c
    }

    @Test("zip pairs the n-th values and finishes when one side has nothing left")
    func zip() {
        let a = PassthroughSubject<Int, Never>()
        let recorder = Recorder<String, Never>()
        a.zip(["x", "y"].publisher).map { "\($0)\($1)" }.subscribe(recorder)
        a.send(1)
        a.send(2)
        #expect(recorder.transcript == ["1x", "2y", "|"])
    }

    @Test("flatMap merges inner publishers; maxPublishers(1) runs them one after another")
    func flatMap() {
        let inners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
        let outer = PassthroughSubject<Int, Never>()
        let all = Recorder<String, Never>()
        outer.flatMap { inners[$0] }.subscribe(all)
        outer.send(0)
        outer.send(1)
        inners[1].send("b1")
        inners[0].send("a1")
        #expect(all.transcript == ["b1", "a1"])

        let serialInners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
        let serialOuter = PassthroughSubject<Int, Never>()
        let serial = Recorder<String, Never>()
        serialOuter.flatMap(maxPublishers: .max(1)) { serialInners[$0] }.subscribe(serial)
        serialOuter.send(0)
        serialOuter.send(1)  // not demanded: dropped by the subject, as in Combine
        serialInners[1].send("ignored")
        serialInners[0].send("a")
        serialInners[0].send(completion: .finished)
        serialOuter.send(1)
        serialInners[1].send("b")
        serialOuter.send(completion: .finished)
        serialInners[1].send(completion: .finished)
        #expect(serial.transcript == ["a", "b", "|"])
    }

    @Test("switchToLatest cancels the previous inner publisher")
    func switchToLatest() {
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        var firstCancelled = false
        let outer = PassthroughSubject<AnyPublisher<String, Never>, Never>()
        let recorder = Recorder<String, Never>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(first.handleEvents(receiveCancel: { firstCancelled = true }).eraseToAnyPublisher())
        first.send("1a")
        outer.send(second.eraseToAnyPublisher())
        first.send("1b")
        second.send("2a")
        outer.send(completion: .finished)
        second.send(completion: .finished)
        #expect(recorder.transcript == ["1a", "2a", "|"])
        #expect(firstCancelled)
    }

    @Test("prepend and append put values before and after, in order")
    func prependAppend() {
        let recorder = Recorder<Int, Never>(initial: .max(3))
        [3, 4].publisher.prepend(1, 2).append(5).subscribe(recorder)
        #expect(recorder.transcript == ["1", "2", "3"])
        recorder.subscription?.request(.unlimited)
        #expect(recorder.transcript == ["1", "2", "3", "4", "5", "|"])
    }

    @Test("a failure of any upstream ends at once and cancels the others")
    func failureCancelsOthers() {
        var cancelled = false
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        a.merge(with: b.handleEvents(receiveCancel: { cancelled = true })).subscribe(recorder)
        a.send(completion: .failure(.boom))
        b.send(1)
        #expect(recorder.transcript == ["!boom"])
        #expect(cancelled)
    }

    @Test("cancelling the downstream cancels every upstream")
    func cancellationReachesUpstreams() {
        var cancelled = 0
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let cancellable = a.handleEvents(receiveCancel: { cancelled += 1 }).combineLatest(
            b.handleEvents(receiveCancel: { cancelled += 1 })
        )
        .sink { _ in }
        cancellable.cancel()
        #expect(cancelled == 2)
    }

    @Test("share subscribes upstream once for every subscriber")
    func share() {
        var subscriptions = 0
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
        var first: [Int] = []
        var second: [Int] = []
        let c1 = shared.sink { first.append($0) }
        let c2 = shared.sink { second.append($0) }
        subject.send(1)
        #expect(subscriptions == 1)
        #expect(first == [1])
        #expect(second == [1])
        _ = (c1, c2)
    }
}
