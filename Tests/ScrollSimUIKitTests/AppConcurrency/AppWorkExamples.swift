import ScrollSimUIKit

/// App code for the concurrency tests, in a file of its own that imports only what an app's file
/// would (a test file's `import Testing` brings Foundation in directly, and with it Foundation's
/// real `Timer`).
@MainActor
enum AppWorkExamples {
    /// An hour's `asyncAfter`, a half-hour `Task.sleep` and a timer firing ten times a minute
    /// apart; `log` records what ran.
    static func startLongWaits(log: @escaping @MainActor (String) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 3600) { log("asyncAfter") }
        Task {
            try await Task.sleep(for: .seconds(1800))
            log("sleep")
        }
        let ticks = Counter()
        Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { timer in
            let done = MainActor.assumeIsolated {
                ticks.value += 1
                log("tick \(ticks.value)")
                return ticks.value == 10
            }
            if done { timer.invalidate() }
        }
    }

    @MainActor final class Counter {
        var value = 0
    }

    /// A timer that never stops and a block due in 90 s.
    static func startEndlessWork() {
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
        DispatchQueue.main.asyncAfter(deadline: .now() + 90) {}
    }

    /// A task sleeping 5 s, cancelled after 1 s; `outcome` says how its sleep ended.
    static func sleepCancelledAfterOneSecond(
        time: @escaping @MainActor () -> Double, outcome: @escaping @MainActor (String) -> Void
    ) {
        let task = Task {
            do {
                try await Task.sleep(for: .seconds(5))
                outcome("slept")
            } catch {
                outcome("cancelled at \(time())")
            }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { task.cancel() }
    }

    /// Loads `url` with a data task; `outcome` gets the error code (or `ok`) and the virtual time.
    @discardableResult
    static func load(_ url: String, outcome: @escaping @MainActor (String) -> Void) -> URLSessionDataTask {
        let task = URLSession.shared.dataTask(with: URL(string: url)!) { _, _, error in
            let code = (error as? URLError)?.code.rawValue.description ?? "ok"
            DispatchQueue.main.async { outcome(code) }
        }
        task.resume()
        return task
    }

    /// A task applying a snapshot with an identifier already in it (a UIKit crash).
    static func applyDuplicateInTask(_ dataSource: UICollectionViewDiffableDataSource<Int, Int>) {
        Task {
            var snapshot = dataSource.snapshot()
            snapshot.appendItems([0])
            dataSource.apply(snapshot)
        }
    }
}

/// Work items as a search field debounces: each keystroke cancels the pending item and schedules
/// a new one 0.3 s later.
@MainActor
final class DebouncedSearch {
    private var pending: DispatchWorkItem?
    private(set) var searches: [String] = []

    func textDidChange(_ text: String) {
        pending?.cancel()
        let item = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.searches.append(text) } }
        pending = item
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: item)
    }
}
