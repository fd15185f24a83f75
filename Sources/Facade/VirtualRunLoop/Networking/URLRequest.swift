import Foundation

/// A URL load request, as Foundation's (Linux's Foundation keeps it in FoundationNetworking, which
/// iOS code never imports, so this module provides it with the rest of the URL loading system).
public struct URLRequest: Hashable, Sendable, CustomStringConvertible {
    /// How a request uses the URL cache (stored; the simulated network has no cache).
    public enum CachePolicy: UInt, Sendable {
        case useProtocolCachePolicy = 0
        case reloadIgnoringLocalCacheData = 1
        case reloadIgnoringLocalAndRemoteCacheData = 4
        case returnCacheDataElseLoad = 2
        case returnCacheDataDontLoad = 3
        case reloadRevalidatingCacheData = 5

        public static var reloadIgnoringCacheData: CachePolicy { .reloadIgnoringLocalCacheData }
    }

    public var url: URL?
    /// `GET` unless set.
    public var httpMethod: String? = "GET"
    public var allHTTPHeaderFields: [String: String]?
    public var httpBody: Data?
    public var timeoutInterval: TimeInterval
    public var cachePolicy: CachePolicy
    public var httpShouldHandleCookies = true
    public var allowsCellularAccess = true

    public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60) {
        self.url = url
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }

    /// The value of a header, matched without regard to case.
    public func value(forHTTPHeaderField field: String) -> String? {
        allHTTPHeaderFields?.first { $0.key.caseInsensitiveCompare(field) == .orderedSame }?.value
    }

    /// Sets a header, replacing any value it had (matched without regard to case).
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        var fields = allHTTPHeaderFields ?? [:]
        for key in fields.keys where key.caseInsensitiveCompare(field) == .orderedSame { fields[key] = nil }
        fields[field] = value
        allHTTPHeaderFields = fields
    }

    /// Adds a value to a header, comma-separated after any it had.
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
        setValue(self.value(forHTTPHeaderField: field).map { "\($0),\(value)" } ?? value, forHTTPHeaderField: field)
    }

    public var description: String { "\(httpMethod ?? "GET") \(url?.absoluteString ?? "(no URL)")" }
}
