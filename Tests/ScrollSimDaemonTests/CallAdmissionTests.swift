import Foundation
import Posix
import ScrollSimService
import Testing
import Varlink

@testable import ScrollSimDaemon

/// The checks a call meets before the service, driven in-process: no socket, no loop, no clock.
@Suite("call admission")
struct CallAdmissionTests {
    static func call(_ json: String) throws -> VarlinkCall { try VarlinkCall.parse(Data(json.utf8)).get() }

    static let open = #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#
    static let counts = #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#
    static let profile = #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"home"},"more":true}"#

    /// Everything allowed; `tokens` counts the rate tokens taken.
    final class World {
        var tokens = 0
        var facts: CallAdmission.Facts!
        init(
            stopping: Bool = false, allowedUsers: Set<UInt32> = [], tokenLeft: Bool = true, restoring: Set<String> = [],
            reusable: Bool = false, jobLimit: (String, Int)? = nil
        ) {
            var access = AccessPolicy()
            access.users = allowedUsers
            access.readOpenToAll = false
            facts = CallAdmission.Facts(
                stopping: stopping, access: access, daemonUID: 999,
                peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000, groups: []),
                takeToken: { [unowned self] in
                    tokens += 1
                    return tokenLeft
                },
                isRestoring: { restoring.contains($0) }, canReuse: { reusable }, jobLimit: { jobLimit })
        }
    }

    @Test("a stopping daemon answers ShuttingDown before anything else is checked")
    func stopping() throws {
        let world = World(stopping: true, allowedUsers: [1], tokenLeft: false)
        #expect(CallAdmission.decide(try Self.call(Self.open), world.facts) == .shuttingDown)
        #expect(world.tokens == 0)
    }

    @Test("a caller the access policy refuses spends none of its rate budget")
    func permissionBeforeRate() throws {
        let world = World(allowedUsers: [42])
        #expect(CallAdmission.decide(try Self.call(Self.open), world.facts) == .permissionDenied)
        #expect(world.tokens == 0)
        let allowed = World(allowedUsers: [1000], tokenLeft: false)
        #expect(CallAdmission.decide(try Self.call(Self.open), allowed.facts) == .rateLimited)
        #expect(allowed.tokens == 1)
    }

    @Test("a call about a simulation being restored waits, even when its reply could be reused")
    func holdBeforeReuse() throws {
        let world = World(allowedUsers: [1000], restoring: ["sim-1"], reusable: true)
        #expect(CallAdmission.decide(try Self.call(Self.counts), world.facts) == .held)
        let restored = World(allowedUsers: [1000], reusable: true)
        #expect(CallAdmission.decide(try Self.call(Self.counts), restored.facts) == .reused)
    }

    @Test("job limits apply to jobs only, and name the limit")
    func jobLimits() throws {
        let world = World(allowedUsers: [1000], jobLimit: ("jobsPerUser", 2))
        #expect(CallAdmission.decide(try Self.call(Self.profile), world.facts) == .overJobLimit(limit: "jobsPerUser", maximum: 2))
        #expect(CallAdmission.decide(try Self.call(Self.open), world.facts) == .dispatched)
        #expect(CallAdmission.decide(try Self.call(Self.counts), world.facts) == .dispatched)
    }
}
