import Foundation
import VirtualRunLoop

// The run loop and operation queues as Combine schedulers: during a simulator call their time is
// the simulator's virtual time and their work goes on its clock.

extension RunLoop: Scheduler {
    /// A moment on a run loop's clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var date: Date

        public init(_ date: Date) { self.date = date }

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> SchedulerTimeType { SchedulerTimeType(date.addingTimeInterval(n.magnitude)) }

        /// An interval in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, _MagnitudeStride, SignedNumeric, ExpressibleByFloatLiteral,
            ExpressibleByIntegerLiteral, Codable, Hashable, Sendable
        {
            /// Seconds.
            public var magnitude: TimeInterval
            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init(floatLiteral value: Double) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }
        }
    }

    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(VirtualDate.now) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        guard AppClock.isDriving else { return perform(inModes: [.default]) { work.run() } }
        AppClock.submit(AppWork(kind: .mainQueue, label: "Combine on RunLoop.main", delay: 0) { work.run() })
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedAction(action)
        guard AppClock.isDriving else {
            let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }
            return add(timer, forMode: .default)
        }
        let seconds = max(0, date.date.timeIntervalSince(VirtualDate.now))
        AppClock.submit(
            AppWork(kind: .mainQueue, label: "Combine on RunLoop.main after \(seconds) s", delay: seconds) { work.run() })
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(after: date, interval: interval, tolerance: tolerance, options: options, action)
    }
}

extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(VirtualDate.now) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        guard AppClock.isDriving else { return addOperation { work.run() } }
        AppClock.submit(
            AppWork(
                kind: self === OperationQueue.main ? .mainQueue : .backgroundQueue, label: "Combine on an OperationQueue",
                delay: 0
            ) { work.run() })
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedAction(action)
        let seconds = max(0, date.date.timeIntervalSince(VirtualDate.now))
        guard AppClock.isDriving else {
            return DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.addOperation { work.run() } }
        }
        AppClock.submit(
            AppWork(kind: .backgroundQueue, label: "Combine on an OperationQueue after \(seconds) s", delay: seconds) {
                work.run()
            })
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(after: date, interval: interval, tolerance: tolerance, options: options, action)
    }
}

/// Dates on the simulator's clock during a simulator call: virtual seconds after the reference
/// date (1 January 2001), so runs do not depend on when they happen; the real date otherwise.
enum VirtualDate {
    static var now: Date { AppClock.now.map { Date(timeIntervalSinceReferenceDate: $0) } ?? Date() }
}
