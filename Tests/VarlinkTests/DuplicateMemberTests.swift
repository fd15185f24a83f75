import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

@Suite("Duplicate members")
struct DuplicateMemberTests {
    @Test("a call naming a member twice (method included) gets InvalidParameter and the connection keeps serving")
    func refusedNotClosed() throws {
        var connection = VarlinkConnection()
        connection.receive(
            Array(#"{"method":"org.example.A.Ping","method":"org.example.B.Drop"}"#.utf8) + [0]
                + Array(#"{"method":"org.example.A.Ping","parameters":{"x":1,"x":2}}"#.utf8) + [0]
                + Array(#"{"method":"org.example.A.Ping"}"#.utf8) + [0])
        guard case .refuse(let first)? = connection.next() else { Issue.record("first not refused"); return }
        #expect(first.error == .invalidParameter("method"))
        guard case .refuse(let second)? = connection.next() else { Issue.record("second not refused"); return }
        #expect(second.error == .invalidParameter("x"))
        guard case .call(let third)? = connection.next() else { Issue.record("third not served"); return }
        #expect(third.member == "Ping")
    }
}
