import Testing

@testable import ScrollSimDaemon

@Suite("fair job turns")
struct FairRoundRobinTests {
    @Test("users take turns, then each user's jobs: one user's three jobs do not crowd out another's one")
    func usersThenJobs() {
        var turns = FairRoundRobin()
        let jobs: [(user: UInt32, id: Int)] = [(1000, 1), (1000, 2), (1000, 3), (1001, 4)]
        let order = (0..<6).compactMap { _ in turns.next(among: jobs) }
        #expect(order == [1, 4, 2, 4, 3, 4])
    }

    @Test("a job that ends leaves the turn to the next; a user who joins gets the next user turn")
    func changingSet() {
        var turns = FairRoundRobin()
        #expect(turns.next(among: [(5, 10), (5, 11)]) == 10)
        #expect(turns.next(among: [(5, 11)]) == 11)
        #expect(turns.next(among: [(5, 11), (9, 12)]) == 12)
        #expect(turns.next(among: [(5, 11), (9, 12)]) == 11)
        #expect(turns.next(among: []) == nil)
    }
}
