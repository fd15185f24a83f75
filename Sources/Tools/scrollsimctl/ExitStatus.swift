/// Exit codes, distinct per failure kind so scripts and CI can tell them apart (sysexits.h values).
enum ExitStatus: Int32 {
    case success = 0
    /// The daemon answered the call with an error.
    case failed = 1
    /// `profile --budget`: a count went over its limit.
    case budgetExceeded = 3
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The scenario (or budget) is malformed, cannot be laid out, or names nothing that exists
    /// (EX_DATAERR).
    case invalidScenario = 65
    /// A file could not be read (EX_NOINPUT).
    case noInput = 66
    /// The daemon cannot be reached (EX_UNAVAILABLE).
    case unavailable = 69
    /// An output file cannot be written (EX_CANTCREAT).
    case cannotCreate = 73
}

extension ExitStatus {
    /// What each status means, for the usage and the man page.
    static let meanings: [(ExitStatus, String)] = [
        (.success, "success"), (.failed, "the daemon answered with an error"), (.budgetExceeded, "budget exceeded"),
        (.usage, "usage error"), (.invalidScenario, "invalid scenario or budget"),
        (.noInput, "scenario or file not found or not readable"),
        (.unavailable, "daemon unreachable"), (.cannotCreate, "output file not writable"),
    ]

    /// `0 success, 1 the daemon answered with an error, …`
    static var summary: String { meanings.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ") }
}
