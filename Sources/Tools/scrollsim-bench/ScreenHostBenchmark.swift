import Foundation
import JSONModel
import Posix
import Varlink
import VarlinkClient

/// Screen hosts in scrollsimd: how many live viewports of the example app's feed, served by its
/// host, stay within 100 ms of real time on this machine, and what GetCounts on a screen
/// simulation costs next to a scenario simulation's (same run). Starts the `scrollsimd` and
/// `scrollsim-example-host` built next to this binary.
enum ScreenHostBenchmark {
    static func run() {
        print(
            "== screens: the example feed served by scrollsim-example-host, live at 120 Hz (its script repeating); GetCounts on a screen simulation next to a scenario's"
        )
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let host = directory.appendingPathComponent("scrollsim-example-host").path
        guard FileManager.default.isExecutableFile(atPath: host) else {
            print("scrollsim-example-host is not built next to scrollsim-bench: run `swift build -c release` first")
            return
        }
        DaemonBenchmark.withDaemonBinary { binary, work in
            var within = 0
            for count in [1, 4, 16, 64, 128, 256] {
                guard let worst = liveRun(binary, host: host, work: work, count: count, seconds: 10) else { break }
                if worst <= 100 { within = count } else { break }
            }
            print(
                "live screen viewports within 100 ms of real time on \(ProcessInfo.processInfo.activeProcessorCount) processors: \(within) (of those tried)"
            )
            counts(binary, host: host, work: work)
        }
    }

    /// `count` live feed viewports for `seconds`: the furthest behind, and the daemon's and the
    /// host's CPU. Nil when the daemon did not start.
    static func liveRun(_ binary: String, host: String, work: URL, count: Int, seconds: Int) -> Double? {
        let config = work.appendingPathComponent("screens\(count).conf")
        var text = "[Screens]\nHost=\(host)\n[Live]\nSimulation=\n"
        for i in 0..<count { text += "Simulation=example-feed \(375 + i)x\(667 + i)\n" }
        try? text.write(to: config, atomically: true, encoding: .utf8)
        let socket = work.appendingPathComponent("screens.sock").path
        guard let daemon = DaemonBenchmark.start(binary, socket: socket, config: config.path, work: work) else { return nil }
        defer { daemon.stop() }
        Thread.sleep(forTimeInterval: 1)
        let hostPID = children(of: daemon.process.processIdentifier).first
        let cpuBefore = (
            DaemonBenchmark.cpuSeconds(daemon.process.processIdentifier), hostPID.map(DaemonBenchmark.cpuSeconds) ?? .nan
        )
        let started = DaemonBenchmark.now()
        var behind: [Double] = []
        for second in 1...seconds {
            Thread.sleep(forTimeInterval: max(0, started + Double(second) - DaemonBenchmark.now()))
            if let status = DaemonBenchmark.status(socket) { behind.append(status.behindMs) }
        }
        let daemonCPU = DaemonBenchmark.cpuSeconds(daemon.process.processIdentifier) - cpuBefore.0
        let hostCPU = (hostPID.map(DaemonBenchmark.cpuSeconds) ?? .nan) - cpuBefore.1
        let worst = behind.max() ?? .nan
        print(
            "  \(DaemonBenchmark.pad(count, 3)) viewports, \(seconds) s: behind max \(String(format: "%.0f", worst)) ms; daemon CPU \(String(format: "%.0f", daemonCPU / Double(seconds) * 100)) %, host CPU \(String(format: "%.0f", hostCPU / Double(seconds) * 100)) % (\(String(format: "%.1f", hostCPU / Double(seconds) / Double(count) * 100)) % a viewport)"
        )
        return worst
    }

    /// GetCounts of a screen simulation and of a scenario simulation, 8 clients, 3 s each.
    static func counts(_ binary: String, host: String, work: URL) {
        let config = work.appendingPathComponent("screens-counts.conf")
        try? "[Screens]\nHost=\(host)\n[Live]\nSimulation=\n".write(to: config, atomically: true, encoding: .utf8)
        let socket = work.appendingPathComponent("counts.sock").path
        guard let daemon = DaemonBenchmark.start(binary, socket: socket, config: config.path, work: work),
            let client = try? VarlinkClient(path: socket, timeout: 60)
        else { return }
        defer { daemon.stop() }
        var ids: [String] = []
        for scenario in ["example-feed", "home"] {
            guard let opened = try? client.call("io.scrollsim.Simulator.OpenSimulation", ["scenario": .string(scenario)]),
                let id = opened.parameters["simulation"]?.objectValue?["simulation"]?.stringValue
            else {
                print("could not open \(scenario)")
                return
            }
            _ = try? client.call("io.scrollsim.Simulator.Advance", ["simulation": .string(id), "seconds": 10])
            ids.append(id)
        }
        var rates: [Double] = []
        for (id, label) in zip(ids, ["screen (example-feed)", "scenario (home)"]) {
            let message =
                Array(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(id)"}}"#.utf8) + [0]
            let (calls, latencies) = DaemonBenchmark.load(socket: socket, clients: 8, seconds: 3, message: message)
            rates.append(Double(calls) / 3)
            print(
                "  GetCounts of a \(label), 8 clients: \(calls / 3)/s, p99 \(DaemonBenchmark.microseconds(latencies.sorted(), 0.99)) µs"
            )
        }
        print("  screen / scenario GetCounts rate: \(String(format: "%.2f", rates[0] / max(1, rates[1])))×")
    }

    /// The child processes of `pid` (its screen hosts).
    static func children(of pid: Int32) -> [Int32] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return [] }
        return text.split(separator: " ").compactMap { Int32($0) }
    }
}
