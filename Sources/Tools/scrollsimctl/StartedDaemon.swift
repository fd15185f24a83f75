import Foundation
import Glibc

/// A throwaway `scrollsimd` for `live --start-daemon`: found next to this tool or on PATH, run with
/// a fresh temporary state directory and, unless told an address, a socket inside it (so parallel
/// jobs never meet, and a second quick start shows the same thing as the first, not the first
/// one's simulations resumed). It is stopped — its state directory removed — when the command
/// ends, on Ctrl-C, or on SIGTERM or SIGHUP to this client; and since it runs `--ephemeral` with
/// this client holding its standard input, it stops by itself when the client ends any other way
/// (`kill -9`).
final class StartedDaemon: @unchecked Sendable {
    let process: Process
    let stateDirectory: String
    /// Where it listens (`unix:PATH`).
    let address: String
    /// The write end of the daemon's standard input, held until this process ends.
    private let lifeline = Pipe()
    /// The stop runs once, from the command's end or from a signal, whichever comes first.
    private let stopping = NSLock()
    private var stopped = false
    private var signalSources: [DispatchSourceSignal] = []

    /// Where `scrollsimd` is looked for: this executable's own directory (`/proc/self/exe`, as
    /// installed or as built), then PATH, then the system directories PATH may lack for a user.
    static func binary(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var directories: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append((exe as NSString).deletingLastPathComponent)
        }
        directories += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        directories += ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return directories.map { ($0 as NSString).appendingPathComponent("scrollsimd") }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts it on the socket of `address` (nil: one in its own state directory).
    init(address requested: String?) throws {
        guard let binary = Self.binary() else {
            throw ClientError.unreachable(
                "no scrollsimd was found to start (looked next to scrollsimctl, on PATH and in /usr/sbin)")
        }
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("scrollsimd-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ClientError.unreachable("cannot make a temporary state directory: \(String(cString: strerror(errno)))")
        }
        stateDirectory = String(cString: made)
        address = requested ?? "unix:" + (stateDirectory as NSString).appendingPathComponent("scrollsimd.sock")
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--socket", String(address.dropFirst(5)), "--state-dir", stateDirectory, "--ephemeral"]
        process.standardInput = lifeline
        // Signals that would end this client stop the daemon first (else it would be left running,
        // re-parented, with its socket and state).
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { [self] in stop(thenExit: 128 + signal) }
            source.resume()
            signalSources.append(source)
        }
        do {
            try process.run()
        } catch {
            removeStateDirectory()
            throw error
        }
        CommandLineTool.writeError(
            "scrollsimctl: started \(binary) at \(address) (pid \(process.processIdentifier), state in \(stateDirectory)); it stops when this command ends"
        )
    }

    /// Waits until the daemon answers at its address.
    func connect() throws -> DaemonClient {
        for _ in 0..<200 {
            if let client = try? DaemonClient(address: address) { return client }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let status = process.isRunning ? "still starting after 10 s" : "exit status \(process.terminationStatus)"
        stop()
        throw ClientError.unreachable("scrollsimd did not start (\(status))")
    }

    /// SIGTERM (the daemon drains and exits 0), then its state directory goes.
    /// - Parameter thenExit: exit the process with this status before letting go of the lock (a
    ///   signal's stop): the main thread, which sees its calls fail as the daemon goes, waits
    ///   here in its own `stop()` instead of exiting first with "unreachable".
    func stop(thenExit status: Int32? = nil) {
        stopping.lock()
        defer { stopping.unlock() }
        if !stopped {
            stopped = true
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            removeStateDirectory()
        }
        if let status { exit(status) }
    }

    private func removeStateDirectory() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }
}
