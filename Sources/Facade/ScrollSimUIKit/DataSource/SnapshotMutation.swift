import DiffableDataSource

/// Runs a snapshot mutation the UIKit way: it either succeeds or raises UIKit's exception and
/// leaves the value unchanged. Snapshots are values and may be built on any task.
func mutateRaisingUIKitException<Value>(_ value: inout Value, _ body: (inout Value) throws(SnapshotError) -> Void) {
    guard !UIKitException.isPending else { return }
    var copy = value
    do {
        try body(&copy)
        value = copy
    } catch {
        UIKitException.raise(error.description)
    }
}
