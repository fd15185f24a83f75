import Foundation
import Synchronization
import VirtualRunLoop

/// A UIKit crash, as a catchable error with UIKit's message.
///
/// UIKit raises an Objective-C exception and the app dies. Here the operation that would have
/// raised it does nothing, every later UIKit call in the same `UIKitException.catching` scope does
/// nothing either (the app would be dead), and the scope throws the exception when its body
/// returns. `ScrollSimulator`'s methods run inside such a scope. Outside any scope the process
/// stops with the message, as the app would.
public struct UIKitException: Error, Sendable, Hashable, CustomStringConvertible {
    /// `NSInternalInconsistencyException`, `NSInvalidArgumentException`, ...
    public var name: String
    /// UIKit's reason text.
    public var reason: String

    public init(name: String = "NSInternalInconsistencyException", reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'" }

    /// Runs `body` and throws the first UIKit exception raised inside it.
    ///
    /// The scope belongs to the current task (a task-local value), so code on other tasks is not
    /// caught by it; nested scopes each report their own exception.
    public static func catching<T>(_ body: () throws -> T) throws -> T {
        let scope = Scope()
        let result = try Scope.$current.withValue(scope) { try body() }
        if let pending = scope.pending { throw pending }
        return result
    }

    /// Whether an exception was raised in the current scope: UIKit calls are no-ops until it ends.
    static var isPending: Bool { Scope.innermost?.pending != nil }

    /// Raises an exception: recorded in the current scope, or fatal outside one.
    static func raise(_ reason: String, name: String = "NSInternalInconsistencyException") {
        let exception = UIKitException(name: name, reason: reason)
        guard let scope = Scope.innermost else { fatalError(exception.description) }
        scope.record(exception)
    }

    /// Runs `body`, a simulator call, with the current scope also catching what the app's tasks
    /// raise while the simulator runs their jobs: a task has task-local values of its own, so the
    /// scope reaches it through the simulator's thread instead.
    static func whileDriving<T>(_ body: () throws -> T) rethrows -> T {
        let outer = Scope.driving
        Scope.driving = Scope.current
        defer { Scope.driving = outer }
        return try body()
    }

    /// One `catching` call's state: the first exception raised in it.
    private final class Scope: Sendable {
        @TaskLocal static var current: Scope?
        /// The scope of the simulator call in progress; read and written only on its thread.
        nonisolated(unsafe) static var driving: Scope?

        /// The task's own scope, else, on the simulator's thread, the simulator call's.
        static var innermost: Scope? { current ?? (AppClock.isDriving ? driving : nil) }
        private let first = Mutex<UIKitException?>(nil)

        var pending: UIKitException? { first.withLock { $0 } }

        func record(_ exception: UIKitException) {
            first.withLock { if $0 == nil { $0 = exception } }
        }
    }
}

/// Thrown through the engine to unwind a layout or cell request after a UIKit exception; the scope
/// reports the exception itself.
struct UIKitExceptionUnwind: Error {}
