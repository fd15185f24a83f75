import Foundation

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
    @MainActor
    public static func catching<T>(_ body: () throws -> T) throws -> T {
        Scope.depth += 1
        defer {
            Scope.depth -= 1
            if Scope.depth == 0 { Scope.pending = nil }
        }
        let result = try body()
        if let pending = Scope.pending {
            Scope.pending = nil
            throw pending
        }
        return result
    }

    /// Whether an exception was raised in the current scope: UIKit calls are no-ops until it ends.
    @MainActor
    static var isPending: Bool { Scope.pending != nil }

    /// Raises an exception: recorded in the current scope, or fatal outside one.
    @MainActor
    static func raise(_ reason: String, name: String = "NSInternalInconsistencyException") {
        let exception = UIKitException(name: name, reason: reason)
        guard Scope.depth > 0 else { fatalError(exception.description) }
        if Scope.pending == nil { Scope.pending = exception }
    }

    @MainActor
    private enum Scope {
        static var depth = 0
        static var pending: UIKitException?
    }
}

/// Thrown through the engine to unwind a layout or cell request after a UIKit exception; the scope
/// reports the exception itself.
struct UIKitExceptionUnwind: Error {}
