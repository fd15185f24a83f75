import Foundation

/// A session's settings, stored as Foundation's are; the simulated network reads none of them.
open class URLSessionConfiguration: NSObject, NSCopying, @unchecked Sendable {
    // Unchecked: set before the session is made, as apps do; a session keeps its own copy.
    open class var `default`: URLSessionConfiguration { URLSessionConfiguration() }
    open class var ephemeral: URLSessionConfiguration { URLSessionConfiguration() }

    open var identifier: String?
    open var timeoutIntervalForRequest: TimeInterval = 60
    open var timeoutIntervalForResource: TimeInterval = 604_800
    open var httpAdditionalHeaders: [AnyHashable: Any]?
    open var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    open var allowsCellularAccess = true
    open var allowsExpensiveNetworkAccess = true
    open var allowsConstrainedNetworkAccess = true
    open var waitsForConnectivity = false
    open var httpMaximumConnectionsPerHost = 6
    open var httpShouldUsePipelining = false
    open var httpShouldSetCookies = true
    open var isDiscretionary = false

    public override init() {}

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = URLSessionConfiguration()
        copy.identifier = identifier
        copy.timeoutIntervalForRequest = timeoutIntervalForRequest
        copy.timeoutIntervalForResource = timeoutIntervalForResource
        copy.httpAdditionalHeaders = httpAdditionalHeaders
        copy.requestCachePolicy = requestCachePolicy
        copy.allowsCellularAccess = allowsCellularAccess
        copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        copy.waitsForConnectivity = waitsForConnectivity
        copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        copy.httpShouldUsePipelining = httpShouldUsePipelining
        copy.httpShouldSetCookies = httpShouldSetCookies
        copy.isDiscretionary = isDiscretionary
        return copy
    }
}

/// A session's delegate (its methods are not called: the simulated network has no redirects,
/// challenges or streamed data).
public protocol URLSessionDelegate: AnyObject, Sendable {}
public protocol URLSessionTaskDelegate: URLSessionDelegate {}
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {}
