import Foundation
import DiffableDataSource

/// Runs a snapshot mutation the UIKit way: it either succeeds or raises UIKit's exception and
/// leaves the value unchanged. Snapshots are values and may be built off the main actor; an error
/// there stops the process, as UIKit's exception would.
func mutateRaisingUIKitException<Value>(_ value: inout Value, _ body: (inout Value) throws(SnapshotError) -> Void) {
    guard !uikitExceptionPending() else { return }
    var copy = value
    do {
        try body(&copy)
        value = copy
    } catch {
        raiseUIKitException(error.description)
    }
}

/// Whether a UIKit exception is pending, from any isolation (always false off the main thread).
func uikitExceptionPending() -> Bool {
    guard Thread.isMainThread else { return false }
    return MainActor.assumeIsolated { UIKitException.isPending }
}

/// Raises a UIKit exception from any isolation (fatal off the main thread).
func raiseUIKitException(_ reason: String) {
    guard Thread.isMainThread else { fatalError(UIKitException(reason: reason).description) }
    MainActor.assumeIsolated { UIKitException.raise(reason) }
}
