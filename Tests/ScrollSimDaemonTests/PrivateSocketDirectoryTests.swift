import Foundation
import Testing
import TestSupport

/// The default socket's private directory is made 0700 whatever umask the daemon inherits: a
/// daemon started while its parent had a narrow umask set (0177, as while binding a socket) made
/// it 0600, a directory its owner cannot enter.
@Suite("the private socket directory")
struct PrivateSocketDirectoryTests {
    @Test("made 0700 under an inherited umask of 0177, and served from")
    func modeWhateverTheUmask() throws {
        let daemon = try #require(ProcessRunner.builtProduct("scrollsimd"), "scrollsimd is not built")
        let work = try Scratch.directory("private-socket")
        defer { Scratch.remove(work) }
        let config = work.appendingPathComponent("scrollsimd.conf")
        try Data("[Live]\nSimulation=\n".utf8).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The umask is the child's alone: this process's stays as it is.
        process.arguments = ["-c", "umask 177; exec \"$0\" --no-state --config \"$1\"", daemon, config.path]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = nil
        environment["TMPDIR"] = work.path
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let directory = work.appendingPathComponent("scrollsimd-\(getuid())")
        let socket = directory.appendingPathComponent("scrollsimd.sock")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: socket.path) && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int)
        #expect(mode == 0o700, "mode \(String(mode, radix: 8))")
        #expect(FileManager.default.fileExists(atPath: socket.path))
    }
}
