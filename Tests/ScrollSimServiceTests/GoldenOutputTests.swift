import CollectionView
import Foundation
import JSONModel
import Scenario
import ScenarioFiles
import ScrollSimService
import ScrollSimulation
import TestSupport
import Testing
import Varlink

/// Every shipped scenario's counts, warnings and whole event log under each policy, compared with
/// recordings (`Golden/`), so changes to the runner, the engine or the service that must not change
/// behaviour are proven not to, byte for byte. A deliberate change re-records them
/// (`SCROLLSIM_RECORD_GOLDEN=1`) and the diff shows what moved.
@Suite("golden outputs")
struct GoldenOutputTests {
    static let directory = root.appendingPathComponent("Tests/ScrollSimServiceTests/Golden")
    static let catalog = ScenarioCatalog.directory(scenarioDirectory)
    static let seconds = 30.0

    static var cases: [(String, String)] {
        catalog.names().flatMap { name in InvalidationPolicy.allCases.map { (name, $0.rawValue) } }
    }

    /// A simulation as text: counts in total and per section, warnings, then every retained event.
    static func transcript(_ simulation: ScenarioSimulation, sections: [String]) -> String {
        var lines: [String] = []
        let counts = simulation.counts
        lines.append("time \(simulation.time)")
        lines.append("total " + counts.total.named.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        for section in sections {
            let named = (counts.sections[section] ?? Counts()).named
            lines.append("section \(section) " + named.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        }
        for warning in simulation.warnings { lines.append("warning \(warning)") }
        lines.append("events \(simulation.log.total)")
        for record in simulation.log.records {
            lines.append(
                "\(record.sequence) \(record.time) \(record.kind.rawValue) \(record.section ?? "-") \(record.item.map(String.init) ?? "-") \(record.detail) | \(record.cause)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("each shipped scenario under each policy: counts, warnings and events as recorded", arguments: cases)
    func scenario(_ name: String, _ policy: String) throws {
        let scenario = try Self.catalog.load(name)
        let simulation = try ScenarioSimulation(
            spec: scenario.simulationSpec(policy: InvalidationPolicy(rawValue: policy)!), seed: 0, logCapacity: 100_000)
        try simulation.advance(to: Self.seconds)
        let text = Self.transcript(simulation, sections: scenario.sections.map(\.id))
        let mismatch = GoldenFile.mismatch(text, name: "\(name)-\(policy).txt", directory: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Through the service: opened, advanced in uneven steps, a gesture performed, closed and
    /// reopened from the compacted records; the replayed simulation's counts are the recorded ones
    /// and equal the original's.
    @Test("home through the service, replayed from its compacted records: counts as recorded")
    func serviceReplay() throws {
        let service = try makeService()
        var records: [InputRecord] = []
        service.persist = { records.append($0) }
        let opened = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":3}}"#))
        let id = try #require(opened["simulation"]?.objectValue?["simulation"]?.stringValue)
        for seconds in [0.7, 2.3, 4] {
            _ = try call(
                service,
                #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"\#(id)","seconds":\#(seconds)}}"#)
        }
        _ = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"\#(id)","gesture":{"fling":{"section":"company","velocity":4200}}}}"#
        )
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"\#(id)","seconds":13}}"#)
        let original = try #require(service.simulation(id))
        let sections = ["consult", "company", "expert"]
        let text = Self.transcript(original, sections: sections)

        let replayed = try makeService()
        for record in service.compactRecords(clock: 0) { try replayed.replay(record) }
        let again = try #require(replayed.simulation(id))
        #expect(Self.transcript(again, sections: sections) == text)
        let mismatch = GoldenFile.mismatch(text, name: "service-home-replay.txt", directory: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(records.count == 6)
    }
}
