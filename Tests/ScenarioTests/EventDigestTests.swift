import Foundation
import Scenario
import ScrollSimulation
import TestSupport
import Testing

/// Performance work on the engine, the data source and the daemon must not change what a
/// simulation does (issue 16: "counts, events and replays byte-identical"). Every shipped
/// scenario runs 20 s on the three standard viewports; each run's whole event log (every field of
/// every record) is reduced to a 64-bit FNV-1a digest and compared with the recorded one, with the
/// record count and the total counts. A change that alters one event names the scenario and
/// viewport. Re-record deliberately: `SCROLLSIM_RECORD_GOLDEN=1 swift test --filter EventDigestTests`.
@Suite("event digests")
struct EventDigestTests {
    /// FNV-1a over bytes: stable across runs, processes and machines (unlike `Hasher`).
    struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes {
                value ^= UInt64(byte)
                value = value &* 0x100_0000_01b3
            }
        }
        mutating func add(_ text: String) {
            add(text.utf8)
            add([0])
        }
        mutating func add(_ number: UInt64) { withUnsafeBytes(of: number.littleEndian) { add($0) } }
    }

    static func line(_ name: String, _ run: ScenarioRun) -> String {
        var digest = Digest()
        let records = run.simulation.log.records
        for record in records {
            digest.add(UInt64(record.sequence))
            digest.add(record.time.bitPattern)
            digest.add(record.kind.rawValue)
            digest.add(record.section ?? "-")
            digest.add(UInt64(bitPattern: Int64(record.item ?? -1)))
            digest.add(record.detail)
            digest.add(record.cause)
        }
        let total = run.simulation.counts.total
        return
            "\(name) \(Int(run.viewport.width))x\(Int(run.viewport.height)): \(records.count) records of \(run.simulation.log.total), "
            + "digest \(String(digest.value, radix: 16)), sectionProvider \(total.sectionProvider), "
            + "cellProvider \(total.cellProvider), layoutPasses \(total.layoutPasses), frames \(total.frames)"
    }

    @Test("every shipped scenario's event log, digested, is the recorded one on every standard viewport")
    func digests() throws {
        var lines: [String] = []
        for name in shippedCatalog.names() {
            let scenario = try shippedCatalog.load(name)
            for run in try scenario.run(RunPlan(scenario), seconds: 20, seed: 1) {
                lines.append(Self.line(name, run))
            }
        }
        #expect(lines.count == 3 * shippedCatalog.names().count)
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let mismatch = GoldenFile.mismatch(lines.joined(separator: "\n") + "\n", name: "event-digests.txt", directory: directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
