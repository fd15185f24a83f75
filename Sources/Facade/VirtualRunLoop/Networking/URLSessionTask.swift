import Foundation
import Synchronization

/// A URL load, as Foundation's: made suspended, started by `resume()`, answered by the simulator's
/// network after its latency in virtual time (the completion handler then runs), or ended early
/// by `cancel()` with `URLError(.cancelled)`.
open class URLSessionTask: NSObject, @unchecked Sendable {
    // Unchecked: the mutable state is behind a mutex (a task may be cancelled from any thread).
    public enum State: Int, Sendable {
        case running, suspended, canceling, completed
    }

    public let taskIdentifier: Int
    public let originalRequest: URLRequest?
    open var currentRequest: URLRequest? { originalRequest }
    /// Stored; the simulated network serves requests in the order they start.
    open var priority: Float = 0.5

    private struct Progress {
        var state: State = .suspended
        var response: URLResponse?
        var error: (any Error)?
        var completion: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    }

    private let progress: Mutex<Progress>

    init(
        identifier: Int, request: URLRequest, completion: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    ) {
        self.taskIdentifier = identifier
        self.originalRequest = request
        self.progress = Mutex(Progress(completion: completion))
    }

    open var state: State { progress.withLock { $0.state } }
    open var response: URLResponse? { progress.withLock { $0.response } }
    open var error: (any Error)? { progress.withLock { $0.error } }

    /// Starts the load. During a simulator call the simulator's network answers it; outside one
    /// there is no network: it fails with `URLError(.notConnectedToInternet)`.
    open func resume() {
        let starts = progress.withLock { progress -> Bool in
            guard progress.state == .suspended else { return false }
            progress.state = .running
            return true
        }
        guard starts, let request = originalRequest else { return }
        guard AppClock.isDriving, let network = AppClock.network else {
            DispatchQueue.global().async(group: nil, qos: .unspecified, flags: []) {
                self.finish(.failure(URLError(.notConnectedToInternet)), network: nil)
            }
            return
        }
        let answer = network.answer(request)
        network.requestStarted?(request, answer.matched)
        let work = AppWork(
            kind: .network, label: "URLSession \(request)", delay: answer.latency,
            isObsolete: { [weak self] in self?.state != .running }
        ) { [self] in finish(answer.result, network: network) }
        AppClock.submit(work)
    }

    /// Ends the load early: its completion gets `URLError(.cancelled)` (at the run loop's next
    /// turn during a simulator call).
    open func cancel() {
        let cancels = progress.withLock { progress -> Bool in
            guard progress.state == .running || progress.state == .suspended else { return false }
            progress.state = .canceling
            return true
        }
        guard cancels else { return }
        let network = AppClock.isDriving ? AppClock.network : nil
        let end: @Sendable () -> Void = { [self] in finish(.failure(URLError(.cancelled)), network: network) }
        if AppClock.isDriving {
            AppClock.submit(
                AppWork(kind: .network, label: "URLSession \(originalRequest?.description ?? "") cancelled", delay: 0, run: end))
        } else {
            end()
        }
    }

    /// Delivers the outcome once.
    private func finish(_ result: Result<(Data, URLResponse), any Error>, network: SimulatedNetwork?) {
        let completion = progress.withLock { progress -> (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)? in
            guard progress.state != .completed else { return nil }
            progress.state = .completed
            switch result {
            case .success(let (_, response)): progress.response = response
            case .failure(let error): progress.error = error
            }
            defer { progress.completion = nil }
            return progress.completion
        }
        if let request = originalRequest, let network {
            network.requestFinished?(request, (try? result.get()) != nil)
        }
        switch result {
        case .success(let (data, response)): completion?(data, response, nil)
        case .failure(let error): completion?(nil, nil, error)
        }
    }
}

/// A data load (`URLSession.dataTask`).
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}
