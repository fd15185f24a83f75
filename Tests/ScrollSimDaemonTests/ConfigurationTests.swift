import Foundation
import ScrollSimDaemon
import TestSupport
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite("scrollsimd configuration")
struct ConfigurationTests {
    static func parse(_ text: String) throws -> DaemonConfiguration {
        try DaemonConfiguration.parse([try INIFile(parsing: text, name: "test.conf")])
    }

    @Test("the shipped file lists every key at its built-in default: uncommented, it changes nothing")
    func shippedFileIsTheDefaults() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Config/scrollsimd.conf"), encoding: .utf8)
        #expect(try Self.parse(text) == DaemonConfiguration())
        // Uncomment every "#Key=" line; the live list starts from empty so the three lines are the list.
        var uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasPrefix("#") && line.dropFirst().first?.isUppercase == true && line.contains("=")
                ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
        uncommented = uncommented.replacingOccurrences(of: "[Live]\n", with: "[Live]\nSimulation=\n")
        #expect(try Self.parse(uncommented) == DaemonConfiguration())
        // And every key the daemon knows appears in the file.
        let keys = Set(
            DaemonConfiguration().iniText().split(separator: "\n").compactMap { $0.split(separator: "=").first }.filter {
                !$0.hasPrefix("[")
            })
        for key in keys { #expect(text.contains("#\(key)="), "\(key) is not documented in Config/scrollsimd.conf") }
    }

    @Test("--print-config text parses back to the same configuration")
    func printedRoundTrip() throws {
        var configuration = DaemonConfiguration()
        configuration.tickInterval = 0.005
        configuration.maxMessageSize = 64 << 10
        configuration.live = [
            .init(scenario: "shop-home", width: 430, height: 932, policy: "targeted", seed: 7),
            .init(scenario: "home", width: 390, height: 844, prefetch: 0),
        ]
        configuration.scenarioDirectory = "/srv/scenarios"
        configuration.workers = 3
        #expect(try Self.parse(configuration.iniText()) == configuration)
        configuration.workers = 0
        #expect(try Self.parse(configuration.iniText()) == configuration)
        #expect(try Self.parse("[Daemon]\nWorkers=2\nWorkers=auto").workers == nil)
        #expect(try Self.parse(DaemonConfiguration().iniText()) == DaemonConfiguration())
    }

    static let errors: [(String, String)] = [
        ("[Daemon]\nTickInterval=soon", "test.conf:2: TickInterval=: a time between 0.001s and 1.0s, such as 16ms or 1.5s"),
        ("[Daemon]\nTickIntervall=16ms", "test.conf:2: unknown key TickIntervall= in [Daemon]; did you mean TickInterval=?"),
        ("[Limit]\nMaxConnections=3", "test.conf:2: unknown key MaxConnections= in [Limit]; did you mean [Limits]?"),
        ("[Daemon]\nMaxConnections=3", "test.conf:2: unknown key MaxConnections= in [Daemon]; MaxConnections= belongs in [Limits]"),
        ("[Daemon]\nFrobnicate=3", "test.conf:2: unknown key Frobnicate= in [Daemon]"),
        ("TickInterval=16ms", "test.conf:1: an assignment before any [Section]"),
        ("[Daemon\nA=b", "test.conf:1: a section header is [Name]"),
        ("[Daemon]\njust words", "test.conf:2: expected Key=Value, found \"just words\""),
        (
            "[Live]\nSimulation=home",
            "test.conf:2: Simulation=: SCENARIO WIDTHxHEIGHT [policy=uikit|uikit14|targeted] [seed=N] [prefetch=SCREENS (0 to 10; 0 is off)], such as: home 390x844"
        ),
        (
            "[Live]\nSimulation=home 0x5",
            "test.conf:2: Simulation=: SCENARIO WIDTHxHEIGHT [policy=uikit|uikit14|targeted] [seed=N] [prefetch=SCREENS (0 to 10; 0 is off)], such as: home 390x844"
        ),
        (
            "[Live]\nSimulation=home 390x844 prefetch=11",
            "test.conf:2: Simulation=: SCENARIO WIDTHxHEIGHT [policy=uikit|uikit14|targeted] [seed=N] [prefetch=SCREENS (0 to 10; 0 is off)], such as: home 390x844"
        ),
        ("[Limits]\nMaxMessageSize=1T", "test.conf:2: MaxMessageSize=: a size from 1024 to 67108864 bytes, such as 64K or 1M"),
        ("[Daemon]\nWorkers=many", "test.conf:2: Workers=: auto (one per processor), or a whole number from 0 to 64"),
        ("[Daemon]\nWorkers=65", "test.conf:2: Workers=: auto (one per processor), or a whole number from 0 to 64"),
        ("[Limits]\nMaxConnections=-1", "test.conf:2: MaxConnections=: a whole number from 1 to 65536"),
        (
            "[Daemon]\nScenarioDirectory=relative/dir",
            "test.conf:2: ScenarioDirectory=: an absolute path, or empty for the built-in scenarios"
        ),
        ("[Daemon]\nLogLevel=loud", "test.conf:2: LogLevel=: one of emerg, alert, crit, err, warning, notice, info, debug"),
        ("[Daemon]\nTickInterval=1\\", "test.conf:2: the file ends in a continued line"),
    ]

    @Test("a broken configuration is refused with the file, line and what was expected", arguments: errors)
    func refused(text: String, message: String) {
        #expect(throws: Error.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(
        "--check-config checks what a start would: a live simulation's scenario (with the nearest name), the scenario directory; with screen hosts, names are left to the start"
    )
    func usable() throws {
        #expect(throws: Never.self) { try DaemonConfiguration().checkUsable() }
        let misspelt = try Self.parse("[Live]\nSimulation=hom 390x844")
        #expect {
            try misspelt.checkUsable()
        } throws: { error in
            "\(error)".hasPrefix("[Live] Simulation=hom 390x844: no scenario hom (scenarios: home, ")
                && "\(error)".hasSuffix("; did you mean home?")
        }
        #expect {
            try Self.parse("[Daemon]\nScenarioDirectory=/no/such/directory").checkUsable()
        } throws: { error in
            "\(error)" == "[Daemon] ScenarioDirectory=/no/such/directory: no such directory"
        }
        #expect(throws: Never.self) {
            try Self.parse("[Screens]\nHost=/usr/bin/true\n[Live]\nSimulation=my-feed 390x844").checkUsable()
        }
    }

    @Test("drop-ins are read after the main file in lexical order; an empty Simulation= clears the list")
    func dropIns() throws {
        let directory = try Scratch.directory("conf")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("scrollsimd.conf.d"), withIntermediateDirectories: true)
        defer { Scratch.remove(directory) }
        try "[Daemon]\nTickInterval=20ms\n".write(
            to: directory.appendingPathComponent("scrollsimd.conf"), atomically: true, encoding: .utf8)
        try "[Daemon]\nTickInterval=30ms\n[Live]\nSimulation=\nSimulation=modern 390x844\n".write(
            to: directory.appendingPathComponent("scrollsimd.conf.d/10-live.conf"), atomically: true, encoding: .utf8)
        try "[Daemon]\nTickInterval=40ms\n".write(
            to: directory.appendingPathComponent("scrollsimd.conf.d/20-tick.conf"), atomically: true, encoding: .utf8)
        try "ignored: not a .conf".write(
            to: directory.appendingPathComponent("scrollsimd.conf.d/README"), atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(path: directory.appendingPathComponent("scrollsimd.conf").path)
        #expect(
            loader.files().map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "scrollsimd.conf", "10-live.conf", "20-tick.conf",
            ])
        let configuration = try loader.load()
        #expect(configuration.tickInterval == 0.04)
        #expect(configuration.live.map(\.id) == ["live-modern-390x844"])
        // No file at all: the defaults.
        #expect(try ConfigurationLoader(path: "/nonexistent/scrollsimd.conf").load() == DaemonConfiguration())
    }
}
