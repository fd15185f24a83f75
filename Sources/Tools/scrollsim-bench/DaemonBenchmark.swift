import Foundation
import JSONModel
import Posix
import Synchronization
import TestSupport
import Varlink
import VarlinkClient

/// The daemon under load: GetCounts calls per second and latency for 1, 8 and 64 concurrent
/// clients while the default live simulations run, against an echo anchor; then 100 to 1,000 live
/// viewports against real time, on every processor and on one worker thread. Starts the
/// `scrollsimd` built next to this binary (`swift build -c release`).
enum DaemonBenchmark {
    static let call =
        Array(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"live-home-390x844"}}"#.utf8) + [0]

    /// Runs `body` with the daemon binary and a scratch directory, removed afterwards.
    static func withDaemonBinary(_ body: (String, URL) -> Void) {
        guard let binary = daemonBinary() else {
            print("scrollsimd is not built next to scrollsim-bench: run `swift build -c release` first")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        body(binary, work)
    }

    /// Throughput and latency of GetCounts with the default live simulations running.
    static func run() {
        print(
            "== daemon (scrollsimd over its Unix socket; goals: ≥ 50,000 GetCounts/s with 64 clients, p99 < 2 ms, ≥ 50 % of the echo anchor)"
        )
        withDaemonBinary(calls)
    }

    static func calls(_ binary: String, work: URL) {
        let socket = work.appendingPathComponent("d.sock").path
        guard let daemon = start(binary, socket: socket, config: nil, work: work) else { return }
        print("clients   calls/s    p50 µs   p99 µs   max µs   (GetCounts of a live simulation, 3 s each)")
        for clients in [1, 8, 64] {
            let (calls, latencies) = load(socket: socket, clients: clients, seconds: 3, message: call)
            let sorted = latencies.sorted()
            print(
                "\(pad(clients, 7))  \(pad(Int(Double(calls) / 3), 8))  \(pad(microseconds(sorted, 0.5), 8)) \(pad(microseconds(sorted, 0.99), 8)) \(pad(Int((sorted.last ?? 0) * 1e6), 8))"
            )
        }
        // The same clients against a server that only echoes: the socket and scheduling limit
        // of this machine, for the ratio.
        if let anchor = EchoAnchor(path: work.appendingPathComponent("echo.sock").path) {
            var rates: [String] = []
            var ratio64 = 0.0
            var tails64 = (daemon: 0, echo: 0)
            for clients in [1, 8, 64] {
                let echoed = load(socket: anchor.path, clients: clients, seconds: 3, message: call)
                let daemon = load(socket: socket, clients: clients, seconds: 3, message: call)
                // The anchor's p99 too: the tail this machine's scheduling gives any server.
                let tails = (daemon: microseconds(daemon.1.sorted(), 0.99), echo: microseconds(echoed.1.sorted(), 0.99))
                rates.append(
                    "\(clients): echo \(echoed.0 / 3)/s (p99 \(tails.echo) µs), GetCounts \(daemon.0 / 3)/s (p99 \(tails.daemon) µs)"
                )
                if clients == 64 {
                    ratio64 = Double(daemon.0) / Double(Swift.max(1, echoed.0))
                    tails64 = tails
                }
            }
            anchor.stop()
            print(
                "echo anchor (same clients, a server that answers without parsing), back to back: "
                    + rates.joined(separator: "; "))
            print(
                "GetCounts with 64 clients at \(Int((ratio64 * 100).rounded())) % of the echo anchor's rate (goal ≥ 50 %): \(ratio64 >= 0.5 ? "ok" : "MISSED")"
            )
            // The tail next to the anchor's: on a busy VM the anchor's own p99 can pass 2 ms.
            print(
                "GetCounts p99 with 64 clients \(tails64.daemon) µs, \(String(format: "%.1f", Double(tails64.daemon) / Double(Swift.max(1, tails64.echo))))× the echo anchor's \(tails64.echo) µs (goal < 2,000 µs): \(tails64.daemon < 2_000 ? "ok" : "MISSED")"
            )
        }
        let pipelined = load(socket: socket, clients: 8, seconds: 3, message: call, depth: 16)
        print("pipelined: 8 clients × 16 calls in flight: \(Int(Double(pipelined.0) / 3)) calls/s")
        printStatus(socket, label: "3 live simulations under that load")
        daemon.stop()
    }

    /// Many live viewports against real time: on every processor (Workers=auto), then on one
    /// worker thread (how many one core keeps up with), then 1,000 under 8 clients' calls.
    static func live() {
        print(
            "== live: home viewports at 120 Hz in scrollsimd; how far the furthest-behind trails real time, sampled every second (goals, once started — after the first 5 s: 1,000 within 100 ms for 60 s; 5,000 within 100 ms for 60 s at ≤ 90 % of two cores, GetCounts p99 ≤ 2 ms with 8 pollers)"
        )
        withDaemonBinary { binary, work in
            for (count, workers, seconds) in [
                (100, "auto", 30), (300, "auto", 30), (1_000, "auto", 60), (5_000, "auto", 60), (300, "1", 30), (1_000, "1", 30),
            ] {
                liveRun(binary, work: work, count: count, workers: workers, seconds: seconds)
            }
            liveRun(binary, work: work, count: 1_000, workers: "auto", seconds: 10, underLoad: true)
            liveRun(binary, work: work, count: 5_000, workers: "auto", seconds: 10, underLoad: true)
        }
    }

    /// Only the load cases of `live()`: 1,000 and 5,000 viewports while 8 clients call as fast as they can.
    static func liveUnderLoad() {
        withDaemonBinary { binary, work in
            liveRun(binary, work: work, count: 1_000, workers: "auto", seconds: 10, underLoad: true)
            liveRun(binary, work: work, count: 5_000, workers: "auto", seconds: 10, underLoad: true)
        }
    }

    /// Starts a daemon with `count` live home viewports and `workers` worker threads, samples
    /// GetStatus every second for `seconds` after start-up (the first second is start-up's), and
    /// prints the lag, the daemon's CPU and its memory per viewport; with `underLoad`, 8 clients
    /// poll one of the viewports' counts meanwhile.
    static func liveRun(_ binary: String, work: URL, count: Int, workers: String, seconds: Int, underLoad: Bool = false) {
        let config = work.appendingPathComponent("live\(count)-\(workers).conf")
        var text = "[Daemon]\nWorkers=\(workers)\n[Live]\nSimulation=\n"
        for i in 0..<count { text += "Simulation=home \(320 + i)x\(568 + i % 400)\n" }
        text += "[Limits]\nMaxSimulations=\(count + 100)\n"
        try? text.write(to: config, atomically: true, encoding: .utf8)
        let socket = work.appendingPathComponent("live.sock").path
        guard let daemon = start(binary, socket: socket, config: config.path, work: work) else { return }
        defer { daemon.stop() }
        Thread.sleep(forTimeInterval: 1)
        let pid = daemon.process.processIdentifier
        // A viewport that exists (the first configured), and a check that it answers: a poll of a
        // simulation that is not there is an error reply, and its figures would mean nothing.
        let call =
            Array(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"live-home-320x568"}}"#.utf8) + [0]
        if underLoad {
            guard let client = try? VarlinkClient(path: socket, timeout: 30),
                (try? client.call("io.scrollsim.Simulator.GetCounts", ["simulation": "live-home-320x568"]).parameters["total"])
                    != nil
            else {
                print("  live-home-320x568 does not answer GetCounts: no load figures")
                return
            }
        }
        let load = Mutex<(Int, [Double])?>(nil)
        let loadDone = DispatchSemaphore(value: 0)
        if underLoad {
            Thread.detachNewThread {
                let result = Self.load(socket: socket, clients: 8, seconds: Double(seconds), message: call)
                load.withLock { $0 = result }
                loadDone.signal()
            }
        }
        let started = now()
        let cpuAtStart = cpuSeconds(pid)
        var behind: [Double] = []
        var latenessP99 = Double.nan
        var rssEarly = Double.nan
        var rssHalfway = Double.nan
        for second in 1...seconds {
            Thread.sleep(forTimeInterval: max(0, started + Double(second) - now()))
            if second == min(10, seconds) { rssEarly = residentMegabytes(pid) }
            if second == seconds / 2 { rssHalfway = residentMegabytes(pid) }
            guard let status = status(socket) else { continue }
            behind.append(status.behindMs)
            latenessP99 = status.latenessP99Ms
        }
        if underLoad { loadDone.wait() }
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let cpuShare = (cpuSeconds(pid) - cpuAtStart) / (now() - started) / cores * 100
        let rss = residentMegabytes(pid)
        let worst = behind.max() ?? .nan
        // Every viewport's first frames fall in the first seconds at once (they start together and
        // walk their layouts for the first time): the goal is the lag once they run.
        let running = behind.dropFirst(Self.startUpSeconds).max() ?? .nan
        var line =
            "  \(pad(count, 5)) viewports, Workers=\(workers), \(seconds) s: behind max \(String(format: "%.0f", worst)) ms (after the first \(Self.startUpSeconds) s \(String(format: "%.0f", running)) ms), last \(String(format: "%.0f", behind.last ?? .nan)) ms; tick lateness p99 \(String(format: "%.1f", latenessP99)) ms; daemon CPU \(String(format: "%.0f", cpuShare)) % of \(Int(cores)) cores; RSS \(String(format: "%.0f", rss)) MB, \(String(format: "%.1f", rss * 1024 / Double(count))) KB a viewport (at 10 s \(String(format: "%.0f", rssEarly)) MB, at \(seconds / 2) s \(String(format: "%.0f", rssHalfway)) MB)"
        if let (calls, latencies) = load.withLock({ $0 }) {
            let sorted = latencies.sorted()
            let p99 = Double(microseconds(sorted, 0.99)) / 1000
            line += "; meanwhile 8 clients' GetCounts: \(calls / seconds)/s, p99 \(String(format: "%.2f", p99)) ms"
            if count == 5_000 { line += p99 <= 2 ? " — goal ok" : " — goal MISSED" }
        } else if workers == "auto" && seconds >= 60 && count >= 1_000 {
            let cpuGoal = count < 5_000 || cpuShare <= 90
            line += running <= 100 && cpuGoal ? " — goal ok" : " — goal MISSED"
        }
        print(line)
    }

    /// Seconds of a live run that are its start-up's, left out of the goal's lag (printed apart).
    static let startUpSeconds = 5

    /// The daemon's resident memory now, in megabytes, from /proc.
    static func residentMegabytes(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kilobytes / 1024
    }

    /// The daemon's user + system CPU time so far, from /proc.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields after the command: state is the first, utime the 12th, stime the 13th.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The `p` quantile of sorted latencies (seconds), in whole microseconds.
    static func microseconds(_ sorted: [Double], _ p: Double) -> Int {
        sorted.isEmpty ? 0 : Int(sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] * 1e6)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func daemonBinary() -> String? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = directory.appendingPathComponent("scrollsimd").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The benchmark's own daemon (`DaemonProcess`); nil, said why, when it cannot start.
    static func start(_ binary: String, socket: String, config: String?, work: URL) -> DaemonProcess? {
        do {
            return try DaemonProcess(
                binary: binary, socket: socket,
                arguments: ["--no-state", "--config", config ?? work.appendingPathComponent("none.conf").path])
        } catch {
            print("cannot start scrollsimd: \(error)")
            return nil
        }
    }

    static func now() -> Double { MonotonicClock.now() }

    /// The NULs among the first `count` bytes of `buffer`, found with memchr as `VarlinkClient`'s
    /// framer finds them: a GetCounts reply is 2.3 KB (the anchor's 18 bytes), and the clients
    /// share their processors with the daemon, so they should not scan it byte by byte.
    static func terminators(in buffer: [UInt8], count: Int) -> Int {
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var found = 0
            var offset = 0
            while offset < count, let hit = memchr(base + offset, 0, count - offset) {
                found += 1
                offset = UnsafeRawPointer(hit) - base + 1
            }
            return found
        }
    }

    /// `clients` threads, each with its own connection, calling in a loop for `seconds` with
    /// `depth` calls in flight; returns the calls answered and each round trip's latency.
    static func load(socket: String, clients: Int, seconds: Double, message: [UInt8], depth: Int = 1) -> (Int, [Double]) {
        let results = Mutex<[[Double]]>([])
        let done = DispatchGroup()
        let deadline = now() + seconds
        for _ in 0..<clients {
            done.enter()
            Thread.detachNewThread {
                var latencies: [Double] = []
                latencies.reserveCapacity(200_000)
                defer {
                    results.withLock { $0.append(latencies) }
                    done.leave()
                }
                guard let fd = try? UnixSocket.connect(path: socket) else { return }
                defer { UnixSocket.close(fd) }
                let batch = Array([[UInt8]](repeating: message, count: depth).joined())
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while now() < deadline {
                    let started = now()
                    guard (try? FileDescriptor(fd).sendAll(batch)) != nil else { return }
                    var replies = 0
                    while replies < depth {
                        guard let n = try? UnixSocket.readSome(fd, into: &buffer), n > 0 else { return }
                        replies += terminators(in: buffer, count: n)
                    }
                    let elapsed = now() - started
                    for _ in 0..<depth { latencies.append(elapsed) }
                }
            }
        }
        done.wait()
        let all = results.withLock { $0.flatMap { $0 } }
        return (all.count, all)
    }

    struct Status {
        var live = 0
        var ticks = 0
        var intervalMs = 0.0
        var latenessP50Ms = 0.0
        var latenessP99Ms = 0.0
        var latenessMaxMs = 0.0
        var behindMs = 0.0
    }

    static func status(_ socket: String) -> Status? {
        guard let client = try? VarlinkClient(path: socket, timeout: 30),
            let parameters = try? client.call("io.scrollsim.Simulator.GetStatus").parameters,
            let ticks = parameters["ticks"]?.objectValue
        else { return nil }
        func number(_ key: String) -> Double { ticks[key]?.numberValue ?? 0 }
        return Status(
            live: Int(parameters["liveSimulations"]?.numberValue ?? 0), ticks: Int(number("ticks")),
            intervalMs: number("intervalMs"),
            latenessP50Ms: number("latenessP50Ms"), latenessP99Ms: number("latenessP99Ms"),
            latenessMaxMs: number("latenessMaxMs"),
            behindMs: number("behindMs"))
    }

    static func printStatus(_ socket: String, label: String) {
        guard let s = status(socket) else { return }
        func ms(_ value: Double) -> String { String(format: "%.2f", value) }
        print(
            "\(label): \(s.live) live, \(s.ticks) ticks of \(ms(s.intervalMs)) ms; lateness p50 \(ms(s.latenessP50Ms)) ms, p99 \(ms(s.latenessP99Ms)) ms, max \(ms(s.latenessMaxMs)) ms; furthest behind real time: \(ms(s.behindMs)) ms"
        )
    }
}
