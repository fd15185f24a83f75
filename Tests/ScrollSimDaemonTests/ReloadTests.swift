import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink
import VarlinkClient

@Suite("scrollsimd reloads", .serialized)
struct ReloadTests {
    @Test("a configuration file missing at SIGHUP is refused and the running configuration stays (the defaults would weaken access)")
    func missingFileIsRefused() throws {
        let work = try Scratch.directory("reload-missing")
        defer { Scratch.remove(work) }
        let config = work.appendingPathComponent("scrollsimd.conf")
        try "[Live]\nSimulation=\n[Screens]\nHostDirectory=\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            binary: try builtBinary("scrollsimd"), socket: work.appendingPathComponent("s.sock").path,
            arguments: ["--config", config.path, "--no-state"])
        defer { daemon.stop() }
        let client = try VarlinkClient(path: daemon.socket, timeout: 30)
        func live() throws -> Int {
            try client.call("io.scrollsim.Simulator.ListSimulations").parameters["simulations"]?.arrayValue?.count ?? -1
        }
        #expect(try live() == 0)
        try FileManager.default.removeItem(at: config)
        kill(daemon.process.processIdentifier, SIGHUP)
        Thread.sleep(forTimeInterval: 0.5)
        // The built-in defaults would have started the three live home viewports.
        #expect(try live() == 0)
        #expect(daemon.process.isRunning)
        // Put back, a reload takes it again.
        try "[Live]\nSimulation=\nSimulation=home 390x844\n[Screens]\nHostDirectory=\n".write(
            to: config, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try live() != 1 { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try live() == 1)
    }
}
