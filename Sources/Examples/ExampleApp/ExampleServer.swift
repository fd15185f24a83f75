import UIKit

/// The example backend's answers, for a simulator's network: three pages of twenty stories, then
/// the end; thirty posts. The latencies are a phone's on a good connection.
public enum ExampleServer {
    public static func register(on network: SimulatedNetwork) {
        network.respond(to: "\(FeedAPI.base)/stories", latency: 0.3) { request in
            let page = Int(request.url?.query?.split(separator: "=").last ?? "1") ?? 1
            let ids = (1...20).map { (page - 1) * 20 + $0 }
            return .json(#"{"ids": \#(ids), "hasMore": \#(page < 3)}"#)
        }
        network.respond(to: "\(FeedAPI.base)/posts", latency: 0.2, json: #"{"ids": \#(Array(1...30)), "hasMore": false}"#)
    }
}
