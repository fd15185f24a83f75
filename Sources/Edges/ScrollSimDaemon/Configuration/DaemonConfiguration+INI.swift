import Foundation
import Posix
import ScrollSimService
import Spelling

extension DaemonConfiguration {
    /// The configuration after applying `files` in order (the main file, then drop-ins).
    /// - Throws: the first unknown key, malformed value or syntax error, with file and line.
    package static func parse(_ files: [INIFile]) throws(ConfigurationError) -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        for file in files {
            for assignment in file.assignments { try configuration.apply(assignment) }
        }
        return configuration
    }

    mutating func apply(_ a: INIFile.Assignment) throws(ConfigurationError) {
        func invalid(_ message: String) -> ConfigurationError { .invalidValue(origin: a.origin, key: a.key, message: message) }
        func seconds(minimum: Double = 0.001, maximum: Double = 86_400) throws(ConfigurationError) -> Double {
            guard let value = Self.timeSpan(a.value), value >= minimum, value <= maximum else {
                throw invalid("a time between \(minimum)s and \(maximum)s, such as 16ms or 1.5s")
            }
            return value
        }
        func count(minimum: Int = 1, maximum: Int = 1_000_000) throws(ConfigurationError) -> Int {
            guard let value = Int(a.value), value >= minimum, value <= maximum else {
                throw invalid("a whole number from \(minimum) to \(maximum)")
            }
            return value
        }
        func size(minimum: Int = 1024, maximum: Int = 1 << 30) throws(ConfigurationError) -> Int {
            guard let value = Self.byteSize(a.value), value >= minimum, value <= maximum else {
                throw invalid("a size from \(minimum) to \(maximum) bytes, such as 64K or 1M")
            }
            return value
        }
        switch (a.section, a.key) {
        case ("Daemon", "ScenarioDirectory"):
            guard a.value.isEmpty || a.value.hasPrefix("/") else {
                throw invalid("an absolute path, or empty for the built-in scenarios")
            }
            scenarioDirectory = a.value.isEmpty ? nil : a.value
        case ("Daemon", "TickInterval"): tickInterval = try seconds(maximum: 1)
        case ("Daemon", "TickBudget"): tickBudget = try seconds(minimum: 0.0001, maximum: 1)
        case ("Daemon", "Workers"):
            if a.value == "auto" {
                workers = nil
            } else {
                guard let value = Int(a.value), (0...64).contains(value) else {
                    throw invalid("auto (one per processor), or a whole number from 0 to 64")
                }
                workers = value
            }
        case ("Daemon", "StatusInterval"): statusInterval = try seconds(minimum: 0.1)
        case ("Daemon", "CheckpointInterval"): checkpointInterval = try seconds(minimum: 0.1)
        case ("Daemon", "JobSlice"): jobSlice = try seconds(minimum: 0.0001, maximum: 0.1)
        case ("Daemon", "LogLevel"):
            guard let level = LogLevel(name: a.value) else {
                throw invalid("one of \(LogLevel.allCases.map { "\($0)" }.joined(separator: ", "))")
            }
            logLevel = level
        case ("Daemon", "SocketMode"):
            guard let mode = UInt32(a.value, radix: 8), mode <= 0o777 else { throw invalid("an octal mode such as 0600") }
            socketMode = mode
        case ("Live", "Simulation"):
            if a.value.isEmpty {
                live = []  // systemd's convention: an empty assignment resets a list
            } else {
                live.append(try Self.liveSimulation(a.value, invalid: invalid))
            }
        case ("Screens", "Host"):
            if a.value.isEmpty {
                screenHosts = []
            } else {
                guard a.value.hasPrefix("/") else { throw invalid("the absolute path of a screen host's executable") }
                guard FileManager.default.isExecutableFile(atPath: a.value) else {
                    throw invalid("\(a.value) is not an executable file")
                }
                let name = a.value.split(separator: "/").last.map(String.init) ?? a.value
                guard !screenHosts.contains(where: { $0.hasSuffix("/" + name) }) else {
                    throw invalid("a second host named \(name): hosts are known by their file name")
                }
                screenHosts.append(a.value)
            }
        case ("Screens", "HostDirectory"):
            guard a.value.isEmpty || a.value.hasPrefix("/") else { throw invalid("an absolute path, or empty for none") }
            hostDirectory = a.value
        case ("Screens", "HostTimeout"): hostTimeout = try seconds(minimum: 0.1, maximum: 60)
        case ("Screens", "HostMemoryMax"):
            // systemd's word for no limit (a sanitized host reserves terabytes of address space).
            hostMemoryMax = a.value == "infinity" ? 0 : try size(minimum: 64 << 20, maximum: 1 << 40)
        case ("Limits", "MaxConnections"): maxConnections = try count(maximum: 65_536)
        case ("Limits", "MaxConnectionsPerUser"): maxConnectionsPerUser = try count(minimum: 1, maximum: 65_536)
        case ("Limits", "ReservedConnections"): reservedConnections = try count(minimum: 0, maximum: 1_024)
        case ("Limits", "IdleTimeout"): idleTimeout = try seconds(minimum: 0, maximum: 86_400)
        case ("Limits", "MaxBufferMemory"): maxBufferMemory = try size(minimum: 1 << 20, maximum: 1 << 40)
        case ("Limits", "MaxRequestsPerSecond"): maxRequestsPerSecond = try count(minimum: 0, maximum: 10_000_000)
        case ("Access", "AllowUsers"):
            if a.value.isEmpty { allowUsers = [] }
            for name in a.value.split(separator: " ").map(String.init) {
                guard UnixSocket.userID(name) != nil else { throw invalid("no user \"\(name)\" (a name or a numeric id)") }
                allowUsers.append(name)
            }
        case ("Access", "AllowGroups"):
            if a.value.isEmpty { allowGroups = [] }
            for name in a.value.split(separator: " ").map(String.init) {
                guard UnixSocket.groupID(name) != nil else { throw invalid("no group \"\(name)\" (a name or a numeric id)") }
                allowGroups.append(name)
            }
        case ("Access", "ReadOthers"):
            guard let value = Self.boolean(a.value) else { throw invalid("yes or no") }
            service.readOthers = value
        case ("Access", "ReadAccess"):
            guard a.value == "all" || a.value == "allowed" else { throw invalid("all or allowed") }
            readOpenToAll = a.value == "all"
        case ("Limits", "MaxMessageSize"): maxMessageSize = try size(maximum: 64 << 20)
        case ("Limits", "MaxOutputBuffer"): maxOutputBuffer = try size(minimum: 64 << 10)
        case ("Limits", "MaxSimulations"): service.simulations = try count(maximum: 100_000)
        case ("Limits", "MaxSimulationsPerUser"): service.simulationsPerUser = try count(maximum: 100_000)
        case ("Limits", "MaxItemsPerUser"): service.itemsPerUser = try count(maximum: 1_000_000_000)
        case ("Limits", "MaxEventRecords"): service.eventRecords = try count(maximum: 1_000_000_000)
        case ("Limits", "MaxStreams"): maxStreams = try count(minimum: 0, maximum: 65_536)
        case ("Limits", "StreamQueue"): streamQueue = try count(minimum: 8)
        case ("Limits", "MaxJobs"): maxJobs = try count(minimum: 1, maximum: 1_024)
        case ("Limits", "MaxJobsPerUser"): maxJobsPerUser = try count(minimum: 1, maximum: 1_024)
        case ("Limits", "MaxSecondsPerAdvance"): service.secondsPerAdvance = try seconds(minimum: 1, maximum: 1e7)
        case ("Limits", "MaxProfileSeconds"): service.profileSeconds = try seconds(minimum: 1, maximum: 1e7)
        case ("Limits", "MaxProfileRuns"): service.profileRuns = try count(maximum: 1_000)
        case ("Limits", "MaxEventsPerPage"): service.eventsPerPage = try count()
        case ("Limits", "MaxElementsPerReply"): service.elementsPerReply = try count(maximum: 10_000_000)
        case ("Limits", "MaxSectionsPerDefinition"): service.sectionsPerDefinition = try count(maximum: 100_000)
        case ("Limits", "MaxItemsPerEdit"): service.itemsPerEdit = try count(maximum: 1_000_000)
        case ("Limits", "MaxItemsPerProfile"): service.itemsPerProfile = try count(maximum: 2_000_000)
        default:
            throw .unknownKey(origin: a.origin, section: a.section, key: a.key, hint: Self.hint(section: a.section, key: a.key))
        }
    }

    /// Every section and its keys, as `--print-config` writes them.
    static let knownKeys: [String: [String]] = {
        var keys: [String: [String]] = [:]
        var section = ""
        for line in DaemonConfiguration().iniText().split(separator: "\n") {
            if line.hasPrefix("[") {
                section = String(line.dropFirst().dropLast())
            } else if let equals = line.firstIndex(of: "=") {
                keys[section, default: []].append(String(line[..<equals]))
            }
        }
        return keys
    }()

    /// What an unknown key was probably meant to be: a key of its section spelt nearly so, the
    /// same key in the section it belongs to, or a section spelt nearly so.
    static func hint(section: String, key: String) -> String? {
        if let keys = knownKeys[section] {
            if let near = nearestName(key, among: keys) { return "did you mean \(near)=?" }
            if let home = knownKeys.first(where: { $0.value.contains(key) })?.key { return "\(key)= belongs in [\(home)]" }
            return nil
        }
        return nearestName(section, among: knownKeys.keys.sorted()).map { "did you mean [\($0)]?" }
    }

    /// `SCENARIO WIDTHxHEIGHT [policy=P] [seed=N] [prefetch=SCREENS]`.
    static func liveSimulation(
        _ value: String, invalid: (String) -> ConfigurationError
    ) throws(ConfigurationError) -> LiveSimulationSpec {
        let words = value.split(separator: " ").map(String.init)
        let usage =
            "SCENARIO WIDTHxHEIGHT [policy=uikit|uikit14|targeted] [seed=N] [prefetch=SCREENS (0 to 10; 0 is off)], such as: home 390x844"
        guard words.count >= 2 else { throw invalid(usage) }
        let size = words[1].split(separator: "x").compactMap { Double($0) }
        guard size.count == 2, size.allSatisfy({ $0 >= 1 && $0 <= 100_000 }) else { throw invalid(usage) }
        var spec = LiveSimulationSpec(scenario: words[0], width: size[0], height: size[1])
        for option in words.dropFirst(2) {
            if option.hasPrefix("policy="), ["uikit", "uikit14", "targeted"].contains(option.dropFirst(7)) {
                spec.policy = String(option.dropFirst(7))
            } else if option.hasPrefix("seed="), let seed = UInt64(option.dropFirst(5)) {
                spec.seed = seed
            } else if option.hasPrefix("prefetch="), let screens = Double(option.dropFirst(9)), screens >= 0, screens <= 10 {
                spec.prefetch = screens
            } else {
                throw invalid(usage)
            }
        }
        return spec
    }

    /// systemd time spans: `16ms`, `1.5s`, `2min`, `250us`; a bare number is seconds.
    static func timeSpan(_ text: String) -> Double? {
        let units: [(String, Double)] = [("us", 1e-6), ("ms", 1e-3), ("min", 60), ("s", 1), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).flatMap { $0.isFinite ? $0 * scale : nil }
        }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Sizes with systemd's base-1024 suffixes: `64K`, `1M`, `1G`; a bare number is bytes.
    /// systemd's booleans: yes/no, true/false, on/off, 1/0.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "on", "1": true
        case "no", "false", "off", "0": false
        default: nil
        }
    }

    static func byteSize(_ text: String) -> Int? {
        let units: [(String, Int)] = [("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            return Int(text.dropLast()).flatMap { $0.multipliedReportingOverflow(by: scale).overflow ? nil : $0 * scale }
        }
        return Int(text)
    }
}
