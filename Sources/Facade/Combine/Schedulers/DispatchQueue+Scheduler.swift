@preconcurrency import Dispatch
import Foundation
import VirtualRunLoop

// Dispatch queues as Combine schedulers. During a simulator call their time is the simulator's
// virtual time and their work goes on its clock (through VirtualRunLoop's queue overloads), so
// `debounce`, `throttle`, `delay` and `receive(on: DispatchQueue.main)` cost no real time and run
// in the order a device would run them.

extension DispatchQueue: Scheduler {
    /// A moment on a dispatch queue's clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) { dispatchTime = time }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(.nanoseconds(Int(Int64(bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds))))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(
                DispatchTime(uptimeNanoseconds: UInt64(max(0, Int64(dispatchTime.uptimeNanoseconds) + Int64(n.magnitude)))))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: any Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        /// An interval in nanoseconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            ExpressibleByIntegerLiteral, Codable, Hashable, Sendable
        {
            /// Nanoseconds.
            public var magnitude: Int

            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s.multipliedReportingOverflow(by: 1_000_000_000).partialValue
                case .milliseconds(let ms): magnitude = ms.multipliedReportingOverflow(by: 1_000_000).partialValue
                case .microseconds(let us): magnitude = us.multipliedReportingOverflow(by: 1_000).partialValue
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            public init(floatLiteral value: Double) { magnitude = Int(value * 1e9) }
            public init(integerLiteral value: Int) {
                magnitude = value.multipliedReportingOverflow(by: 1_000_000_000).partialValue
            }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(integerLiteral: value)
            }

            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(.nanoseconds(lhs.magnitude + rhs.magnitude)) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(.nanoseconds(lhs.magnitude - rhs.magnitude)) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(.nanoseconds(lhs.magnitude * rhs.magnitude / 1_000_000_000))
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(.nanoseconds(Int(s * 1e9))) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }
        }
    }

    public struct SchedulerOptions: Sendable {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// Virtual time is counted from this uptime, so virtual moments look like dispatch times.
    private static let virtualEpoch: UInt64 = 1_000_000_000

    public var now: SchedulerTimeType {
        guard let virtual = AppClock.now else { return SchedulerTimeType(.now()) }
        return SchedulerTimeType(DispatchTime(uptimeNanoseconds: Self.virtualEpoch + UInt64(virtual * 1e9)))
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        async { work.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedAction(action)
        guard AppClock.isDriving else { return asyncAfter(deadline: date.dispatchTime) { work.run() } }
        let seconds = Double(now.distance(to: date).magnitude) / 1e9
        AppClock.submit(
            AppWork(
                kind: label == DispatchQueue.main.label ? .mainQueue : .backgroundQueue,
                label:
                    "Combine on \(label == DispatchQueue.main.label ? "DispatchQueue.main" : "DispatchQueue '\(label)'") after \(max(0, seconds)) s",
                delay: max(0, seconds)
            ) { work.run() })
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(after: date, interval: interval, tolerance: tolerance, options: options, action)
    }
}

/// A scheduled closure sent where Dispatch wants a `Sendable` one: Combine delivers to one
/// subscriber at a time, so the closure never runs concurrently with itself.
struct UncheckedAction: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
