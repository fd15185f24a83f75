import Foundation
import JSONModel
import Posix
import Synchronization
import Varlink

/// The daemon under load: GetCounts calls per second and latency for 1, 8 and 64 concurrent
/// clients while the default live simulations run, and the live tick's lateness with 1,000 live
/// viewports. Starts the `scrollsimd` built next to this binary (`swift build -c release`).
enum DaemonBenchmark {
    static func run() {
        print(
            "== daemon (scrollsimd over its Unix socket; goals: ≥ 50,000 GetCounts/s in total, p99 < 2 ms; tick lateness p99 < 5 ms with 1,000 live viewports)"
        )
        guard let binary = daemonBinary() else {
            print("scrollsimd is not built next to scrollsim-bench: run `swift build -c release` first")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        // 1. Throughput and latency with the default live simulations running.
        let socket = work.appendingPathComponent("d.sock").path
        guard let daemon = start(binary, socket: socket, config: nil, work: work) else { return }
        let call =
            Array(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"live-home-390x844"}}"#.utf8) + [0]
        print("clients   calls/s    p50 µs   p99 µs   max µs   (GetCounts of a live simulation, 3 s each)")
        for clients in [1, 8, 64] {
            let (calls, latencies) = load(socket: socket, clients: clients, seconds: 3, message: call)
            let sorted = latencies.sorted()
            func q(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] * 1e6
            }
            print(
                "\(pad(clients, 7))  \(pad(Int(Double(calls) / 3), 8))  \(pad(Int(q(0.5)), 8)) \(pad(Int(q(0.99)), 8)) \(pad(Int((sorted.last ?? 0) * 1e6), 8))"
            )
        }
        // The same clients against a server that only echoes: the socket and scheduling limit
        // of this machine, for the ratio.
        if let anchor = EchoAnchor(path: work.appendingPathComponent("echo.sock").path) {
            var rates: [String] = []
            var ratio64 = 0.0
            for clients in [1, 8, 64] {
                let echoed = load(socket: anchor.path, clients: clients, seconds: 3, message: call).0
                let daemon = load(socket: socket, clients: clients, seconds: 3, message: call).0
                rates.append("\(clients): echo \(echoed / 3)/s, GetCounts \(daemon / 3)/s")
                if clients == 64 { ratio64 = Double(daemon) / Double(Swift.max(1, echoed)) }
            }
            anchor.stop()
            print(
                "echo anchor (same clients, a server that answers without parsing), back to back: "
                    + rates.joined(separator: "; "))
            print(
                "GetCounts with 64 clients at \(Int((ratio64 * 100).rounded())) % of the echo anchor's rate (goal ≥ 50 %): \(ratio64 >= 0.5 ? "ok" : "MISSED")"
            )
        }
        let pipelined = load(socket: socket, clients: 8, seconds: 3, message: call, depth: 16)
        print("pipelined: 8 clients × 16 calls in flight: \(Int(Double(pipelined.0) / 3)) calls/s")
        printStatus(socket, label: "3 live simulations under that load")
        stop(daemon)

        // 2. Tick lateness, and how far simulations fall behind real time, with many live viewports.
        for count in [100, 300, 1_000] {
            let config = work.appendingPathComponent("live\(count).conf")
            var text = "[Live]\nSimulation=\n"
            for i in 0..<count { text += "Simulation=home \(320 + i)x\(568 + i % 400)\n" }
            text += "[Limits]\nMaxSimulations=\(count + 100)\n"
            try? text.write(to: config, atomically: true, encoding: .utf8)
            let socket2 = work.appendingPathComponent("d\(count).sock").path
            guard let daemon2 = start(binary, socket: socket2, config: config.path, work: work) else { return }
            // The daemon reports lateness over the last 10 s: wait for start-up to leave that window.
            Thread.sleep(forTimeInterval: 12)
            printStatus(socket2, label: "\(count) live viewports, 12 s after start-up")
            let (calls, latencies) = load(socket: socket2, clients: 8, seconds: 3, message: call)
            let sorted = latencies.sorted()
            print(
                "  GetCounts meanwhile, 8 clients: \(Int(Double(calls) / 3)) calls/s, p99 \(Int((sorted.isEmpty ? 0 : sorted[Int(0.99 * Double(sorted.count))]) * 1e6)) µs"
            )
            printStatus(socket2, label: "  after that load")
            stop(daemon2)
        }
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

    static func start(_ binary: String, socket: String, config: String?, work: URL) -> Process? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--socket", socket, "--no-state", "--config", config ?? work.appendingPathComponent("none.conf").path,
        ]
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("cannot start scrollsimd: \(error)")
            return nil
        }
        for _ in 0..<300 {
            if let fd = try? UnixSocket.connect(path: socket) {
                UnixSocket.close(fd)
                return process
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        print("scrollsimd did not come up")
        process.terminate()
        return nil
    }

    static func stop(_ process: Process) {
        process.terminate()
        process.waitUntilExit()
    }

    static func now() -> Double { MonotonicClock.now() }

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
                    guard (try? UnixSocket.writeAll(fd, batch)) != nil else { return }
                    var replies = 0
                    while replies < depth {
                        guard let n = try? UnixSocket.readSome(fd, into: &buffer), n > 0 else { return }
                        replies += buffer[0..<n].count { $0 == 0 }
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

    static func printStatus(_ socket: String, label: String) {
        guard let client = try? VarlinkClient(path: socket, timeout: 30),
            let parameters = try? client.call("io.scrollsim.Simulator.GetStatus").parameters,
            let ticks = parameters["ticks"]?.objectValue
        else { return }
        func ms(_ key: String) -> String { String(format: "%.2f", ticks[key]?.numberValue ?? 0) }
        func count(_ value: JSONValue?) -> Int { Int(value?.numberValue ?? 0) }
        print(
            "\(label): \(count(parameters["liveSimulations"])) live, \(count(ticks["ticks"])) ticks of \(ms("intervalMs")) ms; lateness p50 \(ms("latenessP50Ms")) ms, p99 \(ms("latenessP99Ms")) ms, max \(ms("latenessMaxMs")) ms; furthest behind real time: \(ms("behindMs")) ms"
        )
    }
}
