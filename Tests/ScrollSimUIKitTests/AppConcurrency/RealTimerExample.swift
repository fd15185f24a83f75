import Foundation
import ScrollSimUIKit

/// A file that imports Foundation itself: its `Timer` is Foundation's, which waits for real time.
@MainActor
enum RealTimerExample {
    static func start() -> Timer {
        Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { _ in }
    }
}
