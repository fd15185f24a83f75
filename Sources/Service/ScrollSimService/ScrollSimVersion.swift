/// scrollsim's version: the one string `scrollsimd --version`, `scrollsimctl --version` and
/// `org.varlink.service.GetInfo` report.
public enum ScrollSimVersion {
    public static let current = "0.6.0"
    /// When `current` was set: the date the man pages carry.
    public static let date = "2026-12-01"
}
