import Foundation

/// Fresh directories and file paths under the system's temporary directory, one per test, named
/// `scrollsim-LABEL-XXXXXXXX` so that a leftover says which test left it. The test removes what
/// it made with `remove(_:)`, in a `defer` right after making it.
public enum Scratch {
    /// Creates a fresh, empty directory.
    public static func directory(_ label: String) throws -> URL {
        let url = unique(label)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh path, `…-XXXXXXXX` or `…-XXXXXXXX.EXTENSION`, for a file or a copy; nothing is
    /// created.
    public static func path(_ label: String, extension pathExtension: String? = nil) -> URL {
        pathExtension.map { unique(label).appendingPathExtension($0) } ?? unique(label)
    }

    /// Removes a directory (with everything in it) or a file; one already gone is not an error.
    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    private static func unique(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-\(label)-\(UUID().uuidString.prefix(8))")
    }
}
