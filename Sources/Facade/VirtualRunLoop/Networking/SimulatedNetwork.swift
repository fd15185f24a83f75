import Foundation
import Synchronization

/// The network a simulator's app talks to: every URL load the app starts during a simulator call
/// (`URLSession`'s data tasks and `async` data calls) is answered here, after a latency in virtual
/// time, by the response the test registered for its URL.
///
/// A request no registration matches fails with `URLError(.cannotFindHost)`, and the simulator
/// warns about it: a test never waits on, or silently loses, a request it did not expect.
public final class SimulatedNetwork: Sendable {
    /// A registered answer.
    public struct Response: Sendable {
        public var statusCode: Int
        public var headers: [String: String]
        public var body: Data

        public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.statusCode = statusCode
            self.headers = headers
            self.body = body
        }

        /// A 200 response with a JSON body.
        public static func json(_ text: String, statusCode: Int = 200) -> Response {
            Response(statusCode: statusCode, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    private struct Stub: Sendable {
        var matches: @Sendable (URLRequest) -> Bool
        var latency: TimeInterval?
        var answer: @Sendable (URLRequest) throws -> Response
    }

    private struct State: Sendable {
        var stubs: [Stub] = []
        var requests: [URLRequest] = []
        var latency: TimeInterval = 0.3
    }

    private let state = Mutex(State())
    /// Told of each request as it starts (and whether a registration matched it), and as it
    /// finishes (and whether it succeeded): the simulator's counters.
    package nonisolated(unsafe) var requestStarted: ((URLRequest, Bool) -> Void)?
    package nonisolated(unsafe) var requestFinished: ((URLRequest, Bool) -> Void)?

    public init() {}

    /// Seconds of virtual time a response takes when its registration names none (0.3 s).
    public var latency: TimeInterval {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = max(0, newValue) } }
    }

    /// Every request the app made, oldest first.
    public var requests: [URLRequest] { state.withLock { $0.requests } }

    /// Answers requests whose URL starts with `urlPrefix` with what `answer` returns (an error it
    /// throws fails the request with that error), after `latency` seconds. A later registration
    /// for the same requests takes precedence.
    public func respond(
        to urlPrefix: String, latency: TimeInterval? = nil,
        with answer: @escaping @Sendable (URLRequest) throws -> Response
    ) {
        respond(matching: { $0.url?.absoluteString.hasPrefix(urlPrefix) ?? false }, latency: latency, with: answer)
    }

    /// Answers requests `matches` accepts, as `respond(to:latency:with:)` does.
    public func respond(
        matching matches: @escaping @Sendable (URLRequest) -> Bool, latency: TimeInterval? = nil,
        with answer: @escaping @Sendable (URLRequest) throws -> Response
    ) {
        state.withLock { $0.stubs.append(Stub(matches: matches, latency: latency.map { max(0, $0) }, answer: answer)) }
    }

    /// Answers requests whose URL starts with `urlPrefix` with the same JSON text each time.
    public func respond(to urlPrefix: String, latency: TimeInterval? = nil, json: String, statusCode: Int = 200) {
        respond(to: urlPrefix, latency: latency) { _ in .json(json, statusCode: statusCode) }
    }

    /// Fails requests whose URL starts with `urlPrefix` with `code` (a lost connection, a timeout).
    public func fail(_ urlPrefix: String, with code: URLError.Code, latency: TimeInterval? = nil) {
        respond(to: urlPrefix, latency: latency) { _ in throw URLError(code) }
    }

    /// What a request gets: its latency and its outcome; `matched` is false when no registration
    /// matched it. Records the request.
    package func answer(_ request: URLRequest) -> (latency: Double, matched: Bool, result: Result<(Data, URLResponse), any Error>)
    {
        let (stub, defaultLatency) = state.withLock { state in
            state.requests.append(request)
            return (state.stubs.last { $0.matches(request) }, state.latency)
        }
        guard let stub, let url = request.url else {
            return (defaultLatency, false, .failure(URLError(.cannotFindHost)))
        }
        let result = Result { () throws -> (Data, URLResponse) in
            let response = try stub.answer(request)
            var headers = response.headers
            headers["Content-Length"] = headers["Content-Length"] ?? String(response.body.count)
            let http = HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
            return (response.body, http ?? URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
        }
        return (stub.latency ?? defaultLatency, true, result)
    }
}
