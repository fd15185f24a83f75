import Foundation
import Testing

/// The whole suite again under AddressSanitizer and under ThreadSanitizer (`swift test
/// --sanitize=…`, each in its own build directory), the daemon's integration scripts included —
/// they start the sanitized binaries. Timing and memory bounds are the sanitizers' there, so the
/// scripts only print them (SCROLLSIM_SANITIZED); the nspawn test and the fuzz smoke run are left
/// to the plain run. LeakSanitizer is off: it reports the tagged pointers of Swift's indirect enums
/// and Foundation's buffers alive at exit as leaks.
@Suite("sanitizers", .serialized)
struct SanitizerTests {
    static let nested = ProcessInfo.processInfo.environment["SCROLLSIM_SANITIZED"] != nil
    static let wanted = ProcessInfo.processInfo.environment["SCROLLSIM_SKIP_SANITIZERS"] == nil

    @Test(
        "the test suite is clean under a sanitizer",
        .enabled(if: !nested && wanted, "inside a sanitizer run, or SCROLLSIM_SKIP_SANITIZERS"),
        arguments: ["address", "thread"])
    func suite(_ sanitizer: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "test", "--sanitize=\(sanitizer)", "--scratch-path",
            repositoryRoot.appendingPathComponent(".build-\(sanitizer)").path,
            "--skip", "SanitizerTests",
        ]
        process.currentDirectoryURL = repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SCROLLSIM_SANITIZED"] = sanitizer
        environment["SCROLLSIM_SKIP_FUZZ"] = "1"
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        environment["TSAN_OPTIONS"] = "halt_on_error=0"
        process.environment = environment
        let log = repositoryRoot.appendingPathComponent(".build-\(sanitizer).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        let reports = text.split(separator: "\n").filter {
            $0.contains("ERROR: AddressSanitizer") || $0.contains("WARNING: ThreadSanitizer")
        }
        let summary = text.split(separator: "\n").last { $0.contains("Test run with") } ?? "no summary"
        print("\(sanitizer): \(summary); \(reports.count) sanitizer reports (log: \(log.path))")
        #expect(reports.isEmpty, "\(reports.prefix(5).joined(separator: "\n"))")
        #expect(process.terminationStatus == 0, "\(summary) — see \(log.path)")
    }
}
