import Foundation
import ScrollSimService

/// The screen hosts on the daemon's loop: their stderr to the journal under their name, a host
/// that died noticed within a tick, restarts when their back-off ends, and their simulations
/// rebuilt by replay once they run again.
extension Daemon {
    /// Starts every configured host (at start, before the state file is replayed into them).
    static func startScreenHosts(_ screenHosts: ScreenHosts, logger: Logger, at time: Double) {
        for index in screenHosts.hosts.indices {
            let host = screenHosts.hosts[index].process
            if let failure = screenHosts.start(index, at: time) {
                logger.log(
                    .err, "\(failure); trying again in \(Int(backoff(screenHosts, index, at: time))) s", event: "host-failed",
                    fields: [("SCROLLSIM_HOST", host.host)])
            } else {
                logger.log(
                    .info,
                    "screen host \(host.host) started (pid \(host.processID ?? 0), build \(host.build.prefix(12))): \(host.screens.map(\.name).joined(separator: ", "))",
                    event: "host-started", fields: [("SCROLLSIM_HOST", host.host)])
            }
        }
    }

    /// Seconds until host `index` starts again.
    static func backoff(_ hosts: ScreenHosts, _ index: Int, at time: Double) -> Double {
        Swift.max(0, (hosts.hosts[index].restartAt ?? time) - time)
    }

    /// Each tick: logs what the hosts wrote, fails the simulations of a host that died, and
    /// starts again those whose back-off is over.
    func superviseScreenHosts() {
        guard !screenHosts.hosts.isEmpty else { return }
        let time = clock()
        for index in screenHosts.hosts.indices {
            let host = screenHosts.hosts[index].process
            for line in host.readStderr() {
                logger.log(.info, "\(host.host): \(line)", event: "host-output", fields: [("SCROLLSIM_HOST", host.host)])
            }
            let ended = host.checkExited()
            if let reason = ended ?? (screenHosts.hosts[index].restartAt == nil && !host.isRunning ? host.failure : nil) {
                screenHosts.failed(index, at: time)
                let description = ScreenHostFailure(host: host.host, reason: reason).description
                service.hostFailed(host.host, reason: description)
                let waiting = service.simulationsAwaiting(host: host.host)
                logger.log(
                    .err,
                    "\(description); \(waiting.count) simulation\(waiting.count == 1 ? "" : "s") wait for it (\(waiting.joined(separator: ", "))); starting it again in \(Int(Self.backoff(screenHosts, index, at: time))) s",
                    event: "host-failed", fields: [("SCROLLSIM_HOST", host.host)])
            }
        }
        for index in screenHosts.due(at: time) {
            let host = screenHosts.hosts[index].process
            if let failure = screenHosts.start(index, at: time) {
                logger.log(.err, "\(failure); trying again in \(Int(Self.backoff(screenHosts, index, at: time))) s", event: "host-failed",
                    fields: [("SCROLLSIM_HOST", host.host)])
                continue
            }
            let jobs = service.rebuildScreens(of: host.host, now: now)
            logger.log(
                .notice, "screen host \(host.host) running again (pid \(host.processID ?? 0)); replaying \(jobs.count) simulation\(jobs.count == 1 ? "" : "s")",
                event: "host-restarted", fields: [("SCROLLSIM_HOST", host.host)])
            guard !jobs.isEmpty else { continue }
            restoration.add(jobs)
            scheduleWork()
        }
    }
}
