/// An object held weakly, to be read on the thread that owns it (a notification's observer,
/// read when the notification is delivered).
final class WeakReference: @unchecked Sendable {
    // Unchecked: a weak reference is read and cleared atomically by the runtime.
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// A call handed to the main queue, which runs it on the thread the caller expects (UIKit's main
/// thread): its captures are not shared across threads meanwhile.
struct UncheckedCall: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
