/// scrollsim's version: the one string `scrollsimd --version`, `scrollsimctl --version` and
/// `org.varlink.service.GetInfo` report.
package enum ScrollSimVersion {
    package static let current = "0.6.0"
    /// When `current` was set: the date the man pages carry.
    package static let date = "2026-12-01"
}
