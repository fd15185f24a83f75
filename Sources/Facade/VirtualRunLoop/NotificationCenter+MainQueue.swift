import Dispatch
import Foundation

// An observer on the main queue (`queue: .main`) runs at once when the notification is posted on
// the main thread, as on iOS, where the main queue is then the posting queue. Linux's Foundation
// asks whether the posting thread is the real main thread: a simulator's thread, or the main
// actor's executor under a test runner, is not, so it hands the block to the main queue and waits
// for it there — from the main queue itself, for ever. This overload takes the queue without an
// optional, so the compiler prefers it for `queue: .main` and any queue given as such (no
// optional promotion); `queue: nil` keeps Foundation's, which runs the block on the posting
// thread, as iOS does.

extension NotificationCenter {
    public func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> NSObjectProtocol {
        guard queue === OperationQueue.main else {
            return addObserver(forName: name, object: obj, queue: Optional(queue), using: block)
        }
        return addObserver(forName: name, object: obj, queue: nil) { notification in
            if MainQueueCheck.isOnMainQueue {
                block(notification)
            } else {
                // Posted on another thread: the main queue runs it while the poster waits, as
                // Foundation does.
                nonisolated(unsafe) let notification = notification
                OperationQueue.main.addOperations([BlockOperation { block(notification) }], waitUntilFinished: true)
            }
        }
    }
}

/// Whether the calling code runs where the app's main-queue work runs: the real main thread, a
/// simulator's thread during one of its calls, or a block on the main dispatch queue.
enum MainQueueCheck {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    static var isOnMainQueue: Bool {
        _ = marked
        return Thread.isMainThread || AppClock.isDriving || DispatchQueue.getSpecific(key: key) == true
    }
}
