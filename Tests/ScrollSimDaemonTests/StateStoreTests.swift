import Foundation
import JSONModel
import Posix
import ScrollSimService
import TestSupport
import Testing

@testable import ScrollSimDaemon

@Suite("state file")
struct StateStoreTests {
    static func record(_ n: Int) -> InputRecord { .advance(simulation: "sim-1", to: Double(n)) }

    @Test("a state file that is a symbolic link is refused, not followed (O_NOFOLLOW): the daemon never writes through it")
    func symlinkRefused() throws {
        let directory = try Scratch.directory("state-symlink")
        defer { Scratch.remove(directory) }
        let target = directory.appendingPathComponent("elsewhere")
        try "precious\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(StateStore.fileName).path, withDestinationPath: target.path)
        #expect(throws: SystemCallError.self) { _ = try StateStore(directory: directory.path).open() }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }

    @Test("records survive a reopen in order; a torn last line is reported and cut off, so appends stay valid")
    func tornTail() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let store = StateStore(directory: directory.path)
        #expect(try store.open().records.isEmpty)
        for n in 1...5 { try store.append(Self.record(n)) }
        // A crash mid-append: half a record at the end.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"op":"adv"#.utf8))
        try handle.close()
        let reopened = StateStore(directory: directory.path)
        let (records, _, problems) = try reopened.open()
        #expect(records == (1...5).map(Self.record))
        #expect(problems.count == 1 && problems[0].contains("torn record"))
        try reopened.append(Self.record(6))
        let again = try StateStore(directory: directory.path).open()
        #expect(again.records == (1...6).map(Self.record) && again.problems.isEmpty)
    }

    @Test("a rewrite replaces the file atomically and leaves no temporary file; appends continue after it")
    func rewrite() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let store = StateStore(directory: directory.path)
        _ = try store.open()
        for n in 1...100 { try store.append(Self.record(n)) }
        try store.rewrite([Self.record(100)])
        try store.append(Self.record(101))
        #expect(try StateStore(directory: directory.path).open().records == [Self.record(100), Self.record(101)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [StateStore.fileName])
    }

    @Test(
        "a background rewrite: the new file is written elsewhere while appends go on; the appends made meanwhile end up in it; a failed one leaves the old file whole"
    )
    func backgroundRewrite() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let store = StateStore(directory: directory.path)
        _ = try store.open()
        for n in 1...100 { try store.append(Self.record(n)) }
        let temporary = store.beginRewrite()
        // What the worker thread does, while the loop appends 101 and 102.
        let written = Result { () throws(SystemCallError) in try StateStore.writeTemporary(temporary, records: [Self.record(100)])
        }
        try store.append(Self.record(101))
        try store.append(Self.record(102))
        try store.finishRewrite(written)
        #expect(store.tail == nil)
        try store.append(Self.record(103))
        #expect(try StateStore(directory: directory.path).open().records == (100...103).map(Self.record))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [StateStore.fileName])

        // A rewrite whose file could not be written: the old file has every record.
        _ = store.beginRewrite()
        try store.append(Self.record(104))
        #expect(throws: SystemCallError.self) { try store.finishRewrite(.failure(SystemCallError("write", errno: ENOSPC))) }
        try store.append(Self.record(105))
        #expect(try StateStore(directory: directory.path).open().records == (100...105).map(Self.record))
    }

    @Test("a state directory that cannot be written is an error, not a crash")
    func unwritable() throws {
        let store = StateStore(directory: "/proc/scrollsimd-state")
        #expect(throws: SystemCallError.self) { try store.open() }
    }

    @Test("a line that is JSON but not a record is reported with its line number and skipped; the others are kept")
    func malformedRecord() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let text = """
            {"op":"advance","simulation":"sim-1","to":1}
            {"op":"advance","simulation":"sim-1"}
            {"op":"teleport","simulation":"sim-1"}
            {"op":"advance","simulation":"sim-1","to":2}

            """
        try Data(text.utf8).write(to: directory.appendingPathComponent(StateStore.fileName))
        let (records, _, problems) = try StateStore(directory: directory.path).open()
        #expect(records == [Self.record(1), Self.record(2)])
        #expect(problems == ["line 2: advance of sim-1 without a time", "line 3: unknown record teleport"])
    }
}

@Suite("compaction policy")
struct CompactionPolicyTests {
    @Test("a state larger than the old fixed 4 MiB is compacted when it doubles, not on every checkpoint (issue 19, point 2)")
    func relativeThreshold() {
        var policy = CompactionPolicy()
        #expect(!policy.isDue(size: 500_000, at: 0))  // under the 1 MiB floor
        #expect(policy.isDue(size: 2 << 20, at: 0))
        // A 61 MB state after compaction: the next rewrite waits until 122 MB, where a fixed
        // threshold rewrote 61 MB every second.
        policy.compacted(size: 61_000_000)
        #expect(!policy.isDue(size: 61_000_000 + 5_000_000, at: 0))
        #expect(policy.isDue(size: 122_000_000, at: 0))
        // Appending A bytes at state size S rewrites at most ~2S + A over any run: simulate a
        // steady append rate and count bytes rewritten.
        var size = 10_000_000
        var rewritten = 0
        var appended = 0
        var p = CompactionPolicy()
        p.compacted(size: size)
        for _ in 0..<10_000 {
            size += 1_000
            appended += 1_000
            if p.isDue(size: size, at: 0) {
                size = 10_000_000  // compaction leaves the live state
                rewritten += size
                p.compacted(size: size)
            }
        }
        #expect(rewritten <= appended + 10_000_000)
    }

    @Test("a failed compaction is tried again after a back-off (1 s doubling to 30 s), not once the log doubled: a full disk never lets it grow")
    func retryAfterFailure() {
        var policy = CompactionPolicy()
        policy.compacted(size: 2 << 20)
        #expect(policy.isDue(size: 4 << 20, at: 100))
        policy.failed(at: 100)
        #expect(!policy.isDue(size: 4 << 20, at: 100.5))
        #expect(policy.isDue(size: 4 << 20, at: 101))
        policy.failed(at: 101)
        #expect(!policy.isDue(size: 4 << 20, at: 102.9))
        #expect(policy.isDue(size: 4 << 20, at: 103))
        for _ in 0..<10 { policy.failed(at: 1_000) }
        #expect(!policy.isDue(size: 4 << 20, at: 1_029))
        #expect(policy.isDue(size: 4 << 20, at: 1_030))
        policy.compacted(size: 3 << 20)
        #expect(!policy.isDue(size: 4 << 20, at: 1_030))
    }

    @Test("short of space, a log holding a quarter more than the state is compacted at once; the space kept is twice the compacted state, at least 64 KiB")
    func shortOfSpace() {
        var policy = CompactionPolicy()
        #expect(policy.reserve == 64 << 10)
        policy.compacted(size: 100_000)
        #expect(policy.reserve == 200_000)
        #expect(!policy.isDue(size: 110_000, at: 0, short: true))
        #expect(policy.isDue(size: 130_000, at: 0, short: true))
        #expect(!policy.isDue(size: 130_000, at: 0))  // far under the 1 MiB floor otherwise
    }
}

@Suite("state file checksums")
struct StateChecksumTests {
    @Test(
        "each line carries a CRC-32: a flipped byte or a line that lost its checksum is reported with its line number and skipped"
    )
    func flippedByte() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let store = StateStore(directory: directory.path)
        _ = try store.open()
        for n in 1...3 { try store.append(StateStoreTests.record(n)) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store.path)))
        let secondLine = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1
        // "to":2 becomes "to":7 — valid JSON, a different record.
        let digit = bytes[secondLine...].firstIndex(of: UInt8(ascii: "2"))!
        bytes[digit] = UInt8(ascii: "7")
        bytes.append(contentsOf: Array(#"{"op":"advance","simulation":"sim-1","to":4}"#.utf8) + [UInt8(ascii: "\n")])
        try Data(bytes).write(to: URL(fileURLWithPath: store.path))
        let (records, lines, problems) = try StateStore(directory: directory.path).open()
        #expect(records == [StateStoreTests.record(1), StateStoreTests.record(3)])
        #expect(lines == [1, 3])
        #expect(
            problems == [
                "line 2: checksum mismatch (the record's bytes changed on disk)",
                "line 4: no checksum (the line was cut or edited on disk)",
            ])
        #expect(CRC32.hex(CRC32.checksum(Array("123456789".utf8))) == "cbf43926")  // the standard check value
    }

    @Test("a file none of whose lines has a checksum (written before them) is read as it is")
    func olderFile() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let lines = (1...3).map { #"{"op":"advance","simulation":"sim-1","to":\#($0)}"# + "\n" }.joined()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try lines.write(toFile: directory.path + "/" + StateStore.fileName, atomically: true, encoding: .utf8)
        let (records, _, problems) = try StateStore(directory: directory.path).open()
        #expect(records == (1...3).map(StateStoreTests.record))
        #expect(problems.isEmpty)
    }

    @Test("a state log that is not a regular file (a FIFO) is refused with the reason, not read as empty")
    func notRegular() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(mkfifo(directory.path + "/" + StateStore.fileName, 0o600) == 0)
        #expect(throws: SystemCallError.self) { try StateStore(directory: directory.path).open() }
        do {
            _ = try StateStore(directory: directory.path).open()
        } catch {
            #expect("\(error)".contains("not a regular file"))
        }
    }

    @Test("a damaged file can be kept as it was next to itself")
    func preserved() throws {
        let directory = try Scratch.directory("state")
        defer { Scratch.remove(directory) }
        let store = StateStore(directory: directory.path)
        _ = try store.open()
        try store.append(StateStoreTests.record(1))
        let copy = try store.preserveCopy(now: 1_700_000_000)
        #expect(copy.hasSuffix("simulations.log.damaged-1700000000"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: store.path)))
    }
}
