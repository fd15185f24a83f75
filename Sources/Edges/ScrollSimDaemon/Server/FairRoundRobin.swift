/// Which job runs next in a work turn: users in turn, then each user's jobs in turn. A user with
/// many jobs shares one user's turn among them, so another user's single job waits behind at most
/// one slice per other user, never behind all of one user's jobs. Pure: the daemon hands it the
/// jobs running now, each turn.
struct FairRoundRobin {
    /// The user served last, and the job each user ran last.
    private var lastUser: UInt32?
    private var lastJob: [UInt32: Int] = [:]

    /// The next job among `jobs` (a user and a job id each; any order), or nil when there is none.
    mutating func next(among jobs: [(user: UInt32, id: Int)]) -> Int? {
        guard !jobs.isEmpty else { return nil }
        let users = Set(jobs.map(\.user)).sorted()
        let user = lastUser.flatMap { last in users.first { $0 > last } } ?? users[0]
        let ids = jobs.filter { $0.user == user }.map(\.id).sorted()
        let id = lastJob[user].flatMap { last in ids.first { $0 > last } } ?? ids[0]
        lastUser = user
        lastJob[user] = id
        // Users with no job left are forgotten (their ids need no memory across idle spells).
        if lastJob.count > users.count { lastJob = lastJob.filter { users.contains($0.key) } }
        return id
    }
}
