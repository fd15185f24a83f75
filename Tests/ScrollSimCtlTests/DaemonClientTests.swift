import Foundation
import TestSupport
import Testing

/// scrollsimctl against a real scrollsimd on a temporary socket.
@Suite("scrollsimctl with the daemon", .serialized)
struct DaemonClientTests {
    /// A daemon on its own socket and state directory, stopped at the end.
    final class RunningDaemon {
        let directory: URL
        let daemon: DaemonProcess

        init() throws {
            directory = try Scratch.directory("ctl")
            daemon = try DaemonProcess(
                binary: try DaemonClientTests.binary("scrollsimd"), socket: directory.appendingPathComponent("d.sock").path,
                arguments: ["--no-state", "--config", directory.appendingPathComponent("none.conf").path])
        }

        var socket: String { daemon.socket }
        var address: String { daemon.address }

        deinit {
            daemon.stop()
            Scratch.remove(directory)
        }
    }

    static func binary(_ name: String) throws -> String {
        try #require(ProcessRunner.builtProduct(name), "\(name) is not built")
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("status, simulations and counts --json parse back and agree with each other")
    func jsonCommands() throws {
        let daemon = try RunningDaemon()
        let status = try scrollsimctl(["status", "--json", "--address", daemon.address])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try Self.json(status.stdout)["liveSimulations"] as? Double == 3)
        // For people: an uptime in tenths of a second, not every digit of a Double.
        let human = try scrollsimctl(["status", "--address", daemon.address]).stdout
        #expect(human.firstMatch(of: /, up [0-9]+\.[0-9] s\n/) != nil, "\(human)")
        let list = try scrollsimctl(["simulations", "--json", "--address", daemon.address])
        let simulations = try #require(try Self.json(list.stdout)["simulations"] as? [[String: Any]])
        #expect(
            simulations.compactMap { $0["simulation"] as? String } == [
                "live-home-375x667", "live-home-390x844", "live-home-430x932",
            ])
        let counts = try scrollsimctl(["counts", "live-home-390x844", "--json", "--address", daemon.address])
        let total = try #require(try Self.json(counts.stdout)["total"] as? [String: Any])
        #expect((total["sectionProvider"] as? Double ?? 0) >= 3)
        let table = try scrollsimctl(["counts", "live-home-390x844", "--address", daemon.address])
        #expect(table.stdout.contains("section provider") && table.stdout.contains("company") && table.stdout.contains("total"))
        // Layout passes are the whole view's: no section has a share of them.
        #expect(table.stdout.split(separator: "\n").first { $0.hasPrefix("company") }?.contains("–") == true)
    }

    @Test("run through the daemon prints exactly what --local prints, for a name and for a file with a data file")
    func runBothWays() throws {
        let daemon = try RunningDaemon()
        let local = try scrollsimctl(["run", "home", "--seconds", "15", "--json", "--local"])
        let remote = try scrollsimctl(["run", "home", "--seconds", "15", "--json", "--address", daemon.address])
        #expect(local.status == 0 && remote.status == 0, "\(remote.stderr)")
        #expect(remote.stdout == local.stdout)
        let file = try scrollsimctl([
            "run", "Config/scenarios/home.json", "--seconds", "15", "--json", "--address", daemon.address,
        ])
        #expect(file.stdout == local.stdout, "\(file.stderr)")
        let text = try scrollsimctl(["run", "shop-home", "--all-viewports", "--address", daemon.address])
        #expect(text.stdout == (try scrollsimctl(["run", "shop-home", "--all-viewports", "--local"])).stdout)
        let profile = try scrollsimctl([
            "profile", "home", "--seconds", "10", "--address", daemon.address, "--budget", "Config/budgets/home.json",
        ])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(
            profile.stdout
                == (try scrollsimctl(["profile", "home", "--seconds", "10", "--local", "--budget", "Config/budgets/home.json"]))
                .stdout)
        let render = try scrollsimctl(["render", "shop-home", "--time", "8", "--address", daemon.address])
        #expect(render.status == 0 && render.stdout.contains("<svg"))
        #expect(render.stdout == (try scrollsimctl(["render", "shop-home", "--time", "8", "--local"])).stdout)
        #expect(try scrollsimctl(["validate", "home", "--address", daemon.address]).status == 0)
        let broken = Scratch.path("broken", extension: "json")
        try #"{"name": "b", "sections": []}"#.write(to: broken, atomically: true, encoding: .utf8)
        defer { Scratch.remove(broken) }
        for command in ["validate", "run", "profile", "render"] {
            let invalid = try scrollsimctl([command, broken.path, "--address", daemon.address])
            #expect(invalid.status == 65, "\(command): \(invalid.stderr)")
            #expect(invalid.stderr.contains("sections: needs at least one section"), "\(command)")
        }
        let unreachable = try scrollsimctl(["run", "home", "--address", "unix:/nonexistent.sock"])
        #expect(unreachable.status == 69 && unreachable.stderr.contains("--local"))
    }

    @Test("watch streams replies until --limit; live shows the live simulations' counts")
    func streams() throws {
        let daemon = try RunningDaemon()
        let watch = try scrollsimctl([
            "watch", "live-home-390x844", "--interval", "0.05", "--limit", "3", "--json", "--address", daemon.address,
        ])
        #expect(watch.status == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines { #expect(try Self.json(String(line))["simulation"] as? String == "live-home-390x844") }
        let live = try scrollsimctl(["live", "--seconds", "1", "--interval", "0.5", "--json", "--address", daemon.address])
        #expect(live.status == 0, "\(live.stderr)")
        let refreshes = live.stdout.split(separator: "\n")
        #expect(refreshes.count == 2)
        #expect((try Self.json(String(refreshes[0]))["simulations"] as? [Any])?.count == 3)
    }

    @Test("errors: daemon unreachable exits 69, an error reply exits 1 with its name, a bad address is a usage error")
    func errors() throws {
        let daemon = try RunningDaemon()
        let unreachable = try scrollsimctl(["status", "--address", "unix:/nonexistent/scrollsimd.sock"])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("cannot reach scrollsimd at /nonexistent/scrollsimd.sock"))
        let noScenario = try scrollsimctl(["run", "hom", "--address", daemon.address])
        #expect(noScenario.status == 66)
        #expect(
            noScenario.stderr.contains("scrollsimd: no scenario named 'hom' (did you mean 'home'?); the scenarios it has: home,"))
        let missing = try scrollsimctl(["counts", "sim-404", "--address", daemon.address])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("scrollsimd: NoSuchSimulation: no simulation sim-404 is open"), "\(missing.stderr)")
        // open, as run: a misspelt scenario names the nearest one and exits 66; an invalid
        // definition exits 65 through the daemon as in this process.
        let open = try scrollsimctl(["open", "hom", "--address", daemon.address])
        #expect(open.status == 66 && open.stderr.contains("(did you mean 'home'?)"), "\(open.stderr)")
        let file = try Scratch.directory("ctl-invalid").appendingPathComponent("broken.json")
        try #"{"name":"broken","sections":[]}"#.write(to: file, atomically: true, encoding: .utf8)
        for extra in [["--address", daemon.address], ["--local"]] {
            let invalid = try scrollsimctl(["run", file.path] + extra)
            #expect(invalid.status == 65, "\(extra): \(invalid.stderr)")
        }
        #expect(try scrollsimctl(["status", "--address", "tcp:localhost:1"]).status == 64)
    }

    @Test(
        "live --start-daemon starts scrollsimd when none answers, with a fresh temporary state, and stops it at the end: a second run starts from zero again"
    )
    func startsDaemon() throws {
        let directory = try Scratch.directory("ctl")
        defer { Scratch.remove(directory) }
        let socket = directory.appendingPathComponent("started.sock").path
        for _ in 0..<2 {
            let result = try scrollsimctl(
                ["live", "--start-daemon", "--seconds", "1", "--json", "--address", "unix:" + socket],
                environment: ["XDG_STATE_HOME": directory.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("live-home-390x844"))
            #expect(result.stderr.contains("started "))
            #expect(!FileManager.default.fileExists(atPath: socket))  // stopped cleanly: it removed its socket
            // Nothing kept: the state was in a temporary directory, removed with the daemon...
            let state = try #require(Self.stateDirectory(in: result.stderr))
            #expect(!FileManager.default.fileExists(atPath: state), "\(state)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("scrollsimd").path))
            // ...so each run's simulations start at 0 s (the first refresh), not where the last run left off.
            let first = try #require(result.stdout.split(separator: "\n").first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            let times = (object["simulations"] as? [[String: Any]] ?? []).compactMap { $0["time"] as? Double }
            #expect(times.count == 3 && times.allSatisfy { $0 < 1.0 }, "\(times)")
        }
    }

    /// The state directory `live --start-daemon` reports on stderr.
    static func stateDirectory(in stderr: String) -> String? {
        guard let range = stderr.range(of: "state in ") else { return nil }
        return String(stderr[range.upperBound...].prefix { $0 != ")" })
    }

    @Test(
        "live --start-daemon: SIGTERM or SIGINT to the client stops the daemon it started (drained, socket and state removed) and exits 128+signal",
        arguments: [SIGTERM, SIGINT])
    func startedDaemonStopsOnSignal(_ signal: Int32) throws {
        let directory = try Scratch.directory("ctl")
        defer { Scratch.remove(directory) }
        let socket = directory.appendingPathComponent("started.sock").path
        let client = Process()
        client.executableURL = URL(fileURLWithPath: try #require(ProcessRunner.builtProduct("scrollsimctl")))
        client.arguments = ["live", "--start-daemon", "--json", "--address", "unix:" + socket]
        let errors = directory.appendingPathComponent("stderr")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        client.standardError = try FileHandle(forWritingTo: errors)
        client.standardOutput = FileHandle.nullDevice
        try client.run()
        var stderr = ""
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: socket) || !stderr.contains("state in") {
            Thread.sleep(forTimeInterval: 0.05)
            stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        }
        let state = try #require(Self.stateDirectory(in: stderr), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: socket))
        Thread.sleep(forTimeInterval: 0.5)
        kill(client.processIdentifier, signal)
        client.waitUntilExit()
        #expect(client.terminationStatus == 128 + signal)
        stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(stderr.contains("stopping: SIGTERM"), "the daemon drained: \(stderr)")
        #expect(!FileManager.default.fileExists(atPath: socket))
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test(
        "live --start-daemon: a private socket and state by default, never another daemon's, and a kill -9 of the client still stops the daemon and removes its state"
    )
    func startedDaemonOutlivesNoClient() throws {
        let directory = try Scratch.directory("ctl-kill")
        defer { Scratch.remove(directory) }
        // Another daemon answering where --start-daemon is told to listen: refused, not attached to.
        let running = try RunningDaemon()
        let refused = try scrollsimctl(["live", "--start-daemon", "--seconds", "1", "--address", running.address])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("a daemon already answers at \(running.address)"), "\(refused.stderr)")

        let client = Process()
        client.executableURL = URL(fileURLWithPath: try #require(ProcessRunner.builtProduct("scrollsimctl")))
        client.arguments = ["live", "--start-daemon", "--json"]
        let errors = directory.appendingPathComponent("stderr")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        client.standardError = try FileHandle(forWritingTo: errors)
        client.standardOutput = FileHandle.nullDevice
        try client.run()
        var stderr = ""
        for _ in 0..<400 where !stderr.contains("state in") {
            Thread.sleep(forTimeInterval: 0.05)
            stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        }
        let state = try #require(Self.stateDirectory(in: stderr), "\(stderr)")
        // The socket is the daemon's own, inside its state directory.
        #expect(stderr.contains("at unix:\(state)/scrollsimd.sock"), "\(stderr)")
        let pid = try #require(stderr.firstMatch(of: /pid ([0-9]+)/).flatMap { Int32($0.1) })
        Thread.sleep(forTimeInterval: 0.5)
        kill(client.processIdentifier, SIGKILL)
        client.waitUntilExit()
        // Its standard input closed with the client: it drains, exits and removes its state.
        var gone = false
        for _ in 0..<200 where !gone {
            Thread.sleep(forTimeInterval: 0.05)
            gone = kill(pid, 0) != 0 && !FileManager.default.fileExists(atPath: state)
        }
        #expect(gone, "daemon \(pid) still running or \(state) still there")
    }

    @Test(
        "a flow layout on the daemon: its sizeForItemAt calls are counted as in process and shown in the counts table (FL5, FL6)"
    )
    func flowSimulation() throws {
        let daemon = try RunningDaemon()
        let opened = try scrollsimctl(["open", "photos", "--viewport", "390x844", "--address", daemon.address])
        #expect(opened.status == 0, "\(opened.stderr)")
        let id = try #require(opened.stdout.split(separator: "\n").first.map(String.init))
        #expect(try scrollsimctl(["advance", id, "10", "--address", daemon.address]).status == 0)
        let counts = try Self.json(try scrollsimctl(["counts", id, "--json", "--address", daemon.address]).stdout)
        let total = try #require(counts["total"] as? [String: Any])
        let local = try scrollsimctl(["run", "photos", "--viewport", "390x844", "--seconds", "10", "--json", "--local"])
        let localTotal = try #require((try Self.json(local.stdout)["counts"] as? [String: Any]))
        #expect(total["sizeForItem"] as? Double == localTotal["sizeForItem"] as? Double)
        #expect((total["sizeForItem"] as? Double ?? 0) >= 12 && total["sectionProvider"] as? Double == 0)
        let table = try scrollsimctl(["counts", id, "--address", daemon.address]).stdout
        #expect(table.contains("sizeForItemAt") && table.contains("albums"), "\(table)")
    }

    @Test(
        "open, advance, perform, close: one simulation step by step from the shell, the same counts as the in-process run; errors as documented"
    )
    func simulationCommands() throws {
        let daemon = try RunningDaemon()
        let opened = try scrollsimctl(["open", "home", "--viewport", "390x844", "--seed", "7", "--address", daemon.address])
        #expect(opened.status == 0, "\(opened.stderr)")
        let id = try #require(opened.stdout.split(separator: "\n").first.map(String.init))
        #expect(id.hasPrefix("sim-"))
        #expect(opened.stdout.contains("home on 390×844, policy uikit, seed 7, virtual clock"))
        let advanced = try scrollsimctl(["advance", id, "3", "--json", "--address", daemon.address])
        #expect(advanced.status == 0, "\(advanced.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(advanced.stdout.utf8)) as? [String: Any])
        #expect((json["simulation"] as? [String: Any])?["time"] as? Double == 3)
        // The same three seconds in process: equal totals (the daemon runs the same service).
        let local = try scrollsimctl([
            "run", "home", "--viewport", "390x844", "--seed", "7", "--seconds", "3", "--json", "--local",
        ])
        var localTotal = try #require(
            (try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [String: Any])?["counts"] as? [String: Any],
            "\(local.stdout)")
        localTotal["sections"] = nil
        let daemonTotal = try #require(((json["counts"] as? [String: Any])?["total"]) as? [String: Any])
        #expect(NSDictionary(dictionary: daemonTotal) == NSDictionary(dictionary: localTotal))
        let performed = try scrollsimctl(
            ["perform", id, #"{"fling": {"section": "company", "velocity": -3000}}"#, "--address", daemon.address])
        #expect(performed.status == 0, "\(performed.stderr)")
        #expect(performed.stdout.hasPrefix("\(id) at 3.000 s: layout passes "), "\(performed.stdout)")
        let watched = try scrollsimctl(["watch", id, "--limit", "1", "--address", daemon.address])
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(
            watched.stderr.contains("\(id) runs on a virtual clock, at 3 s: nothing happens until it is advanced"),
            "\(watched.stderr)")
        #expect(try scrollsimctl(["close", id, "--address", daemon.address]).status == 0)
        let gone = try scrollsimctl(["advance", id, "1", "--address", daemon.address])
        #expect(gone.status == 1 && gone.stderr.contains("NoSuchSimulation"), "\(gone.stderr)")
        let badStep = try scrollsimctl(["perform", "sim-1", "fling", "--address", daemon.address])
        #expect(badStep.status == 64 && badStep.stderr.contains("STEP as a JSON object"), "\(badStep.stderr)")
        let badSeconds = try scrollsimctl(["advance", "sim-1", "soon", "--address", daemon.address])
        #expect(badSeconds.status == 64 && badSeconds.stderr.contains("not 'soon'"), "\(badSeconds.stderr)")
    }

    @Test(
        "--scenario-dir works against the daemon: the named file (data file inlined) is sent as a definition; a missing directory is a usage error"
    )
    func scenarioDirectory() throws {
        let daemon = try RunningDaemon()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let mine = daemon.directory.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine.appendingPathComponent("data"), withIntermediateDirectories: true)
        // The home screen under another name, with a narrower company row: only this directory has it.
        let home = try String(contentsOf: root.appendingPathComponent("Config/scenarios/home.json"), encoding: .utf8)
        try home.replacingOccurrences(of: #""absolute": 350"#, with: #""absolute": 300"#)
            .write(to: mine.appendingPathComponent("narrow.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Config/scenarios/data/home-data.json"),
            to: mine.appendingPathComponent("data/home-data.json"))
        let onDaemon = try scrollsimctl(["run", "narrow", "--scenario-dir", mine.path, "--json", "--address", daemon.address])
        #expect(onDaemon.status == 0, "\(onDaemon.stderr)")
        let local = try scrollsimctl(["run", "narrow", "--scenario-dir", mine.path, "--json", "--local"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(onDaemon.stdout == local.stdout)
        let shipped = try scrollsimctl(["run", "home", "--json", "--local"])
        #expect(shipped.stdout != local.stdout, "the narrower row changes the counts")

        let missing = try scrollsimctl(["run", "narrow", "--scenario-dir", mine.path + "-gone", "--address", daemon.address])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("no such directory"), "\(missing.stderr)")
    }
}
