import Foundation

/// Recorded outputs ("golden files") that a test compares with what the code produces now, so a
/// refactoring that must not change behaviour proves it byte for byte. Re-record deliberately with
/// `SCROLLSIM_RECORD_GOLDEN=1 swift test --filter …` and review the diff in git.
public enum GoldenFile {
    /// Whether this run re-records the golden files instead of comparing with them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["SCROLLSIM_RECORD_GOLDEN"] == "1" }

    /// Compares `text` with the file `name` in `directory` (or writes it when recording).
    /// - Returns: nil when they match (or after recording); else a message naming the first line
    ///   that differs, for the test's expectation.
    public static func mismatch(_ text: String, name: String, directory: URL) -> String? {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try Data(text.utf8).write(to: url)
                return nil
            } catch {
                return "cannot record \(url.path): \(error)"
            }
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return "no golden file \(url.path): record it with SCROLLSIM_RECORD_GOLDEN=1"
        }
        let recorded = String(decoding: data, as: UTF8.self)
        guard recorded != text else { return nil }
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let recordedLine = line < old.count ? String(old[line]) : "<end of file>"
        let producedLine = line < new.count ? String(new[line]) : "<end of output>"
        return "\(name) differs from the recording at line \(line + 1):\n  recorded: \(recordedLine)\n  produced: \(producedLine)"
    }
}
