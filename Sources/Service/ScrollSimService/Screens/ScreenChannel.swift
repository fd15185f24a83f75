import JSONModel
import Varlink

/// Why a screen host cannot answer, in words for the simulations it fails: it crashed (the
/// signal), hung (no reply in time), exceeded a limit, broke the protocol, or is not running.
package struct ScreenHostFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package var host: String
    package var reason: String

    package init(host: String, reason: String) {
        self.host = host
        self.reason = reason
    }

    package var description: String { "screen host \(host) \(reason)" }
}

/// The daemon's line to one running screen host: one call at a time, its reply or the host's
/// Varlink error (`Result.failure`). Any thread may call it (the realtime workers do); the
/// daemon's implementation serialises calls and bounds each by the host timeout.
package protocol ScreenChannel: AnyObject, Sendable {
    var host: String { get }
    func call(
        _ method: ScreenHostProtocol.Method, _ parameters: [String: JSONValue]
    ) throws(ScreenHostFailure)
        -> Result<[String: JSONValue], VarlinkError>
    /// The host answered something the protocol does not allow: it is stopped as failed with
    /// `reason` (and restarted, as after a crash).
    func reject(_ reason: String) -> ScreenHostFailure
}

/// A screen the configured hosts offer, with the host that runs it.
package struct ScreenOffer: Sendable, Hashable {
    package var screen: ScreenDescription
    package var host: String
    package var path: String
    /// A hash of the host executable's bytes when it was started.
    package var build: String

    package init(screen: ScreenDescription, host: String, path: String, build: String) {
        self.screen = screen
        self.host = host
        self.path = path
        self.build = build
    }
}

/// The screens the daemon's hosts offer and the lines to those running: the service opens screen
/// simulations through this and never starts or talks to a process itself.
package protocol ScreenDirectory: AnyObject {
    /// Every screen offered, running host or not (a host being restarted still offers its screens).
    var offers: [ScreenOffer] { get }
    /// The line to `host` while it runs; why not otherwise.
    func channel(to host: String) -> Result<any ScreenChannel, ScreenHostFailure>
    /// The build the host runs now (nil: not running).
    func build(of host: String) -> String?
}
