import Foundation
import Synchronization

/// Foundation's URL session, answered by the simulator's network (`SimulatedNetwork`) on its
/// virtual clock: data tasks with completion handlers and the `async` data calls. Each load is
/// counted as a data request, and its completion runs as app work when its latency has passed.
open class URLSession: NSObject, @unchecked Sendable {
    // Unchecked: immutable but for the task counter, which is atomic.
    /// The shared session.
    public static let shared = URLSession(configuration: .default)

    public let configuration: URLSessionConfiguration
    public let delegate: (any URLSessionDelegate)?
    public let delegateQueue: OperationQueue
    open var sessionDescription: String?
    private let nextTask = Atomic<Int>(1)

    public init(configuration: URLSessionConfiguration) {
        self.configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        self.delegate = nil
        self.delegateQueue = OperationQueue()
    }

    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue: OperationQueue?) {
        self.configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        self.delegate = delegate
        self.delegateQueue = delegateQueue ?? OperationQueue()
    }

    // MARK: Data tasks

    /// A task loading `request`; `completionHandler` gets the data and response, or the error.
    open func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        URLSessionDataTask(identifier: takeIdentifier(), request: prepared(request), completion: completionHandler)
    }

    /// A task loading `url` with a GET request.
    open func dataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// A task whose outcome only a delegate would hear of (this session calls no delegate).
    open func dataTask(with request: URLRequest) -> URLSessionDataTask {
        URLSessionDataTask(identifier: takeIdentifier(), request: prepared(request), completion: nil)
    }

    open func dataTask(with url: URL) -> URLSessionDataTask { dataTask(with: URLRequest(url: url)) }

    // MARK: Async

    /// Loads `request`; cancelling the calling task cancels the load.
    open func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse) {
        let started = Mutex<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.unknown))
                    }
                }
                started.withLock { $0 = task }
                task.resume()
            }
        } onCancel: {
            started.withLock { $0 }?.cancel()
        }
    }

    /// Loads `url` with a GET request.
    open func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url), delegate: delegate)
    }

    // MARK: Ending

    open func invalidateAndCancel() {}
    open func finishTasksAndInvalidate() {}

    private func takeIdentifier() -> Int { nextTask.add(1, ordering: .relaxed).oldValue }

    /// The request with the configuration's headers it does not set itself.
    private func prepared(_ request: URLRequest) -> URLRequest {
        var request = request
        for case let (key as String, value as String) in configuration.httpAdditionalHeaders ?? [:]
        where request.value(forHTTPHeaderField: key) == nil {
            request.setValue(value, forHTTPHeaderField: key)
        }
        return request
    }
}
