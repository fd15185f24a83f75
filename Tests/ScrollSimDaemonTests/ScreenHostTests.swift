import ExampleApp
import Foundation
import JSONModel
import Posix
import ScrollSimUIKit
import TestSupport
import Testing
import Varlink
import VarlinkClient

/// Screen hosts through a real daemon: the example app's host (two screens of our own app) and a
/// fake host that hangs, speaks garbage or crashes when told to (docs/screen-hosts.md).
@Suite("screen hosts in scrollsimd", .serialized)
struct ScreenHostTests {
    /// A daemon with `hosts` configured, on its own socket and state directory.
    final class Harness {
        let work: URL
        let daemon: DaemonProcess
        let client: VarlinkClient

        init(_ label: String, hosts: [String], timeout: String = "20s", live: [String] = [], hostDirectory: String = "") throws {
            work = try Scratch.directory(label)
            let configuration =
                (["[Screens]"] + hosts.map { "Host=\($0)" } + ["HostDirectory=\(hostDirectory)", "HostTimeout=\(timeout)"]
                + ScreenHostTests.memoryLimit + ["[Live]", "Simulation="] + live.map { "Simulation=\($0)" }).joined(separator: "\n")
            try configuration.write(to: work.appendingPathComponent("scrollsimd.conf"), atomically: true, encoding: .utf8)
            daemon = try DaemonProcess(
                binary: try builtBinary("scrollsimd"), socket: work.appendingPathComponent("s.sock").path,
                arguments: [
                    "--config", work.appendingPathComponent("scrollsimd.conf").path, "--state-dir",
                    work.appendingPathComponent("state").path,
                ])
            client = try VarlinkClient(path: daemon.socket, timeout: 30)
        }

        func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws -> VarlinkClient.Reply {
            try client.call("io.scrollsim.Simulator.\(method)", parameters)
        }

        /// The call's reply parameters; an error reply fails the test with its name and message.
        func ok(_ method: String, _ parameters: [String: JSONValue] = [:]) throws -> [String: JSONValue] {
            let reply = try call(method, parameters)
            try #require(reply.error == nil, "\(method): \(reply.error!.name) \(reply.error!.parameters)")
            return reply.parameters
        }

        func counts(_ id: String) throws -> [String: JSONValue] {
            try #require(try ok("GetCounts", ["simulation": .string(id)])["total"]?.objectValue)
        }

        /// Polls until `condition` holds (a host restarting, a replay running), for at most `seconds`.
        func wait(_ seconds: Double, _ what: String, until condition: () throws -> Bool) throws {
            let deadline = MonotonicClock.now() + seconds
            while MonotonicClock.now() < deadline {
                if try condition() { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("waited \(seconds) s for \(what)")
        }

        deinit {
            daemon.stop()
            Scratch.remove(work)
        }
    }

    static var exampleHost: String { get throws { try builtBinary("scrollsim-example-host") } }

    /// A sanitized host reserves terabytes of address space at start: no memory limit then.
    static let memoryLimit = ProcessInfo.processInfo.environment["SCROLLSIM_SANITIZED"] == nil ? [] : ["HostMemoryMax=infinity"]

    /// The fake host under `name` (its behaviour), copied into `directory`.
    static func fakeHost(_ name: String, in directory: URL) throws -> String {
        let source = ProcessRunner.repositoryRoot.appendingPathComponent("Tests/ScrollSimDaemonTests/Integration/fake_screen_host.py")
        let path = directory.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Open, advance, fling the stories row, advance: the same inputs as `inProcessCounts`.
    static func script(_ harness: Harness, _ id: String) throws {
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 10])
        _ = try harness.ok(
            "Perform", ["simulation": .string(id), "gesture": .object(["fling": .object(["section": "stories", "velocity": 3000])])])
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 5])
    }

    /// The example feed scrolled in this process with `ScrollSimulator`, as the host scrolls it:
    /// its script (scrollsim-example-host's), then the test's fling.
    @MainActor
    static func inProcessCounts() throws -> Counts {
        let simulator = ScrollSimulator(device: .iPhone13)
        ExampleServer.register(on: simulator.network)
        try simulator.show(FeedViewController())
        try simulator.advance(by: 1)
        try simulator.fling(section: 0, velocity: 3000)
        try simulator.advance(by: 2)
        try simulator.fling(velocity: 1500)
        try simulator.advance(by: 3)
        try simulator.fling(velocity: -1500)
        try simulator.advance(by: 4)
        try simulator.fling(section: 0, velocity: 3000)
        try simulator.advance(by: 5)
        return simulator.counts
    }

    @Test("ListScenarios names the host's screens; a screen opened through the daemon counts what it counts in process")
    func countsMatchInProcess() async throws {
        let harness = try Harness("screen-counts", hosts: [try Self.exampleHost])
        let list = try #require(try harness.ok("ListScenarios")["scenarios"]?.arrayValue)
        let screens = list.compactMap(\.objectValue).filter { $0["host"] != nil }
        #expect(screens.compactMap { $0["name"]?.stringValue } == ["example-feed", "example-settings"])
        #expect(screens.allSatisfy { $0["host"]?.stringValue == "scrollsim-example-host" })

        let opened = try harness.ok("OpenSimulation", ["scenario": "example-feed", "viewport": .object(["width": 390, "height": 844])])
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        try Self.script(harness, id)
        let remote = try harness.counts(id)
        let local = try await MainActor.run { try Self.inProcessCounts() }
        for (name, keyPath) in [
            ("sectionProvider", \Counts.sectionProvider), ("cellProvider", \Counts.cellProvider),
            ("layoutPasses", \Counts.layoutPasses), ("dataRequestsCompleted", \Counts.dataRequestsCompleted),
            ("frames", \Counts.frames),
        ] {
            #expect(remote[name]?.integerValue == local[keyPath: keyPath], "\(name)")
        }
        #expect(local.dataRequestsCompleted >= 3, "the stories row paged in")

        // The picture and the events come from the host too.
        let layout = try harness.ok("GetLayout", ["simulation": .string(id)])
        #expect((layout["elements"]?.arrayValue?.count ?? 0) > 50)
        let events = try harness.ok("GetEvents", ["simulation": .string(id), "after": 0, "limit": 10])
        #expect(events["events"]?.arrayValue?.count == 10)
        // What the screen does not have is a rejected gesture; the simulation goes on.
        let rejected = try harness.call(
            "Perform", ["simulation": .string(id), "gesture": .object(["fling": .object(["section": "nowhere", "velocity": 3000])])])
        #expect(rejected.error?.name == "io.scrollsim.Simulator.InvalidGesture")
        let edit = try harness.call("Perform", ["simulation": .string(id), "gesture": .object(["append": .object(["section": "stories", "count": 3])])])
        #expect(edit.error != nil)
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 1])
    }

    @Test("Profile of a screen runs its script per viewport and policy in the host; a live screen scrolls by its script")
    func profileAndLive() throws {
        let harness = try Harness("screen-profile", hosts: [try Self.exampleHost], live: ["example-feed 390x844"])
        let profile = try harness.ok(
            "Profile",
            [
                "scenario": "example-feed", "seconds": 10, "policies": .array(["uikit", "targeted"]),
                "viewports": .array([.object(["width": 390, "height": 844]), .object(["width": 430, "height": 932])]),
            ])
        let runs = (profile["runs"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(runs.count == 4)
        #expect(runs.map { $0["policy"]?.stringValue } == ["uikit", "targeted", "uikit", "targeted"])
        let counts = runs.compactMap { $0["counts"]?.objectValue }
        // The script flings the stories row to its end: more pages land than the first.
        #expect(counts.allSatisfy { ($0["dataRequestsCompleted"]?.integerValue ?? 0) >= 3 }, "\(counts)")
        #expect(counts.allSatisfy { ($0["frames"]?.integerValue ?? 0) > 100 })
        // A profile's run is the same run as an open simulation's with the same script.
        let opened = try harness.ok("OpenSimulation", ["scenario": "example-feed"])
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 10])
        #expect(try harness.counts(id) == counts[0])

        let live = "live-example-feed-390x844"
        try harness.wait(20, "the live screen to reach its second round") {
            let list = try harness.ok("ListSimulations")["simulations"]?.arrayValue ?? []
            let info = list.compactMap(\.objectValue).first { $0["simulation"]?.stringValue == live }
            return (info?["time"]?.numberValue ?? 0) > 9
        }
        #expect((try harness.counts(live)["frames"]?.integerValue ?? 0) > 300)
    }

    @Test("the docs' CI recipe: scrollsimctl profile of a screen through the daemon passes the example's budget, and fails a tighter one with 3")
    func budgetThroughTheDaemon() throws {
        let harness = try Harness("screen-budget", hosts: [try Self.exampleHost])
        let ctl = try builtBinary("scrollsimctl")
        let budget = ProcessRunner.repositoryRoot.appendingPathComponent("Config/budgets/example-feed.json").path
        let arguments = ["profile", "example-feed", "--seconds", "10", "--address", harness.daemon.address, "--budget"]
        let passed = try runCapturing(ctl, arguments + [budget])
        #expect(passed.status == 0, "\(passed.output)")
        #expect(passed.output.contains("budget: every count within its limit"))
        let tight = harness.work.appendingPathComponent("tight.json")
        try #"{"policies": ["uikit"], "viewports": [{"width": 390, "height": 844}], "total": {"sectionProvider": 10}}"#.write(
            to: tight, atomically: true, encoding: .utf8)
        let failed = try runCapturing(ctl, arguments + [tight.path])
        #expect(failed.status == 3, "\(failed.output)")
        #expect(failed.output.contains("390×844 uikit: sectionProvider"))
    }

    @Test("kill -9 of the host fails only its simulations, named; it comes back and their replay gives the same counts")
    func crashAndReplay() throws {
        let host = try Self.exampleHost
        let harness = try Harness("screen-crash", hosts: [host])
        let screen = try #require(
            try harness.ok("OpenSimulation", ["scenario": "example-feed"])["simulation"]?.objectValue?["simulation"]?.stringValue)
        let scenario = try #require(
            try harness.ok("OpenSimulation", ["scenario": "home"])["simulation"]?.objectValue?["simulation"]?.stringValue)
        try Self.script(harness, screen)
        let before = try harness.counts(screen)

        let killed = try ProcessRunner.run("/usr/bin/pkill", ["-9", "-f", host])
        #expect(killed.status == 0, "\(killed.output)")
        let failed = try harness.call("Advance", ["simulation": .string(screen), "seconds": 1])
        #expect(failed.error?.name == "io.scrollsim.Simulator.SimulationFailed")
        let message = failed.error?.parameters["message"]?.stringValue ?? ""
        #expect(message.contains("scrollsim-example-host") && message.contains("signal 9"), "\(message)")
        // Everything else is served meanwhile.
        _ = try harness.ok("Advance", ["simulation": .string(scenario), "seconds": 2])

        try harness.wait(20, "the host to come back and the screen to be replayed") {
            let list = try harness.ok("ListSimulations")["simulations"]?.arrayValue ?? []
            let info = list.compactMap(\.objectValue).first { $0["simulation"]?.stringValue == screen }
            return info != nil && (info?["failure"] ?? .null) == .null && info?["restoring"] != .bool(true)
        }
        #expect(try harness.counts(screen) == before)
    }

    @Test("a restart replays a screen simulation into the same host build, and says so when the build changed")
    func restartChecksTheBuild() throws {
        let work = try Scratch.directory("screen-builds")
        defer { Scratch.remove(work) }
        let host = work.appendingPathComponent("feed-host").path
        try FileManager.default.copyItem(atPath: try Self.exampleHost, toPath: host)
        let state = work.appendingPathComponent("state").path
        func start() throws -> (DaemonProcess, VarlinkClient) {
            let configuration = (["[Screens]", "Host=\(host)", "HostDirectory="] + ScreenHostTests.memoryLimit + ["[Live]", "Simulation="])
                .joined(separator: "\n")
            try configuration.write(to: work.appendingPathComponent("d.conf"), atomically: true, encoding: .utf8)
            let daemon = try DaemonProcess(
                binary: try builtBinary("scrollsimd"), socket: work.appendingPathComponent("s.sock").path,
                arguments: ["--config", work.appendingPathComponent("d.conf").path, "--state-dir", state])
            return (daemon, try VarlinkClient(path: daemon.socket, timeout: 30))
        }
        func info(_ client: VarlinkClient, _ id: String) throws -> [String: JSONValue]? {
            let list = try client.call("io.scrollsim.Simulator.ListSimulations").parameters["simulations"]?.arrayValue ?? []
            return list.compactMap { $0.objectValue }.first { $0["simulation"]?.stringValue == id }
        }
        var (daemon, client) = try start()
        let opened = try client.call("io.scrollsim.Simulator.OpenSimulation", ["scenario": "example-feed"])
        let id = try #require(opened.parameters["simulation"]?.objectValue?["simulation"]?.stringValue)
        _ = try client.call("io.scrollsim.Simulator.Advance", ["simulation": .string(id), "seconds": 4])
        let before = try client.call("io.scrollsim.Simulator.GetCounts", ["simulation": .string(id)]).parameters
        daemon.stop()

        // The same build: replayed to the same counts.
        (daemon, client) = try start()
        let deadline = MonotonicClock.now() + 20
        while MonotonicClock.now() < deadline, try info(client, id)?["restoring"] == .bool(true) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try client.call("io.scrollsim.Simulator.GetCounts", ["simulation": .string(id)]).parameters == before)
        daemon.stop()

        // Another build (the same program with a byte more): kept, failed, and saying why.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: host))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        (daemon, client) = try start()
        let failure = try info(client, id)?["failure"]?.stringValue ?? ""
        #expect(failure.contains("changed since \(id) was opened"), "\(failure)")
        daemon.stop()
    }

    @Test("a reload starts a host added to [Screens] and stops one removed, failing its simulations with the reason")
    func reloadAddsAndRemovesHosts() throws {
        let harness = try Harness("screen-reload", hosts: [])
        func screens() throws -> [String] {
            (try harness.ok("ListScenarios")["scenarios"]?.arrayValue ?? []).compactMap {
                $0.objectValue?["host"] == nil ? nil : $0.objectValue?["name"]?.stringValue
            }
        }
        func reload(_ hosts: [String]) throws {
            let text = (["[Screens]", "HostDirectory="] + hosts.map { "Host=\($0)" } + ScreenHostTests.memoryLimit + ["[Live]", "Simulation="])
                .joined(separator: "\n")
            try text.write(to: harness.work.appendingPathComponent("scrollsimd.conf"), atomically: true, encoding: .utf8)
            kill(harness.daemon.process.processIdentifier, SIGHUP)
        }
        #expect(try screens().isEmpty)
        try reload([try Self.exampleHost])
        try harness.wait(10, "the added host's screens") { try screens().contains("example-feed") }
        let opened = try harness.ok("OpenSimulation", ["scenario": "example-feed"])
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 1])
        try reload([])
        try harness.wait(10, "the removed host's screens to go") { try screens().isEmpty }
        let failed = try harness.call("Advance", ["simulation": .string(id), "seconds": 1])
        #expect((failed.error?.parameters["message"]?.stringValue ?? "").contains("removed from the configuration"))
    }

    @Test("a host a package puts in HostDirectory runs without a Host= line, known by its file name")
    func hostDirectory() throws {
        let directory = try Scratch.directory("screen-host-directory")
        defer { Scratch.remove(directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("myapp-feed").path, withDestinationPath: try Self.exampleHost)
        try "not a host".write(to: directory.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        let harness = try Harness("screen-directory", hosts: [], hostDirectory: directory.path)
        let list = (try harness.ok("ListScenarios")["scenarios"]?.arrayValue ?? []).compactMap { $0.objectValue }
        let hosts = Set(list.compactMap { $0["host"]?.stringValue })
        #expect(hosts == ["myapp-feed"])
        _ = try harness.ok("OpenSimulation", ["scenario": "example-settings"])
    }

    @Test("a host that hangs is killed after HostTimeout, and the daemon goes on serving")
    func misbehavingHosts() throws {
        let work = try Scratch.directory("screen-fakes")
        defer { Scratch.remove(work) }
        let hosts = [try Self.fakeHost("fake-hang", in: work)]
        let harness = try Harness("screen-faults", hosts: [hosts[0]], timeout: "1s")
        let opened = try harness.ok("OpenSimulation", ["scenario": "fake"])
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 1])
        let started = MonotonicClock.now()
        let hung = try harness.call("Advance", ["simulation": .string(id), "seconds": 1])
        let waited = MonotonicClock.now() - started
        #expect(hung.error?.name == "io.scrollsim.Simulator.SimulationFailed")
        #expect((hung.error?.parameters["message"]?.stringValue ?? "").contains("hung"), "\(hung.error?.parameters ?? [:])")
        #expect(waited < 10, "the daemon waited \(waited) s for a hung host")
        _ = try harness.ok("GetStatus")
    }

    @Test("a host that answers garbage or exits mid-run is dropped with a named reason", arguments: ["fake-garbage", "fake-crash"])
    func droppedHosts(kind: String) throws {
        let work = try Scratch.directory("screen-\(kind)")
        defer { Scratch.remove(work) }
        let harness = try Harness("screen-\(kind)-daemon", hosts: [try Self.fakeHost(kind, in: work)])
        let opened = try harness.ok("OpenSimulation", ["scenario": "fake"])
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        _ = try harness.ok("Advance", ["simulation": .string(id), "seconds": 1])
        let dropped = try harness.call("Advance", ["simulation": .string(id), "seconds": 1])
        let message = dropped.error?.parameters["message"]?.stringValue ?? ""
        #expect(dropped.error?.name == "io.scrollsim.Simulator.SimulationFailed")
        #expect(message.contains(kind == "fake-garbage" ? "broke the protocol" : "exited with status 3"), "\(message)")
        _ = try harness.ok("OpenSimulation", ["scenario": "home"])
    }
}
