/// scrollsim's version: the one string `scrollsimd --version`, `scrollsimctl --version` and
/// `org.varlink.service.GetInfo` report.
public enum ScrollSimVersion {
    public static let current = "0.6.0"
}
