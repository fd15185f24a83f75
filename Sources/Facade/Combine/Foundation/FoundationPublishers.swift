import Foundation
import VirtualRunLoop

extension NotificationCenter {
    /// The notifications of a name (and object) as values, as Combine's
    /// `NotificationCenter.Publisher`; a subscriber without demand misses them.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subject = PassthroughSubject<Notification, Never>()
            let observer = center.addObserver(forName: name, object: object, queue: nil) { subject.send($0) }
            let center = self.center
            subject.handleEvents(receiveCancel: { center.removeObserver(observer) }).subscribe(subscriber)
        }
    }

    /// The notifications of `name` (from `object`, if given) as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

extension Timer {
    /// A repeating timer as a publisher of its firing dates; on the simulator's clock during a
    /// simulator call. Connect it, or `autoconnect()` it.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A timer publishing its firing dates every `interval`, as Combine's `Timer.TimerPublisher`.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        // Unchecked: immutable but for the subject, which is thread-safe.
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?
        private let subject = PassthroughSubject<Date, Never>()

        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        public func connect() -> any Cancellable {
            let stride = RunLoop.SchedulerTimeType.Stride(interval)
            return runLoop.schedule(
                after: runLoop.now.advanced(by: stride), interval: stride, tolerance: .init(tolerance ?? 0), options: options
            ) {
                [subject] in subject.send(VirtualDate.now)
            }
        }
    }
}

extension URLSession {
    /// A data load as a publisher, as Combine's `URLSession.DataTaskPublisher`: the load starts
    /// when a subscriber asks for its value, and cancelling cancels it.
    public struct DataTaskPublisher: Publisher, Sendable {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError
        public let request: URLRequest
        public let session: URLSession

        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == URLError {
            let future = Deferred { [request, session] in
                let task = Protected<URLSessionDataTask?>(nil)
                return Future<Output, URLError> { promise in
                    let fulfil = UncheckedAction1(promise)
                    let made = session.dataTask(with: request) { data, response, error in
                        if let response {
                            fulfil.run(.success((data ?? Data(), response)))
                        } else {
                            fulfil.run(.failure(error as? URLError ?? URLError(.unknown)))
                        }
                    }
                    task.withLock { $0 = made }
                    made.resume()
                }
                .handleEvents(receiveCancel: { task.withLock { $0 }?.cancel() })
            }
            future.subscribe(subscriber)
        }
    }

    /// A publisher of the data at `url`.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// A publisher of the data `request` loads.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }
}

/// A promise sent into a URL load's completion handler, which runs it once.
private struct UncheckedAction1<Argument>: @unchecked Sendable {
    let run: (Argument) -> Void
    init(_ run: @escaping (Argument) -> Void) { self.run = run }
}
