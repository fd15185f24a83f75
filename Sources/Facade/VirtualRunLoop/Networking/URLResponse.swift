import Foundation

/// The metadata of a URL load's response, as Foundation's.
open class URLResponse: NSObject, @unchecked Sendable {
    // Unchecked: immutable after init, as Foundation's.
    public let url: URL?
    public let mimeType: String?
    public let expectedContentLength: Int64
    public let textEncodingName: String?

    public init(url: URL, mimeType: String?, expectedContentLength: Int, textEncodingName: String?) {
        self.url = url
        self.mimeType = mimeType
        self.expectedContentLength = Int64(expectedContentLength)
        self.textEncodingName = textEncodingName
    }

    /// The last path component of the URL, or `unknown`.
    open var suggestedFilename: String? { url.map { $0.lastPathComponent.isEmpty ? "unknown" : $0.lastPathComponent } }
}

/// An HTTP response's status and headers, as Foundation's.
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    public let statusCode: Int
    public let allHeaderFields: [AnyHashable: Any]

    public init?(url: URL, statusCode: Int, httpVersion: String?, headerFields: [String: String]?) {
        self.statusCode = statusCode
        self.allHeaderFields = headerFields ?? [:]
        let type = headerFields?.first { $0.key.lowercased() == "content-type" }?.value
        let length = headerFields?.first { $0.key.lowercased() == "content-length" }.flatMap { Int($0.value) }
        super.init(
            url: url, mimeType: type.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) },
            expectedContentLength: length ?? -1, textEncodingName: nil)
    }

    /// The value of a header, matched without regard to case.
    open func value(forHTTPHeaderField field: String) -> String? {
        allHeaderFields.first { ($0.key as? String)?.caseInsensitiveCompare(field) == .orderedSame }?.value as? String
    }

    /// The standard phrase for a status code (`not found` for 404).
    open class func localizedString(forStatusCode statusCode: Int) -> String {
        switch statusCode {
        case 200: "no error"
        case 201: "created"
        case 204: "no content"
        case 301: "moved permanently"
        case 304: "not modified"
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 429: "too many requests"
        case 500: "internal server error"
        case 503: "service unavailable"
        default:
            statusCode < 300 ? "success" : statusCode < 400 ? "redirected" : statusCode < 500 ? "client error" : "server error"
        }
    }
}
