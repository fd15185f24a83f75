import CommandLineSpec
import Foundation

/// A file a command writes (`render --output`, `profile --svg`, `trace --output`): checked before
/// the command does its work, so a wrong path fails at once, with the reason in plain words.
enum OutputFile {
    /// Refuses a path whose extension names another format than the one written (an SVG in a
    /// `.png`), and one whose directory is missing or not writable (73).
    static func check(_ path: String, format: String, option: String) throws {
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        if !fileExtension.isEmpty, fileExtension != format {
            throw UsageError(
                "--\(option) \(path): this writes \(format.uppercased()), not .\(fileExtension); name the file .\(format)"
                    + (format == "svg" && fileExtension == "png" ? " (or --format png)" : ""))
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ClientError.cannotWrite("cannot write \(path): no such directory \(directory)")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw ClientError.cannotWrite("cannot write \(path): the directory \(directory) is not writable")
        }
    }

    /// Writes `data` to `path`, replacing what was there.
    static func write(_ data: Data, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            let reason = String(cString: strerror(errno))
            throw ClientError.cannotWrite("cannot write \(path): \(reason)")
        }
    }
}
