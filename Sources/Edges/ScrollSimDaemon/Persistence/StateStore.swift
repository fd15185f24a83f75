import Foundation
import Glibc
import JSONModel
import Posix
import ScrollSimService

/// The simulations' input log in the state directory: one JSON record per line, appended before
/// the call that made it is answered, and rewritten compactly from time to time.
///
/// Each line is the record, a tab, and the CRC-32 of the record's bytes: a line whose bytes
/// changed, or that lost its checksum, is reported with its number, not replayed. (A file none of
/// whose lines has a checksum was written by a version before them, and is read as it is: JSON
/// never holds a raw tab, so one tab anywhere says the file is checksummed.)
///
/// Durability: an input is written with write(2) before it takes effect, and its reply waits
/// until an fdatasync(2) after the write has completed (`GroupCommit`, off the loop thread), so
/// neither `kill -9` nor a power cut loses an acknowledged input. Rewrites are atomic (temporary file,
/// fsync, rename, fsync of the directory): a crash leaves the old file or the new one, never a
/// mix. A torn last line (a crash or a full disk mid-append) is cut off on open.
final class StateStore {
    let directory: String
    let path: String
    private var fd: Int32 = -1
    /// Bytes in the file (where the next record goes).
    private(set) var size = 0

    static let fileName = "simulations.log"

    init(directory: String) {
        self.directory = directory
        self.path = directory + "/" + Self.fileName
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Opens (creating the directory and file if needed) and returns the records in order with
    /// their line numbers, and the problems found, each with its line number (a torn, damaged,
    /// unreadable or malformed line is reported and skipped).
    func open() throws(SystemCallError) -> (records: [InputRecord], lines: [Int], problems: [String]) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // A rewrite interrupted by a crash leaves its temporary file; the real one is intact.
        unlink(path + ".tmp")
        fd = try retrying("open \(path)") { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_APPEND | O_NOFOLLOW, 0o600) }
        // Only a regular file is the log: a FIFO or a device there would read as empty, and the
        // simulations in it would be lost without a word.
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            fd = -1
            throw SystemCallError("open \(path): not a regular file", errno: EINVAL)
        }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let checksummed = data.contains(UInt8(ascii: "\t"))
        var records: [InputRecord] = []
        var lines: [Int] = []
        var problems: [String] = []
        var good = 0
        var offset = 0
        var line = 0
        while offset < data.count {
            line += 1
            guard let newline = data[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
                problems.append("line \(line): torn record of \(data.count - offset) bytes cut off")
                break
            }
            var end = newline
            if let tab = data[offset..<newline].lastIndex(of: UInt8(ascii: "\t")) {
                let stored = String(decoding: data[(tab + 1)..<newline], as: UTF8.self)
                guard stored == CRC32.hex(CRC32.checksum(data[offset..<tab])) else {
                    problems.append("line \(line): checksum mismatch (the record's bytes changed on disk)")
                    offset = newline + 1
                    good = offset
                    continue
                }
                end = tab
            } else if checksummed {
                problems.append("line \(line): no checksum (the line was cut or edited on disk)")
                offset = newline + 1
                good = offset
                continue
            }
            switch JSONValue.parse(data[offset..<end]) {
            case .success(let json):
                do throws(ReplayError) {
                    records.append(try InputRecord(json: json))
                    lines.append(line)
                } catch {
                    problems.append("line \(line): \(error.message)")
                }
            case .failure(let error): problems.append("line \(line): \(error.message)")
            }
            offset = newline + 1
            good = offset
        }
        if good < data.count { try retrying("ftruncate \(path)") { ftruncate(fd, off_t(good)) } }
        size = good
        return (records, lines, problems)
    }

    /// The open file, for `GroupCommit`'s syncs (nil before `open`).
    var fileDescriptor: Int32? { fd >= 0 ? fd : nil }

    /// Appends one record with write(2): in the page cache when this returns, on disk once a
    /// later fdatasync completes (`GroupCommit` runs those off the loop). A failed append leaves
    /// the file as it was (a partial line is cut off again).
    func append(_ record: InputRecord) throws(SystemCallError) {
        let bytes = Self.line(record)
        do {
            try FileDescriptor(fd).writeAll(bytes, name: path)
            size += bytes.count
            tail?.append(record)
        } catch {
            _ = ftruncate(fd, off_t(size))
            throw error
        }
    }

    /// Bytes the file's file system has free for the daemon (nil when it cannot tell).
    var freeBytes: Int? { fd >= 0 ? Self.freeBytes(of: fd) : nil }

    static func freeBytes(of fd: Int32) -> Int? {
        var info = statvfs()
        guard fstatvfs(fd, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// fdatasync(2) on the calling thread (at shutdown, when the final rewrite failed).
    func syncNow() throws(SystemCallError) {
        try retrying("fdatasync \(path)") { fdatasync(fd) }
    }

    /// Replaces the file with `records`, atomically, on the calling thread (at start and stop).
    func rewrite(_ records: [InputRecord]) throws(SystemCallError) {
        let written = try Self.writeTemporary(path + ".tmp", records: records)
        try replace(withTemporary: written)
    }

    /// The records appended while a background rewrite runs (nil when none runs): they are in
    /// the old file and go into the new one before it replaces the old.
    private(set) var tail: [InputRecord]?

    /// Starts a rewrite whose file is written elsewhere (`writeTemporary` on a worker thread):
    /// from now on appends are also kept for `finishRewrite`.
    func beginRewrite() -> String {
        tail = []
        return path + ".tmp"
    }

    /// Writes `records` to `temporary` and fsyncs it; returns its size. Touches nothing of the
    /// store's, so it runs on any thread.
    static func writeTemporary(_ temporary: String, records: [InputRecord]) throws(SystemCallError) -> Int {
        var bytes: [UInt8] = []
        for record in records { bytes.append(contentsOf: line(record)) }
        let out = try retrying("open \(temporary)") {
            Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        defer { Glibc.close(out) }
        do throws(SystemCallError) {
            // A copy that cannot fit is not written only to fail at the end.
            if let free = freeBytes(of: out), free < bytes.count { throw SystemCallError("write \(temporary)", errno: ENOSPC) }
            try FileDescriptor(out).writeAll(bytes, name: temporary)
            try retrying("fsync \(temporary)") { fsync(out) }
        } catch {
            unlink(temporary)
            throw error
        }
        return bytes.count
    }

    /// Ends a background rewrite: appends the records written meanwhile to the new file, syncs
    /// them (a few records: quick), and puts the new file in place of the old. On failure the
    /// old file stays, whole (every record went to it too).
    func finishRewrite(_ written: Result<Int, SystemCallError>) throws(SystemCallError) {
        let records = tail ?? []
        tail = nil
        let temporary = path + ".tmp"
        var size = try written.get()
        if !records.isEmpty {
            var bytes: [UInt8] = []
            for record in records { bytes.append(contentsOf: Self.line(record)) }
            let out = try retrying("open \(temporary)") { Glibc.open(temporary, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW) }
            defer { Glibc.close(out) }
            do {
                try FileDescriptor(out).writeAll(bytes, name: temporary)
                try retrying("fdatasync \(temporary)") { fdatasync(out) }
            } catch {
                unlink(temporary)
                throw error
            }
            size += bytes.count
        }
        try replace(withTemporary: size)
    }

    /// Renames the synced temporary file over the file, syncs the directory, reopens.
    private func replace(withTemporary size: Int) throws(SystemCallError) {
        let temporary = path + ".tmp"
        do {
            try retrying("rename \(temporary)") { rename(temporary, path) }
        } catch {
            unlink(temporary)
            throw error
        }
        let dir = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            Glibc.close(dir)
        }
        Glibc.close(fd)
        fd = try retrying("open \(path)") { Glibc.open(path, O_RDWR | O_CLOEXEC | O_APPEND | O_NOFOLLOW) }
        self.size = size
    }

    /// One stored line: the record, a tab, its CRC-32, a newline.
    static func line(_ record: InputRecord) -> [UInt8] {
        var bytes = [UInt8](record.json.encoded())
        let checksum = CRC32.hex(CRC32.checksum(bytes))
        bytes.append(UInt8(ascii: "\t"))
        bytes.append(contentsOf: checksum.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Keeps a copy of the file as it is, next to it, named with the time: a damaged file is
    /// preserved before the start-up compaction rewrites it without what could not be read.
    /// Returns the copy's path.
    func preserveCopy(now: Double) throws(SystemCallError) -> String {
        let copy = path + ".damaged-\(Int(now))"
        // Only a regular file is the log: a FIFO or a device there would read as empty, and the
        // simulations in it would be lost without a word.
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            fd = -1
            throw SystemCallError("open \(path): not a regular file", errno: EINVAL)
        }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let checksummed = data.contains(UInt8(ascii: "\t"))
        let out = try retrying("open \(copy)") { Glibc.open(copy, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        defer { Glibc.close(out) }
        try FileDescriptor(out).writeAll([UInt8](data), name: copy)
        try retrying("fsync \(copy)") { fsync(out) }
        return copy
    }
}
