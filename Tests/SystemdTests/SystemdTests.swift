import Foundation
import Glibc
import Systemd
import Testing

/// libsystemd through the wrappers, with real file descriptors: a notify socket we bind and read,
/// pipes, timers and a signal (docs/internals.md S1).
@Suite("Systemd wrappers", .serialized)
struct SystemdTests {
    /// A pipe's read and write ends; the caller closes them.
    static func pipe() throws -> [Int32] {
        var fds: [Int32] = [0, 0]
        try #require(Glibc.pipe(&fds) == 0)
        return fds
    }

    @Test("notify messages: fields in systemd's order, a status kept on one line")
    func messageText() {
        #expect(NotifyMessage(ready: true, status: "serving\n3 simulations").text == "READY=1\nSTATUS=serving 3 simulations")
        #expect(NotifyMessage(reloading: true, status: "reloading").text == "RELOADING=1\nSTATUS=reloading")
        #expect(NotifyMessage(stopping: true).text == "STOPPING=1")
    }

    @Test("sd_notify delivers one datagram to $NOTIFY_SOCKET; without it nothing is sent")
    func notify() throws {
        unsetenv("NOTIFY_SOCKET")
        #expect(try ServiceManager.notify(NotifyMessage(ready: true)) == false)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notify-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        ).path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }

        #expect(try ServiceManager.notify(NotifyMessage(ready: true, status: "Serving io.scrollsim.Simulator")) == true)
        var buffer = [UInt8](repeating: 0, count: 512)
        let received = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        try #require(received > 0)
        #expect(String(decoding: buffer[0..<received], as: UTF8.self) == "READY=1\nSTATUS=Serving io.scrollsim.Simulator")
    }

    @Test("the watchdog interval comes from WATCHDOG_USEC for this pid; none without it")
    func watchdog() throws {
        unsetenv("WATCHDOG_USEC")
        unsetenv("WATCHDOG_PID")
        #expect(try ServiceManager.watchdogInterval() == nil)
        setenv("WATCHDOG_USEC", "2000000", 1)
        setenv("WATCHDOG_PID", String(getpid()), 1)
        defer {
            unsetenv("WATCHDOG_USEC")
            unsetenv("WATCHDOG_PID")
        }
        #expect(try ServiceManager.watchdogInterval() == .seconds(2))
    }

    @Test("without socket activation there are no listened sockets")
    func noListenFDs() throws {
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_PID")
        #expect(try ServiceManager.takeListenedSockets().isEmpty)
    }

    @Test("a one-shot timer ends the loop with its exit code; a repeating timer fires until cancelled")
    func timers() throws {
        let loop = try EventLoop()
        var ticks = 0
        var ticker: EventSource?
        ticker = try loop.addTimer(after: .milliseconds(2), repeating: true) {
            ticks += 1
            if ticks == 3 { ticker?.cancel() }
        }
        try loop.addTimer(after: .milliseconds(40)) { loop.exit(7) }
        #expect(try loop.run() == 7)
        #expect(ticks == 3)
    }

    @Test(
        "run with hooks: every handler runs between a before and an after; pending events share one batch while asked to, one each when not; the exit code comes back"
    )
    func runWithHooks() throws {
        for batching in [true, false] {
            let loop = try EventLoop()
            let fds = try Self.pipe()
            defer { fds.forEach { close($0) } }
            var trace: [String] = []
            var inBatch = false
            // Two sources ready at once: a pipe with a byte in it, and a timer already due.
            var byte: UInt8 = 1
            _ = write(fds[1], &byte, 1)
            try loop.addReadable(fd: fds[0]) {
                #expect(inBatch)
                var byte: UInt8 = 0
                _ = read(fds[0], &byte, 1)
                trace.append("read")
            }
            try loop.addTimer(after: .zero) {
                #expect(inBatch)
                trace.append("timer")
            }
            try loop.addTimer(after: .milliseconds(20)) {
                #expect(inBatch)
                trace.append("exit")
                loop.exit(5)
            }
            let code = try loop.run(
                beforeDispatch: {
                    #expect(!inBatch)
                    inBatch = true
                    trace.append("(")
                },
                keepDispatching: { batching },
                afterDispatch: {
                    #expect(inBatch)
                    inBatch = false
                    trace.append(")")
                })
            #expect(code == 5)
            #expect(!inBatch)
            let handlers = trace.filter { !["(", ")"].contains($0) }
            #expect(Set(handlers.prefix(2)) == ["read", "timer"] && handlers.last == "exit", "\(trace)")
            // (The exit itself is one more dispatch, with no handler of ours.)
            let batches = trace.split(separator: ")").map { $0.filter { $0 != "(" } }.filter { !$0.isEmpty }
            if batching {
                #expect(batches.first?.count == 2, "both ready sources in the first batch: \(trace)")
            } else {
                #expect(batches.allSatisfy { $0.count == 1 }, "one handler per batch: \(trace)")
            }
        }
    }

    @Test("a readable pipe wakes the loop")
    func io() throws {
        let loop = try EventLoop()
        let fds = try Self.pipe()
        defer { fds.forEach { close($0) } }
        var got: UInt8 = 0
        try loop.addReadable(fd: fds[0]) {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            got = byte
            loop.exit(3)
        }
        try loop.addTimer(after: .milliseconds(1)) {
            var byte: UInt8 = 42
            _ = write(fds[1], &byte, 1)
        }
        #expect(try loop.run() == 3)
        #expect(got == 42)
    }

    @Test("a signal blocked for the loop's thread reaches the handler instead of killing the process")
    func signal() throws {
        let loop = try EventLoop()
        var sender: Int32 = -1
        try loop.addSignal(SIGUSR2) { pid in
            sender = pid
            loop.exit(9)
        }
        try loop.addTimer(after: .milliseconds(1)) { _ = pthread_kill(pthread_self(), SIGUSR2) }
        #expect(try loop.run() == 9)
        #expect(sender == getpid())
    }

    @Test("journal field names and <N> stderr lines")
    func journal() throws {
        #expect(Journal.isValidFieldName("SCROLLSIM_SIMULATION"))
        #expect(!Journal.isValidFieldName("_PID"))
        #expect(!Journal.isValidFieldName("lower"))
        #expect(!Journal.isValidFieldName("9LIVES"))
        #expect(Journal.stderrLine("started\nok", priority: .notice) == "<5>started ok")
        // With no journald listening libsystemd still returns 0 (docs/internals.md S2): this checks the call, not delivery.
        try Journal.send("test entry", priority: .info, identifier: "scrollsim-tests", fields: [("SCROLLSIM_EVENT", "test")])
    }
}
