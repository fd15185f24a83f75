/// The process at its file-descriptor limit, as a state: accepting stops (the listener's source
/// off) instead of failing in a loop, one waiting client at a time is told why with the reserve
/// descriptor, the log says so at most once a second, and accepting resumes as soon as a
/// descriptor frees (a connection closes) or, failing that, a second later.
struct DescriptorLimit {
    /// Since when accepting is paused (monotonic); nil while accepting.
    private(set) var since: Double?
    /// Clients refused since the last log line, and in all during this episode.
    private var sinceReport = 0
    private var total = 0
    private var lastReport = -Double.infinity

    var isReached: Bool { since != nil }

    /// Accept failed with EMFILE or ENFILE at `time`, and `refused` waiting clients were told so.
    /// - Returns: whether to log now (the first time, then at most once a second), with the
    ///   refusals to report.
    mutating func reached(at time: Double, refused: Int) -> Int? {
        if since == nil { since = time }
        sinceReport += refused
        total += refused
        guard time - lastReport >= 1 else { return nil }
        defer { (lastReport, sinceReport) = (time, 0) }
        return sinceReport
    }

    /// Accepting works again: how long it was paused and how many were refused meanwhile.
    mutating func cleared(at time: Double) -> (seconds: Double, refused: Int)? {
        guard let since else { return nil }
        defer {
            self.since = nil
            (sinceReport, total) = (0, 0)
            lastReport = -Double.infinity
        }
        return (time - since, total)
    }
}
