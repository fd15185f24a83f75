import Foundation

/// Runs programs from tests: the built products (`scrollsimd`, `scrollsimctl`, …), Python and
/// shell tools. One runner for every test target, so each test says only what it runs.
public enum ProcessRunner {
    /// What a finished program left.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// stdout then stderr, for messages.
        public var output: String { stdout + stderr }
    }

    /// The repository's root (the directory holding Package.swift).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// A product `swift test` built next to the test bundle (a test target that depends on it
    /// makes `swift test` build it); nil when it is not there.
    public static func builtProduct(_ name: String) -> String? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path,
            repositoryRoot.appendingPathComponent(".build/debug/\(name)").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to its end. `executable` without a slash is looked up on PATH.
    /// - Parameters:
    ///   - environment: variables added to this process's environment.
    ///   - input: written to its standard input, which is then closed.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        input: String? = nil
    ) throws -> Result {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        process.currentDirectoryURL = directory ?? repositoryRoot
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Both pipes are drained at once: a program filling one while we wait on the other would
        // block forever.
        let errData = LockedData()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.set(drain(err.fileHandleForReading))
            errDone.signal()
        }
        let stdout = drain(out.fileHandleForReading)
        errDone.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// Reads a pipe to its end. `readDataToEndOfFile()` traps when a read is interrupted by a signal
/// (EINTR, seen when several test processes end at once); this retries instead.
private func drain(_ handle: FileHandle) -> Data {
    var data = Data()
    while true {
        do {
            guard let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return data }
            data.append(chunk)
        } catch let error as NSError where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EINTR) {
            continue
        } catch {
            return data
        }
    }
}

/// A Data box handed between the reading thread and the caller (written once, read after a
/// semaphore: the lock only makes that ordering explicit to the compiler).
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
