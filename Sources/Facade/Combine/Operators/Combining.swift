extension FanIn {
    /// Subscribes `publisher` as upstream `key`: its subscription joins this fan-in, its values
    /// and completion go to the closures.
    func attach<P: Publisher>(
        _ publisher: P, key: Int, paced: Bool = false, value: @escaping (P.Output) -> Void,
        completion: @escaping (Subscribers.Completion<P.Failure>) -> Void
    ) {
        publisher.subscribe(
            ForwardingSubscriber<P.Output, P.Failure>(
                description, subscription: { self.add($0, key: key, paced: paced) }, value: value,
                completion: { end in
                    self.remove(key: key)
                    completion(end)
                }))
    }
}

/// Merges publishers of one type: every value as it comes; finishes when all finish.
func subscribeMerged<Output, Failure: Error, S: Subscriber>(
    _ name: String, _ publishers: [AnyPublisher<Output, Failure>], into subscriber: S
) where S.Input == Output, S.Failure == Failure {
    let fanIn = FanIn<Output, Failure>(name, downstream: AnySubscriber(subscriber))
    subscriber.receive(subscription: fanIn)
    guard !publishers.isEmpty else { return fanIn.finish() }
    let remaining = Box(publishers.count)
    for (key, publisher) in publishers.enumerated() {
        fanIn.attach(publisher, key: key, value: fanIn.send) { fanIn.endWhenAllFinish($0, remaining: remaining) }
    }
}

/// Groups the values of publishers by `rule`: the n-th of each (zip) or the latest of each once
/// each has one (combineLatest).
func subscribeCombined<Output, Failure: Error, S: Subscriber>(
    _ rule: any CombinationRule.Type, _ name: String, _ publishers: [AnyPublisher<Any, Failure>],
    build: @escaping ([Any]) -> Output, into subscriber: S
) where S.Input == Output, S.Failure == Failure {
    if rule.pairsInOrder {
        subscribeZipped(name, publishers, build: build, into: subscriber)
    } else {
        subscribeCombinedLatest(name, publishers, build: build, into: subscriber)
    }
}

/// Combines the latest value of each publisher once each has one; finishes when all finish.
func subscribeCombinedLatest<Output, Failure: Error, S: Subscriber>(
    _ name: String, _ publishers: [AnyPublisher<Any, Failure>], build: @escaping ([Any]) -> Output, into subscriber: S
) where S.Input == Output, S.Failure == Failure {
    let fanIn = FanIn<Output, Failure>(name, downstream: AnySubscriber(subscriber))
    subscriber.receive(subscription: fanIn)
    let latest = Box([Any?](repeating: nil, count: publishers.count))
    let remaining = Box(publishers.count)
    for (key, publisher) in publishers.enumerated() {
        fanIn.attach(
            publisher, key: key,
            value: { value in
                latest.value[key] = value
                let all = latest.value.compactMap { $0 }
                if all.count == publishers.count { fanIn.send(build(all)) }
            }
        ) { fanIn.endWhenAllFinish($0, remaining: remaining) }
    }
}

/// Pairs the n-th values of each publisher; finishes when one finishes with nothing left to pair.
func subscribeZipped<Output, Failure: Error, S: Subscriber>(
    _ name: String, _ publishers: [AnyPublisher<Any, Failure>], build: @escaping ([Any]) -> Output, into subscriber: S
) where S.Input == Output, S.Failure == Failure {
    let fanIn = FanIn<Output, Failure>(name, downstream: AnySubscriber(subscriber))
    subscriber.receive(subscription: fanIn)
    let queues = Box([[Any]](repeating: [], count: publishers.count))
    let finished = Box([Bool](repeating: false, count: publishers.count))
    func pairAndCheck() {
        while queues.value.allSatisfy({ !$0.isEmpty }) {
            let values = queues.value.indices.map { queues.value[$0].removeFirst() }
            fanIn.send(build(values))
        }
        if queues.value.indices.contains(where: { finished.value[$0] && queues.value[$0].isEmpty }) { fanIn.finish() }
    }
    for (key, publisher) in publishers.enumerated() {
        fanIn.attach(
            publisher, key: key,
            value: { value in
                queues.value[key].append(value)
                pairAndCheck()
            }
        ) { completion in
            switch completion {
            case .failure(let error): fanIn.fail(error)
            case .finished:
                finished.value[key] = true
                pairAndCheck()
            }
        }
    }
}

extension FanIn {
    /// An upstream's completion where the output ends at the first failure or once all finish:
    /// `remaining` counts the upstreams still running.
    func endWhenAllFinish(_ completion: Subscribers.Completion<Failure>, remaining: Box<Int>) {
        switch completion {
        case .failure(let error): fail(error)
        case .finished:
            remaining.value -= 1
            if remaining.value == 0 { finish() }
        }
    }
}

/// A publisher that publishes every value of its upstreams as it comes (`Merge`, `Merge3`,
/// `MergeMany`) and finishes when all finish.
protocol MergingPublisher: Publisher {
    /// The upstreams, in order.
    var merged: [AnyPublisher<Output, Failure>] { get }
}

extension MergingPublisher {
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeMerged(operatorName(Self.self), merged, into: subscriber)
    }
}

extension Publisher {
    /// The values as `Any`, for the combining operators' shared code.
    func erasedValues() -> AnyPublisher<Any, Failure> { map { $0 as Any }.eraseToAnyPublisher() }
}

extension Publishers {
    /// Every value of two publishers as it comes, as Combine's `Publishers.Merge`.
    public struct Merge<A: Publisher, B: Publisher>: MergingPublisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        /// A publisher to merge.
        public let a: A
        /// A second publisher to merge.
        public let b: B
        /// The upstreams, in order.
        var merged: [AnyPublisher<Output, Failure>] { [a.eraseToAnyPublisher(), b.eraseToAnyPublisher()] }

        /// Merges the values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }
    }

    /// Every value of three publishers as it comes.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: MergingPublisher
    where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        /// A publisher to merge.
        public let a: A
        /// A second publisher to merge.
        public let b: B
        /// A third publisher to merge.
        public let c: C
        /// The upstreams, in order.
        var merged: [AnyPublisher<Output, Failure>] {
            [a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()]
        }

        /// Merges the values of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }
    }

    /// Every value of any number of publishers of one type, as Combine's `Publishers.MergeMany`.
    public struct MergeMany<Upstream: Publisher>: MergingPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]
        /// The upstreams, in order.
        var merged: [AnyPublisher<Output, Failure>] { publishers.map { $0.eraseToAnyPublisher() } }

        public init(_ upstream: Upstream...) { publishers = upstream }
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }
    }

    /// The latest values of two publishers, as Combine's `Publishers.CombineLatest`.
    public typealias CombineLatest<A: Publisher, B: Publisher> = Combination<A, B, LatestValues> where A.Failure == B.Failure

    /// The n-th values of two publishers paired, as Combine's `Publishers.Zip`.
    public typealias Zip<A: Publisher, B: Publisher> = Combination<A, B, NthValues> where A.Failure == B.Failure

    /// The values of two publishers as pairs; `Rule` says which values are paired.
    /// `CombineLatest` and `Zip` are this one type, as they differ only in that.
    public struct Combination<A: Publisher, B: Publisher, Rule: CombinationRule>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B

        /// Pairs the values of `a` and `b` by `Rule`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeCombined(
                Rule.self, Rule.name, [a.erasedValues(), b.erasedValues()], build: { ($0[0] as! A.Output, $0[1] as! B.Output) },
                into: subscriber)
        }
    }

    /// The latest values of three publishers.
    public typealias CombineLatest3<A: Publisher, B: Publisher, C: Publisher> = Combination3<A, B, C, LatestValues>
    where A.Failure == B.Failure, B.Failure == C.Failure

    /// The n-th values of three publishers.
    public typealias Zip3<A: Publisher, B: Publisher, C: Publisher> = Combination3<A, B, C, NthValues>
    where A.Failure == B.Failure, B.Failure == C.Failure

    /// The values of three publishers as triples; `Rule` says which values are grouped.
    public struct Combination3<A: Publisher, B: Publisher, C: Publisher, Rule: CombinationRule>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        /// The first of the three publishers.
        public let a: A
        /// The second of the three publishers.
        public let b: B
        /// The third of the three publishers.
        public let c: C

        /// Groups the values of `a`, `b` and `c` by `Rule`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeCombined(
                Rule.self, "\(Rule.name)3", [a.erasedValues(), b.erasedValues(), c.erasedValues()],
                build: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) }, into: subscriber)
        }
    }

    /// The latest values of four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        /// The first of the four publishers.
        public let a: A
        /// The second of the four publishers.
        public let b: B
        /// The third of the four publishers.
        public let c: C
        /// The fourth of the four publishers.
        public let d: D

        /// Groups the latest values of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeCombinedLatest(
                "CombineLatest4", [a.erasedValues(), b.erasedValues(), c.erasedValues(), d.erasedValues()],
                build: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output) }, into: subscriber)
        }
    }
}

extension Publisher {
    /// Every value of this and `other` as it comes.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Every value of this and two others as it comes.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }

    /// The latest values of this and `other`, once both have one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// The latest values of this and `other`, transformed.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    )
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure
    {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// The latest values of this and two others.
    public func combineLatest<B: Publisher, C: Publisher>(_ b: B, _ c: C) -> Publishers.CombineLatest3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c)
    }

    /// The latest values of this and two others, transformed.
    public func combineLatest<B: Publisher, C: Publisher, T>(
        _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T> where B.Failure == Failure, C.Failure == Failure {
        Publishers.CombineLatest3(self, b, c).map(transform)
    }

    /// The n-th values of this and `other` paired.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// The n-th values of this and `other`, transformed.
    public func zip<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    )
        -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure
    {
        Publishers.Zip(self, other).map(transform)
    }

    /// The n-th values of this and two others.
    public func zip<B: Publisher, C: Publisher>(_ b: B, _ c: C) -> Publishers.Zip3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
        Publishers.Zip3(self, b, c)
    }
}

/// Which values of its publishers a `Publishers.Combination` groups.
public protocol CombinationRule {
    /// The operator's name, as its subscription describes itself (without the arity).
    static var name: String { get }
    /// Whether the n-th values are grouped (zip) rather than the latest ones (combineLatest).
    static var pairsInOrder: Bool { get }
}

extension Publishers {
    /// `combineLatest`: the latest value of each, once each has one, at every new value.
    public enum LatestValues: CombinationRule {
        public static var name: String { "CombineLatest" }
        public static var pairsInOrder: Bool { false }
    }

    /// `zip`: the n-th value of each, once each has an n-th.
    public enum NthValues: CombinationRule {
        public static var name: String { "Zip" }
        public static var pairsInOrder: Bool { true }
    }
}
