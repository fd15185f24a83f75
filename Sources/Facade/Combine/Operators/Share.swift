/// A publisher that starts only when told to connect, as Combine's `ConnectablePublisher`.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts publishing; cancelling the result stops.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Connects when the first subscriber comes and disconnects when the last one leaves.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publishers {
    /// Connects a connectable publisher for as long as it has subscribers, as Combine's
    /// `Publishers.Autoconnect`.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        // Unchecked: the connection and the subscriber count are behind a lock.
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private let connection = Protected<(cancellable: (any Cancellable)?, subscribers: Int)>((nil, 0))

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let leave: () -> Void = { [connection] in
                let ended = connection.withLock { state -> (any Cancellable)? in
                    state.subscribers -= 1
                    guard state.subscribers == 0 else { return nil }
                    defer { state.cancellable = nil }
                    return state.cancellable
                }
                ended?.cancel()
            }
            upstream.handleEvents(receiveCompletion: { _ in leave() }, receiveCancel: leave).subscribe(subscriber)
            let connects = connection.withLock { state -> Bool in
                state.subscribers += 1
                return state.cancellable == nil
            }
            if connects {
                let cancellable = upstream.connect()
                connection.withLock { $0.cancellable = cancellable }
            }
        }
    }

    /// Shares one subscription to upstream among all its subscribers, as Combine's
    /// `Publishers.Share`: the first subscriber connects, later ones get only later values.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
        // Unchecked: the subject and the autoconnection are thread-safe.
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        public init(upstream: Upstream) {
            self.upstream = upstream
            self.shared = Multicast(upstream: upstream, createSubject: PassthroughSubject.init).autoconnect()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.receive(subscriber: subscriber)
        }

        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }

    /// Publishes through a subject once connected, as Combine's `Publishers.Multicast`.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, @unchecked Sendable
    where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
        // Unchecked: the subject is made once, behind a lock.
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        public final let createSubject: () -> SubjectType
        private let subject: Protected<SubjectType?> = Protected(nil)

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        private var lazySubject: SubjectType {
            subject.withLock { subject in
                if let subject { return subject }
                let made = createSubject()
                subject = made
                return made
            }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.receive(subscriber: subscriber)
        }

        public func connect() -> any Cancellable { upstream.subscribe(lazySubject) }
    }
}

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers.
    public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }

    /// Publishes through a subject once connected.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Publishes through `subject` once connected.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self) { subject }
    }

    /// A publisher that starts when `connect()` is called.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> where Failure == Never {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// A publisher made connectable, as Combine's `Publishers.MakeConnectable`.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        public init(upstream: Upstream) { multicast = Multicast(upstream: upstream, createSubject: PassthroughSubject.init) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            multicast.receive(subscriber: subscriber)
        }

        public func connect() -> any Cancellable { multicast.connect() }
    }
}
