import Foundation
import TestSupport
import Testing

/// The built binaries next to the test bundle (`swift test` builds them: this target depends on
/// them).
func builtBinary(_ name: String) throws -> String {
    try #require(ProcessRunner.builtProduct(name), "\(name) is not built")
}

/// Runs a program to its end; its exit status and its stdout and stderr together.
func runCapturing(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String)
{
    let result = try ProcessRunner.run(executable, arguments, in: directory)
    return (result.status, result.output)
}

/// Runs one of the Python integration scripts in `Integration/` against the built daemon.
func runIntegrationScript(_ script: String) throws -> (status: Int32, output: String) {
    let work = try Scratch.directory(String(script.prefix(while: { $0 != "_" })))
    defer { Scratch.remove(work) }
    let path = repositoryRoot.appendingPathComponent("Tests/ScrollSimDaemonTests/Integration/\(script)").path
    let (status, text) = try runCapturing("/usr/bin/env", ["python3", path, try builtBinary("scrollsimd"), work.path])
    if status != 0, let log = try? String(contentsOf: work.appendingPathComponent("daemon.log"), encoding: .utf8) {
        return (status, text + "\n--- daemon log ---\n" + log)
    }
    return (status, text)
}

/// The hardened unit forbids what sanitizer runtimes need (huge shadow mappings), so the nspawn
/// test is left to the plain build (SCROLLSIM_SANITIZED is set by the sanitizer runs).
let canBootSystemd =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-nspawn")
    && ProcessInfo.processInfo.environment["SCROLLSIM_SANITIZED"] == nil

let hasSocketActivate = FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")

@Suite("scrollsimd as a process", .serialized)
struct DaemonProcessTests {
    @Test(
        "under systemd-socket-activate with a NOTIFY_SOCKET: READY, STATUS, WATCHDOG, reloads, errors, kill -9 and SIGTERM",
        .enabled(
            if: hasSocketActivate && Python.canImport("varlink"),
            "needs systemd-socket-activate and PyPI varlink (.ci/run installs them)"))
    func lifecycle() throws {
        let (status, output) = try runIntegrationScript("lifecycle_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "at the file-descriptor limit: accepting pauses without a log flood or a busy loop, open connections are served, accepting resumes",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"))
    func descriptorLimit() throws {
        let (status, output) = try runIntegrationScript("descriptor_limit_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "on the wire: pipelining, a stream holding later calls, vanishing clients, slow readers, many connections",
        .enabled(if: Python.canImport("varlink"), "needs PyPI varlink (.ci/run installs it)"))
    func protocolBehaviour() throws {
        let (status, output) = try runIntegrationScript("protocol_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "bad input over the socket: 35 kinds, each a specific error or a closed connection; the daemon keeps serving in bounded memory"
    )
    func badInput() throws {
        let (status, output) = try runIntegrationScript("bad_input_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "access: PermissionDenied for state changes outside AllowUsers/AllowGroups (SO_PEERCRED), ReadAccess, reloads; request rate limit",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func access() throws {
        let (status, output) = try runIntegrationScript("access_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "load: 1,000 connections, 200 slow or stalled streams, vanishing clients, pipelined bursts; bounded memory; tick lateness printed"
    )
    func load() throws {
        let (status, output) = try runIntegrationScript("load_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
        if let figures = output.split(separator: "\n").first(where: { $0.hasPrefix("figures:") }) { print(figures) }
    }

    @Test(
        "attacks: a slow tick with 60 streams, too many profiles, duplicate members, appends past the limit, huge rotations; the daemon keeps serving"
    )
    func attacks() throws {
        let (status, output) = try runIntegrationScript("attack_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
        if let figures = output.split(separator: "\n").first(where: { $0.hasPrefix("figures:") }) { print(figures) }
    }

    @Test(
        "restart after a simulated 24 h uptime: ready at once, simulations restored in the background, calls about one wait and see it whole",
        .enabled(if: hasSocketActivate, "needs systemd-socket-activate (.ci/run installs it)"))
    func restart() throws {
        let (status, output) = try runIntegrationScript("restart_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
        if let figures = output.split(separator: "\n").first(where: { $0.hasPrefix("figures:") }) { print(figures) }
    }

    @Test(
        "work sliced by processor time: a costly Advance, its replay after kill -9 and a realtime simulation behind real time never hold the loop or the watchdog; a second daemon on the state directory refuses",
        .enabled(if: hasSocketActivate, "needs systemd-socket-activate (.ci/run installs it)"))
    func slicing() throws {
        let (status, output) = try runIntegrationScript("slicing_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
        if let figures = output.split(separator: "\n").first(where: { $0.hasPrefix("figures:") }) { print(figures) }
    }

    @Test(
        "faults: kill -9 during write bursts loses no acknowledged input; SIGTERM under load exits 0 in < 2 s (calibrated); a full disk fails calls cleanly",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func faults() throws {
        let (status, output) = try runIntegrationScript("fault_test.py")
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS"))
    }

    @Test(
        "end to end under a real systemd in systemd-nspawn: units verified and hardened (≤ 2.0), socket activation, counts, reload, stop, journal",
        .enabled(if: canBootSystemd, "needs root and systemd-nspawn (.ci/run installs systemd-container)"))
    func realSystemd() throws {
        let work = try Scratch.directory("e2e")
        defer { Scratch.remove(work) }
        let (status, text) = try runCapturing(
            "/bin/bash",
            [
                repositoryRoot.appendingPathComponent("Tests/ScrollSimDaemonTests/Integration/e2e-systemd.sh").path,
                try builtBinary("scrollsimd"), repositoryRoot.appendingPathComponent("systemd").path, work.path,
            ])
        #expect(status == 0, "\(text)")
        #expect(text.contains("PASS") && text.contains("SAFE"), "\(text)")
    }
}
