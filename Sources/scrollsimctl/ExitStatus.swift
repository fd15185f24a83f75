/// Exit codes, distinct per failure kind so scripts and CI can tell them apart (sysexits.h values).
enum ExitStatus: Int32 {
    case success = 0
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The scenario is malformed or cannot be laid out (EX_DATAERR).
    case invalidScenario = 65
    /// A file could not be read (EX_NOINPUT).
    case noInput = 66
}
