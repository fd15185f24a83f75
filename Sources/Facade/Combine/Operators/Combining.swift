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
        fanIn.attach(publisher, key: key, value: fanIn.send) { completion in
            switch completion {
            case .failure(let error): fanIn.fail(error)
            case .finished:
                remaining.value -= 1
                if remaining.value == 0 { fanIn.finish() }
            }
        }
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
        ) { completion in
            switch completion {
            case .failure(let error): fanIn.fail(error)
            case .finished:
                remaining.value -= 1
                if remaining.value == 0 { fanIn.finish() }
            }
        }
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

extension Publisher {
    /// The values as `Any`, for the combining operators' shared code.
    func erasedValues() -> AnyPublisher<Any, Failure> { map { $0 as Any }.eraseToAnyPublisher() }
}

extension Publishers {
    /// Every value of two publishers as it comes, as Combine's `Publishers.Merge`.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeMerged("Merge", [a.eraseToAnyPublisher(), b.eraseToAnyPublisher()], into: subscriber)
        }
    }

    /// Every value of three publishers as it comes.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeMerged(
                "Merge3", [a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()], into: subscriber)
        }
    }

    /// Every value of any number of publishers of one type, as Combine's `Publishers.MergeMany`.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) { publishers = upstream }
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeMerged("MergeMany", publishers.map { $0.eraseToAnyPublisher() }, into: subscriber)
        }
    }

    /// The latest values of two publishers, as Combine's `Publishers.CombineLatest`.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeCombinedLatest(
                "CombineLatest", [a.erasedValues(), b.erasedValues()], build: { ($0[0] as! A.Output, $0[1] as! B.Output) },
                into: subscriber)
        }
    }

    /// The latest values of three publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeCombinedLatest(
                "CombineLatest3", [a.erasedValues(), b.erasedValues(), c.erasedValues()],
                build: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) }, into: subscriber)
        }
    }

    /// The latest values of four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

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

    /// The n-th values of two publishers paired, as Combine's `Publishers.Zip`.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeZipped(
                "Zip", [a.erasedValues(), b.erasedValues()], build: { ($0[0] as! A.Output, $0[1] as! B.Output) }, into: subscriber
            )
        }
    }

    /// The n-th values of three publishers.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscribeZipped(
                "Zip3", [a.erasedValues(), b.erasedValues(), c.erasedValues()],
                build: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) }, into: subscriber)
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
