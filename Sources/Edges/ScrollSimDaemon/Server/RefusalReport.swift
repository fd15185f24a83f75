/// Connections refused over MaxConnections, logged at most once a second: a client retrying in a
/// loop must not flood the journal. The refusals in between are counted in the next line, or in
/// the line saying connections are accepted again.
struct RefusalReport {
    private var lastReport = -Double.infinity
    private var sinceReport = 0

    /// One more refusal at `time`: how many to report now (this one included), or nil when the
    /// last report is less than a second old.
    mutating func refused(at time: Double) -> Int? {
        sinceReport += 1
        guard time - lastReport >= 1 else { return nil }
        defer { (lastReport, sinceReport) = (time, 0) }
        return sinceReport
    }

    /// A connection closed, so there is room again: the refusals not yet reported, or nil when
    /// there are none.
    mutating func roomAgain() -> Int? {
        guard sinceReport > 0 else { return nil }
        defer { sinceReport = 0 }
        return sinceReport
    }
}
