import Foundation
import ScrollSimService

/// The configured screen hosts (`[Screens] Host=`): started with the daemon, watched each tick,
/// restarted with back-off when they fail, and offered to the service as a `ScreenDirectory`.
/// App code never runs in the daemon's process: each host is a process of its own.
final class ScreenHosts: ScreenDirectory {
    /// One host and when it may be started again.
    struct Supervised {
        let process: HostProcess
        /// When it last started (monotonic), and the back-off before the next start after a failure.
        var startedAt = 0.0
        var backoff = ScreenHosts.firstBackoff
        var restartAt: Double?
    }

    static let firstBackoff = 1.0
    static let maxBackoff = 60.0
    /// A host that ran this long before failing starts again after the first back-off.
    static let healthyRun = 30.0

    private(set) var hosts: [Supervised] = []
    /// The screens each host offered when it last started, by host (kept while it restarts).
    private var offered: [String: [ScreenOffer]] = [:]

    init(_ configuration: DaemonConfiguration) {
        hosts = configuration.hosts.map { Self.supervised($0, configuration) }
    }

    private static func supervised(_ path: String, _ configuration: DaemonConfiguration) -> Supervised {
        Supervised(process: HostProcess(path: path, timeout: configuration.hostTimeout, memoryMax: configuration.hostMemoryMax))
    }

    /// After a reload: hosts no longer configured are stopped and forgotten (returned, by name),
    /// new ones are added (returned, by index, for the caller to start). A host whose timeout or
    /// memory limit changed keeps running with the old ones until it next starts.
    func reconfigure(_ configuration: DaemonConfiguration) -> (removed: [String], added: [Int]) {
        let wanted = configuration.hosts
        let paths = Set(wanted)
        let removed = hosts.filter { !paths.contains($0.process.path) }
        for host in removed {
            host.process.stop()
            offered[host.process.host] = nil
        }
        hosts.removeAll { !paths.contains($0.process.path) }
        for host in hosts { host.process.setLimits(timeout: configuration.hostTimeout, memoryMax: configuration.hostMemoryMax) }
        let known = Set(hosts.map(\.process.path))
        var added: [Int] = []
        for path in wanted where !known.contains(path) {
            hosts.append(Self.supervised(path, configuration))
            added.append(hosts.count - 1)
        }
        return (removed.map(\.process.host), added)
    }

    var offers: [ScreenOffer] { hosts.flatMap { offered[$0.process.host] ?? [] } }

    func channel(to host: String) -> Result<any ScreenChannel, ScreenHostFailure> {
        guard let process = hosts.first(where: { $0.process.host == host })?.process else {
            return .failure(ScreenHostFailure(host: host, reason: "is not configured ([Screens] Host=)"))
        }
        guard process.isRunning else {
            return .failure(
                ScreenHostFailure(host: host, reason: process.failure.map { "is not running: \($0)" } ?? "is not running"))
        }
        return .success(process)
    }

    func build(of host: String) -> String? {
        hosts.first { $0.process.host == host && $0.process.isRunning }?.process.build
    }

    /// Starts host `index`; on failure it is scheduled again after its back-off.
    /// - Returns: why it did not start, or nil.
    @discardableResult
    func start(_ index: Int, at time: Double) -> ScreenHostFailure? {
        let process = hosts[index].process
        hosts[index].restartAt = nil
        hosts[index].startedAt = time
        do throws(ScreenHostFailure) {
            try process.start()
        } catch {
            failed(index, at: time)
            return error
        }
        offered[process.host] = process.screens.map {
            ScreenOffer(screen: $0, host: process.host, path: process.path, build: process.build)
        }
        return nil
    }

    /// Schedules a failed host's next start: the back-off doubles while it keeps failing soon
    /// after starting, and starts over once it ran for a while.
    func failed(_ index: Int, at time: Double) {
        if time - hosts[index].startedAt >= Self.healthyRun { hosts[index].backoff = Self.firstBackoff }
        hosts[index].restartAt = time + hosts[index].backoff
        hosts[index].backoff = Swift.min(hosts[index].backoff * 2, Self.maxBackoff)
    }

    /// The hosts due to start again at `time`.
    func due(at time: Double) -> [Int] {
        hosts.indices.filter { hosts[$0].restartAt.map { $0 <= time } ?? false }
    }

    func stopAll() {
        for host in hosts { host.process.stop() }
    }
}
