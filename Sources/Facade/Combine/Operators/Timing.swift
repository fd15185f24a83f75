extension Publishers {
    /// Delivers values and the completion through a scheduler, as Combine's `Publishers.ReceiveOn`.
    public typealias ReceiveOn<Upstream: Publisher, Context: Scheduler> = SchedulerHop<Upstream, Context, ReceiveHop>

    /// Subscribes to upstream through a scheduler, as Combine's `Publishers.SubscribeOn`.
    public typealias SubscribeOn<Upstream: Publisher, Context: Scheduler> = SchedulerHop<Upstream, Context, SubscribeHop>

    /// A publisher that moves part of its work onto a scheduler; `Hop` says which part.
    /// `ReceiveOn` and `SubscribeOn` are this one type, as they differ only in that.
    public struct SchedulerHop<Upstream: Publisher, Context: Scheduler, Hop: SchedulerHopKind>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>(Hop.name, downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            if Hop.schedulesSubscription {
                scheduler.schedule(options: options) { [upstream] in
                    fanIn.attach(upstream, key: 0, value: fanIn.send) { completion in fanIn.complete(completion) }
                }
            } else {
                fanIn.attach(
                    upstream, key: 0,
                    value: { [scheduler, options] value in scheduler.schedule(options: options) { fanIn.send(value) } }
                ) { [scheduler, options] completion in
                    scheduler.schedule(options: options) { fanIn.complete(completion) }
                }
            }
        }
    }

    /// `receive(on:)`: values and the completion are delivered through the scheduler.
    public enum ReceiveHop: SchedulerHopKind {
        public static var name: String { "ReceiveOn" }
        public static var schedulesSubscription: Bool { false }
    }

    /// `subscribe(on:)`: the subscription to upstream is made through the scheduler.
    public enum SubscribeHop: SchedulerHopKind {
        public static var name: String { "SubscribeOn" }
        public static var schedulesSubscription: Bool { true }
    }

    /// Publishes a value only after no other has come for a while, as Combine's
    /// `Publishers.Debounce`; when upstream finishes, a value still waiting is published first.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Debounce", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            let pending = Protected<(generation: Int, value: Output?)>((0, nil))
            fanIn.attach(
                upstream, key: 0,
                value: { [scheduler, dueTime, options] value in
                    let generation = pending.withLock { state -> Int in
                        state.generation += 1
                        state.value = value
                        return state.generation
                    }
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options
                    ) {
                        let due = pending.withLock { state -> Output? in
                            guard state.generation == generation else { return nil }
                            defer { state.value = nil }
                            return state.value
                        }
                        if let due { fanIn.send(due) }
                    }
                }
            ) { [scheduler, options] completion in
                scheduler.schedule(options: options) {
                    switch completion {
                    case .finished:
                        if let last = pending.withLock({ state -> Output? in
                            defer { state.value = nil }
                            return state.value
                        }) {
                            fanIn.send(last)
                        }
                        fanIn.finish()
                    case .failure(let error): fanIn.fail(error)
                    }
                }
            }
        }
    }

    /// Publishes at most one value per interval, as Combine's `Publishers.Throttle`: a value
    /// after a quiet interval goes at once; the values within an interval are reduced to the
    /// latest (or the first) and published when it ends.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Throttle", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            let window = Protected<(open: Bool, value: Output?)>((false, nil))
            func closeWindow() {
                scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: nil
                ) {
                    let value = window.withLock { state -> Output? in
                        defer { state.value = nil }
                        if state.value == nil { state.open = false }
                        return state.value
                    }
                    guard let value else { return }
                    fanIn.send(value)
                    closeWindow()
                }
            }
            fanIn.attach(
                upstream, key: 0,
                value: { [scheduler, latest] value in
                    let opens = window.withLock { state -> Bool in
                        guard state.open else {
                            state.open = true
                            return true
                        }
                        if latest || state.value == nil { state.value = value }
                        return false
                    }
                    guard opens else { return }
                    scheduler.schedule { fanIn.send(value) }
                    closeWindow()
                }
            ) { [scheduler] completion in
                scheduler.schedule {
                    fanIn.complete(completion)
                }
            }
        }
    }

    /// Delivers every value and the completion later by an interval, as Combine's
    /// `Publishers.Delay`.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Delay", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            let later = { [scheduler, interval, tolerance, options] (action: @escaping () -> Void) in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            }
            fanIn.attach(upstream, key: 0, value: { value in later { fanIn.send(value) } }) { completion in
                later {
                    fanIn.complete(completion)
                }
            }
        }
    }
}

extension Publisher {
    /// Delivers values and the completion through `scheduler` (`DispatchQueue.main`, `RunLoop.main`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// Subscribes through `scheduler`.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// Publishes a value once `dueTime` passes with no newer one.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    )
        -> Publishers.Debounce<Self, S>
    {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// Publishes at most one value per `interval`: the latest of each interval, or the first.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    )
        -> Publishers.Throttle<Self, S>
    {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Delivers everything `interval` later.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler,
            options: options)
    }
}

/// Which part of a `Publishers.SchedulerHop`'s work goes through its scheduler.
public protocol SchedulerHopKind {
    /// The operator's name, as its subscription describes itself.
    static var name: String { get }
    /// Whether the subscription is made through the scheduler (`subscribe(on:)`), rather than
    /// values and the completion delivered through it (`receive(on:)`).
    static var schedulesSubscription: Bool { get }
}
