import Foundation
import JSONModel
import Posix
import Synchronization
import TestSupport
import Testing
import Varlink
import VarlinkClient

@Suite("Varlink client")
struct VarlinkClientTests {
    /// A listening socket in a fresh directory, removed afterwards.
    static func withListener(_ body: (String, Int32) throws -> Void) throws {
        let directory = try Scratch.directory("varlink-client")
        defer { Scratch.remove(directory) }
        let path = directory.appendingPathComponent("s.sock").path
        let listener = try UnixSocket.listen(path: path)
        defer { UnixSocket.close(listener) }
        try body(path, listener)
    }

    @Test("a service that never answers: the call fails once the timeout has passed, saying so")
    func timeout() throws {
        try Self.withListener { path, _ in
            // Connected through the backlog, never accepted: nothing will ever come back.
            let client = try VarlinkClient(path: path, timeout: 0.2)
            let started = MonotonicClock.now()
            #expect(throws: VarlinkClient.Failure.disconnected("no reply from \(path) within 0.2 s")) {
                try client.call("org.example.Nothing.Ever")
            }
            let waited = MonotonicClock.now() - started
            #expect(waited >= 0.2 && waited < 30, "waited \(waited) s")
        }
    }

    @Test("a reply split over two writes is read whole; a service that closes is reported as closed")
    func splitReplyThenClose() throws {
        try Self.withListener { path, listener in
            let served = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                defer { served.signal() }
                var accepted: Int32?
                let deadline = MonotonicClock.now() + 30
                while accepted == nil && MonotonicClock.now() < deadline {
                    accepted = (try? UnixSocket.accept(listener)) ?? nil
                    if accepted == nil { Thread.sleep(forTimeInterval: 0.001) }
                }
                guard let fd = accepted else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                var received: [UInt8] = []
                while !received.contains(0), let count = try? UnixSocket.receive(fd, into: &buffer), count > 0 {
                    received += buffer[0..<count]
                }
                let reply = Array(#"{"parameters":{"answer":42}}"#.utf8) + [0]
                try? FileDescriptor(fd).sendAll(Array(reply[..<10]))
                Thread.sleep(forTimeInterval: 0.05)
                try? FileDescriptor(fd).sendAll(Array(reply[10...]))
                UnixSocket.close(fd)
            }
            let client = try VarlinkClient(path: path, timeout: 30)
            let reply = try client.call("org.example.Answer.Get")
            #expect(reply.parameters == ["answer": 42])
            #expect(reply.error == nil && !reply.continues)
            served.wait()
            #expect(throws: VarlinkClient.Failure.disconnected("\(path) closed the connection (send: Broken pipe)")) {
                try client.call("org.example.Answer.Get")
            }
        }
    }

    /// The reason `UnixSocket.receive` waits in poll(2): a thread blocked in `read` on a Unix
    /// stream socket is woken whenever the peer takes a message it sent (write space is announced
    /// on the same wait queue); one waiting in poll for input is not.
    @Test("a client waiting for its reply is not woken when the server takes its call")
    func noWakeUpWhenTheCallIsTaken() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach(UnixSocket.close) }
        let (server, client) = (pair[0], pair[1])
        let waiter = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            // "PID/task/TID": the waiting thread's own directory under /proc.
            let task = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            waiter.withLock { $0 = task }
            try? FileDescriptor(client).sendAll(Array(#"{"method":"org.example.Answer.Get"}"#.utf8) + [0])
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = try? UnixSocket.receive(client, into: &buffer)
        }
        var thread: String?
        while thread == nil { thread = waiter.withLock { $0 } }
        let task = "/proc/\(thread!)/"
        func contents(_ name: String) -> String { (try? String(contentsOfFile: task + name, encoding: .utf8)) ?? "" }
        func wakeUps() -> Int? {
            contents("status").split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                .flatMap { Int($0.split(separator: "\t").last ?? "") }
        }
        // Once it waits (in poll or read: system calls 7 and 0 on x86-64, ppoll 73 and read 63 on
        // arm64), count its wake-ups.
        let deadline = MonotonicClock.now() + 30
        while !["7 ", "0 ", "73 ", "63 "].contains(where: contents("syscall").hasPrefix) && MonotonicClock.now() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        let before = try #require(wakeUps())
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(try UnixSocket.receive(server, into: &buffer, timeout: 30) > 0)  // the call, taken
        Thread.sleep(forTimeInterval: 0.1)
        #expect(wakeUps() == before, "the waiting client was woken by its call being read")
        try FileDescriptor(server).sendAll(Array(#"{}"#.utf8) + [0])
        done.wait()
    }
}
