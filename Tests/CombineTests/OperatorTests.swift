import Combine
import Testing

/// The one-upstream operators: values, ordering, demand and cancellation.
@Suite("Combine: transforming and filtering operators")
struct OperatorTests {
    static func run<P: Publisher>(_ publisher: P, initial: Subscribers.Demand = .unlimited) -> [String]
    where P.Output: Equatable {
        let recorder = Recorder<P.Output, P.Failure>(initial: initial)
        publisher.subscribe(recorder)
        return recorder.transcript
    }

    @Test("map, map(keyPath), tryMap, compactMap, replaceNil")
    func transforms() {
        #expect(Self.run([1, 2, 3].publisher.map { $0 * 10 }) == ["10", "20", "30", "|"])
        #expect(Self.run(["ab", "c"].publisher.map(\.count)) == ["2", "1", "|"])
        #expect(
            Self.run(
                [1, 2, 3].publisher.tryMap { value -> Int in
                    if value == 2 { throw TestError.boom }
                    return value
                }.mapError { $0 as! TestError }) == ["1", "!boom"])
        #expect(Self.run(["1", "x", "3"].publisher.compactMap(Int.init)) == ["1", "3", "|"])
        #expect(Self.run([1, nil, 3].publisher.replaceNil(with: 0)) == ["1", "0", "3", "|"])
    }

    @Test("filtering keeps the demand: a skipped value is replaced by the next")
    func filterKeepsDemand() {
        #expect(Self.run((1...10).publisher.filter { $0.isMultiple(of: 3) }, initial: .max(2)) == ["3", "6"])
        #expect(Self.run((1...10).publisher.compactMap { $0 > 8 ? $0 : nil }, initial: .max(1)) == ["9"])
    }

    @Test("removeDuplicates, scan, dropFirst, drop(while:)")
    func statefulOperators() {
        #expect(Self.run([1, 1, 2, 2, 1].publisher.removeDuplicates()) == ["1", "2", "1", "|"])
        #expect(Self.run([1, 2, 3].publisher.scan(0, +)) == ["1", "3", "6", "|"])
        #expect(Self.run([1, 2, 3].publisher.dropFirst()) == ["2", "3", "|"])
        #expect(Self.run([1, 2, 3, 1].publisher.drop { $0 < 2 }) == ["2", "3", "1", "|"])
    }

    @Test("each subscription has its own operator state")
    func stateIsPerSubscription() {
        let scanned = [1, 2].publisher.scan(0, +)
        #expect(Self.run(scanned) == ["1", "3", "|"])
        #expect(Self.run(scanned) == ["1", "3", "|"])
    }

    @Test("first, first(where:), prefix, output(at:) finish early and cancel upstream")
    func finishingEarly() {
        var cancelled = 0
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.handleEvents(receiveCancel: { cancelled += 1 }).first { $0 > 1 }.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(recorder.transcript == ["2", "|"])
        #expect(cancelled == 1)
        #expect(Self.run([5, 6].publisher.first()) == ["5", "|"])
        #expect(Self.run((1...9).publisher.prefix(2)) == ["1", "2", "|"])
        #expect(Self.run((1...9).publisher.output(at: 4)) == ["5", "|"])
        #expect(Self.run([Int]().publisher.first()) == ["|"])
    }

    @Test(
        "handleEvents sees subscription, values, requests, completion (a sequence ends after its last value, unasked); cancel only when cancelled"
    )
    func handleEvents() {
        var log: [String] = []
        let recorder = Recorder<Int, Never>(initial: .max(1))
        [1, 2].publisher.handleEvents(
            receiveSubscription: { _ in log.append("subscribed") }, receiveOutput: { log.append("value \($0)") },
            receiveCompletion: { _ in log.append("completion") }, receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") }
        ).subscribe(recorder)
        recorder.subscription?.request(.max(1))
        recorder.subscription?.request(.max(1))
        #expect(log == ["subscribed", "request max(1)", "value 1", "request max(1)", "value 2", "completion", "request max(1)"])
        recorder.subscription?.cancel()
        #expect(!log.contains("cancel"))
    }

    @Test("collect gives every value once upstream finishes, when asked")
    func collect() {
        let recorder = Recorder<[Int], Never>(initial: .none)
        [1, 2, 3].publisher.collect().subscribe(recorder)
        #expect(recorder.events.isEmpty)
        recorder.subscription?.request(.max(1))
        #expect(recorder.values == [[1, 2, 3]])
        #expect(recorder.isFinished)
    }

    @Test("error handling: replaceError, catch, retry, setFailureType, mapError, ignoreOutput")
    func errors() {
        #expect(Self.run(Fail<Int, TestError>(error: .boom).prepend(1).replaceError(with: 9)) == ["1", "9", "|"])
        #expect(Self.run(Fail<Int, TestError>(error: .boom).catch { _ in Just(5) }) == ["5", "|"])
        var attempts = 0
        let flaky = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return attempts < 3
                ? Fail(error: .boom).eraseToAnyPublisher()
                : Just(attempts).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        #expect(Self.run(flaky.retry(2)) == ["3", "|"])
        attempts = 0
        #expect(Self.run(flaky.retry(1)) == ["!boom"])
        #expect(Self.run(Just(1).setFailureType(to: TestError.self).mapError { _ in TestError.other }) == ["1", "|"])
        #expect(Self.run([1, 2].publisher.ignoreOutput().map { _ in 0 }) == ["|"])
    }

    @Test("decode turns data into values; a bad document fails")
    func decode() throws {
        let good = Recorder<[Int], any Error>()
        Just(Data("[1,2]".utf8)).setFailureType(to: (any Error).self).decode(type: [Int].self, decoder: JSONDecoder()).subscribe(
            good)
        #expect(good.values == [[1, 2]])
        let bad = Recorder<[Int], any Error>()
        Just(Data("{".utf8)).decode(type: [Int].self, decoder: JSONDecoder()).subscribe(bad)
        #expect(bad.failure != nil)
    }
}
