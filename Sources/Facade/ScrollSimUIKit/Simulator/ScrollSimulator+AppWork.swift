import CollectionView
import Foundation
import ScrollSimulation
import VirtualRunLoop

/// A piece of app work in the simulator's queue, by its number.
struct ScheduledWork {
    var number: Int
    var work: AppWork
}

/// What the warnings say about app work not yet run.
struct PendingWork {
    var label: String
    var kind: AppWork.Kind
    var due: Double
    var isObsolete: (@Sendable () -> Bool)?
}

extension ScrollSimulator {
    /// Puts app work on the clock, due `work.delay` seconds from now.
    func schedule(_ work: AppWork) {
        var work = work
        if let task = work.task {
            let number = taskNumbers[task] ?? (taskNumbers.count + 1)
            taskNumbers[task] = number
            work.label = "task \(number) \(work.label)"
        }
        nextWorkNumber += 1
        let due = time + work.delay
        pendingWork[nextWorkNumber] = PendingWork(label: work.label, kind: work.kind, due: due, isObsolete: work.isObsolete)
        guard due.isFinite else { return }  // `.distantFuture`: pending for ever, as on a device
        runner.schedule(ScheduledWork(number: nextWorkNumber, work: work), at: due)
    }

    /// The time of the next frame or app work still needed (cancelled work is dropped first).
    var nextEventTime: Double? {
        runner.dropObsoleteWork { scheduled in
            guard scheduled.work.isObsolete?() == true else { return false }
            pendingWork[scheduled.number] = nil
            return true
        }
        return runner.nextEventTime
    }

    /// Work the test schedules joins the app's own in submission order during a simulator call
    /// (so a page answered by hand lands where the app's dispatched page would); outside one it
    /// goes on the clock at once.
    func submit(_ work: AppWork) {
        if AppClock.isDriving {
            AppClock.submit(work)
        } else {
            schedule(work)
        }
    }

    /// Schedules the work the app submitted since the last call (`AppClock`), in submission order.
    func scheduleSubmittedWork() {
        for work in AppClock.take() { schedule(work) }
    }

    /// Runs one piece of app work, logged with what it is.
    func run(_ scheduled: ScheduledWork) {
        pendingWork[scheduled.number] = nil
        let work = scheduled.work
        runner.cause = work.kind == .scheduled ? "scheduled" : "app \(work.label)"
        if work.kind != .scheduled {
            runner.append(.appWork, section: nil, item: nil, detail: "\(work.kind.rawValue): \(work.label)")
        }
        work.run()
    }

    /// What the app's code reported: an action sent to it (a target–action pair, a notification's
    /// selector, a gesture recognizer's action) is logged as app work, and one that could not run
    /// is a warning, as is anything else worth saying.
    func received(_ report: AppReport) {
        switch report {
        case .action(let action, let failure):
            runner.append(.appWork, section: nil, item: nil, detail: "action: \(action)")
            if let failure { runner.warn("\(action) did not run: \(failure)") }
        case .warning(let message):
            runner.warn(message)
        case .log(let message):
            runner.append(.appWork, section: nil, item: nil, detail: message)
        case .undriven(let work):
            runner.warn(
                "\(work) was started between simulator calls (by a controller made before show, or code the test called directly): it runs on the real executors, not the simulator's clock, so what it does is not in the counts; make the controller inside the call (show(FeedViewController())) or run the code in simulator.perform { … }"
            )
        }
    }

    /// Says what the app did on the simulator's thread since its last call.
    func receiveReportsBetweenCalls() {
        for report in betweenCalls.take() { received(report) }
    }

    /// A `URLSession` load started: a data request (in total: a URL names no section).
    func urlLoadStarted(_ request: URLRequest, matched: Bool) {
        runner.count(\.dataRequests, section: nil)
        runner.append(.request, section: nil, item: nil, detail: "issued \(request)", facts: .request(.issued, page: nil))
        if !matched {
            runner.warn(
                "the app requested \(request) and the simulator's network has no response for it: it fails with URLError(.cannotFindHost); register one with network.respond(to:latency:json:)"
            )
        }
    }

    /// A `URLSession` load ended: completed (its data now waits for an apply) or failed.
    func urlLoadFinished(_ request: URLRequest, succeeded: Bool) {
        runner.count(succeeded ? \.dataRequestsCompleted : \.dataRequestsFailed, section: nil)
        runner.append(
            .request, section: nil, item: nil, detail: succeeded ? "completed \(request)" : "failed \(request)",
            facts: .request(succeeded ? .completed : .failed, page: nil))
        if succeeded { awaitApply(after: "URLSession load \(request)") }
    }

    /// Notes that a data response was delivered: if nothing is applied or reloaded by the time the
    /// screen is idle, the warnings say so.
    func awaitApply(after response: String) {
        responsesAwaitingApply.append(response)
    }

    /// An apply or reload took the responses delivered so far into the screen.
    func responsesApplied() {
        responsesAwaitingApply.removeAll()
    }

    /// The warnings `runUntilIdle` adds: app work still pending after `limit` seconds, and data
    /// responses no apply followed.
    func warnAboutUnfinishedWork(limit: TimeInterval) {
        let pending = pendingWork.filter { $0.value.isObsolete?() != true }
            .sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }.map(\.value)
        if !pending.isEmpty {
            let shown = pending.prefix(5).map { work in
                work.due.isFinite ? "\(work.label) (due at \(Self.seconds(work.due)))" : "\(work.label) (never due)"
            }
            let more = pending.count > 5 ? " and \(pending.count - 5) more" : ""
            runner.warn(
                "runUntilIdle(limit: \(Self.seconds(limit))) returned with app work still pending at \(Self.seconds(time)): \(shown.joined(separator: ", "))\(more); the counts do not include what it will do"
            )
        }
        for response in responsesAwaitingApply {
            runner.warn(
                "the \(response) completed and nothing was applied or reloaded after it: the screen shows none of its data (a completion that never reaches the main queue, or an apply left out)"
            )
        }
        responsesAwaitingApply.removeAll()
    }

    /// Seconds for messages: `0.3 s`, `61.25 s`.
    static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
