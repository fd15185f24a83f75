import Foundation
import Posix
import ScrollSimService

/// Everything `scrollsimd.conf` sets. The defaults here are the daemon's behaviour with no file,
/// and `Config/scrollsimd.conf` lists each key commented out at this value (a test checks that
/// they agree).
package struct DaemonConfiguration: Sendable, Hashable {
    /// Where scenarios are found by name; nil: the built-in scenarios.
    package var scenarioDirectory: String?
    /// How often live simulations and streams are advanced, in seconds.
    package var tickInterval = 0.016
    /// Wall time one tick may spend advancing live simulations; those not reached catch up on the
    /// next tick (the loop keeps serving clients and its timers stay on time).
    package var tickBudget = 0.004
    /// Threads that advance the live (realtime) simulations while the loop serves clients; nil:
    /// one per processor the daemon may run on. 0: the loop advances them itself, `tickBudget`
    /// at a time.
    package var workers: Int?
    /// How often `STATUS=` is sent to the service manager.
    package var statusInterval = 1.0
    /// How often the live simulations' time is written to the state file.
    package var checkpointInterval = 1.0
    /// Messages below this priority are not logged.
    package var logLevel = LogLevel.info
    /// Permissions of a socket the daemon binds itself (socket units set their own).
    package var socketMode: UInt32 = 0o600
    /// Real time one job (a Profile, an Advance, a restore) runs per turn before the next job's
    /// turn: slices are bounded in time, not in virtual seconds, whose cost has no bound.
    package var jobSlice = 0.001

    /// The live simulations, following the daemon's clock from start.
    package var live: [LiveSimulationSpec] = [375.0, 390, 430].map { width in
        LiveSimulationSpec(scenario: "home", width: width, height: width == 375 ? 667 : width == 390 ? 844 : 932)
    }

    /// Screen hosts' executables (absolute paths): each is started as a process of its own and
    /// serves the screens it names (docs/screen-hosts.md).
    package var screenHosts: [String] = []
    /// Where packages put screen hosts (executables or symlinks to them): each is a host too, so a
    /// package that ships one needs no configuration edit. Empty: none.
    package var hostDirectory = "/usr/lib/scrollsimd/hosts"
    /// How long a screen host may take to answer one call before it counts as hung and is killed.
    package var hostTimeout = 3.0
    /// The address space a screen host may use (its RLIMIT_AS); past it the host ends. 0: no
    /// limit (`infinity`).
    package var hostMemoryMax = 4 << 30

    package var maxConnections = 1_024
    /// Connections one peer user may hold (so a few users cannot lock the others out).
    package var maxConnectionsPerUser = 128
    /// Connections past `maxConnections` only root and the daemon's own user may take, so an
    /// administrator gets in however many other users fill the daemon.
    package var reservedConnections = 16
    /// A connection with nothing in flight (no call, stream, profile or unwritten reply) is
    /// closed after this long; 0: never.
    package var idleTimeout = 300.0
    /// Bytes buffered for all connections together (partial messages, calls waiting, replies
    /// unwritten); past it the connection holding the most is closed.
    package var maxBufferMemory = 256 << 20
    package var maxMessageSize = 1 << 20
    /// Bytes of replies queued for one connection before it is read no further (or, for streams,
    /// before events are dropped).
    package var maxOutputBuffer = 8 << 20
    package var maxStreams = 256
    /// Profiles running at once, in all and per peer user: each costs CPU in every work turn.
    package var maxJobs = 8
    package var maxJobsPerUser = 2
    /// Replies queued for one stream before its events are dropped.
    package var streamQueue = 1_024
    package var service = SimulatorService.Limits()
    /// Calls per second one connection may make (a burst of as many is allowed); 0: no limit.
    package var maxRequestsPerSecond = 0

    /// Users (names or ids) and groups allowed to change state; both empty: every caller that can
    /// connect (the socket's permissions decide).
    package var allowUsers: [String] = []
    package var allowGroups: [String] = []
    /// Read-only methods: open to every caller, or only to the allowed ones.
    package var readOpenToAll = true

    /// The access policy with names resolved (checked when the configuration is parsed).
    package var accessPolicy: AccessPolicy {
        var policy = AccessPolicy()
        policy.users = Set(allowUsers.compactMap(UnixSocket.userID))
        policy.groups = Set(allowGroups.compactMap(UnixSocket.groupID))
        policy.readOpenToAll = readOpenToAll
        return policy
    }

    package init() {}

    /// The hosts to run: `screenHosts`, then the executables in `hostDirectory` in name order (one
    /// whose file name a configured host already has is left out: hosts are known by that name).
    package var hosts: [String] {
        var hosts = screenHosts
        var names = Set(screenHosts.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        guard !hostDirectory.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: hostDirectory) else {
            return hosts
        }
        for name in entries.sorted() where !name.hasPrefix(".") && !names.contains(name) {
            let path = hostDirectory + "/" + name
            guard FileManager.default.isExecutableFile(atPath: path) else { continue }
            hosts.append(path)
            names.insert(name)
        }
        return hosts
    }
}

/// Log priorities by name (`LogLevel=` takes syslog's names).
package enum LogLevel: Int32, Sendable, Hashable, CaseIterable {
    case emerg = 0, alert, crit, err, warning, notice, info, debug

    init?(name: String) {
        guard let level = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = level
    }
}
