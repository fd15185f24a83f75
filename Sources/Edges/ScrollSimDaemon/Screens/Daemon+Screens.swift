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
                logger.log(
                    .err, "\(failure); trying again in \(Int(Self.backoff(screenHosts, index, at: time))) s",
                    event: "host-failed",
                    fields: [("SCROLLSIM_HOST", host.host)])
                continue
            }
            warnAboutHiddenScreens(host)
            let jobs = service.rebuildScreens(of: host.host, now: now)
            logger.log(
                .notice,
                "screen host \(host.host) running again (pid \(host.processID ?? 0)); replaying \(jobs.count) simulation\(jobs.count == 1 ? "" : "s")",
                event: "host-restarted", fields: [("SCROLLSIM_HOST", host.host)])
            guard !jobs.isEmpty else { continue }
            restoration.add(jobs)
            scheduleWork()
        }
    }

    /// A reload's `[Screens] Host=` changes: removed hosts stop (their simulations fail, waiting
    /// for the host to be configured again), added ones start and take the simulations waiting
    /// for them.
    func reloadScreenHosts(_ next: DaemonConfiguration) {
        let (removed, added) = screenHosts.reconfigure(next)
        let time = clock()
        for host in removed {
            let reason = ScreenHostFailure(host: host, reason: "was removed from the configuration").description
            service.hostFailed(host, reason: reason)
            logger.log(.notice, reason, event: "host-removed", fields: [("SCROLLSIM_HOST", host)])
        }
        for index in added {
            let host = screenHosts.hosts[index].process
            if let failure = screenHosts.start(index, at: time) {
                logger.log(
                    .err, "\(failure); trying again in \(Int(Self.backoff(screenHosts, index, at: time))) s",
                    event: "host-failed",
                    fields: [("SCROLLSIM_HOST", host.host)])
                continue
            }
            warnAboutHiddenScreens(host)
            let jobs = service.rebuildScreens(of: host.host, now: now)
            logger.log(
                .notice,
                "screen host \(host.host) added (pid \(host.processID ?? 0)): \(host.screens.map(\.name).joined(separator: ", "))",
                event: "host-started", fields: [("SCROLLSIM_HOST", host.host)])
            if !jobs.isEmpty {
                restoration.add(jobs)
                scheduleWork()
            }
        }
        if next.hostTimeout != configuration.hostTimeout || next.hostMemoryMax != configuration.hostMemoryMax {
            logger.log(
                .notice, "HostTimeout and HostMemoryMax apply to screen hosts as they next start", event: "host-limits")
        }
    }

    /// Says which of a started host's screens a scenario of the same name hides (opening by
    /// that name opens the scenario): a count read from the wrong one would mislead silently.
    func warnAboutHiddenScreens(_ host: HostProcess) {
        let hidden = host.screens.map(\.name).filter { service.catalog.version(of: $0) != nil }
        guard !hidden.isEmpty else { return }
        logger.log(
            .warning,
            "screen host \(host.host) offers \(hidden.joined(separator: ", ")), which a scenario of the same name hides: rename the screen in the host",
            event: "host-screen-hidden", fields: [("SCROLLSIM_HOST", host.host)])
    }

    /// A hung host holds the loop for up to `HostTimeout` once: past a third of the service
    /// manager's watchdog interval (sd-event pings at half of it) that could get the daemon killed as hung itself, so it is said loudly.
    func warnIfHostsCouldStarveWatchdog() {
        guard !screenHosts.hosts.isEmpty,
            let microseconds = ProcessInfo.processInfo.environment["WATCHDOG_USEC"].flatMap(Double.init)
        else { return }
        let interval = microseconds / 1e6
        guard configuration.hostTimeout >= interval / 3 else { return }
        logger.log(
            .warning,
            "HostTimeout=\(HostProcess.seconds(configuration.hostTimeout)) is a third or more of the watchdog interval (\(HostProcess.seconds(interval))): a hung screen host could hold the daemon long enough to be killed as hung; lower HostTimeout or raise WatchdogSec",
            event: "host-timeout")
    }
}
