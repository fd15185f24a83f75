import CollectionView
import JSONModel
import Scenario
import ScrollSimService
import ScrollSimulation
import Testing

/// The typed records and their stored JSON: decode(encode(x)) == x for every kind, and stored
/// lines that are not records are named errors.
@Suite("input records")
struct InputRecordTests {
    static let inputs: [SimulationInput] = [
        .gesture(.fling(section: nil, velocity: 2500)), .gesture(.fling(section: "company", velocity: -3000.5)),
        .gesture(.drag(section: nil, by: -120, duration: 0.25)), .gesture(.drag(section: "expert", by: 400, duration: 1)),
        .gesture(.tap(section: "channels", item: 0)), .app(.scrollTo(section: "expert", item: 3)),
        .app(.apply(.appendItems(section: "company", count: 5), animatingDifferences: true)),
        .app(.apply(.deleteItems(section: "company", count: 2), animatingDifferences: false)),
        .app(.apply(.reloadItems(section: "consult", count: 1), animatingDifferences: true)),
        .app(.apply(.reconfigureItems(section: "consult", count: 3), animatingDifferences: false)),
        .app(.applyUsingReloadData),
        .rotate(width: 844, height: 390),
    ]

    @Test("every input survives its JSON spelling (the script step's)", arguments: inputs)
    func inputRoundTrip(_ input: SimulationInput) throws {
        #expect(try ScenarioParser().input(from: input.json, sections: nil) == input)
    }

    static let records: [InputRecord] =
        [
            .open(OpenRecord(simulation: "sim-1", scenario: "home", pinned: .object(["name": "home"]), seed: 7)),
            .open(
                OpenRecord(
                    simulation: "live-home-390x844", scenario: "home", viewport: ViewportSize(width: 390, height: 844),
                    policy: .uikit14, clock: .realtime, origin: 12.5, live: true)),
            .open(OpenRecord(simulation: "sim-2", definition: .object(["name": "inline"]), policy: .targeted)),
            .open(OpenRecord(simulation: "sim-3", scenario: "home", prefetch: 0)),
            .open(OpenRecord(simulation: "sim-4", scenario: "home", prefetch: 1.5)),
            .advance(simulation: "sim-1", to: 20.25), .close(simulation: "sim-2"), .clock(time: 3600),
        ] + inputs.map { .perform(simulation: "sim-1", at: 1.5, input: $0) }

    @Test("every record survives its stored JSON", arguments: records)
    func recordRoundTrip(_ record: InputRecord) throws {
        let line = record.json.encodedBytes()
        let parsed = try JSONValue.parse(line).get()
        #expect(try InputRecord(json: parsed) == record)
    }

    static let malformed: [(String, String)] = [
        (#"[1]"#, "not a record"), (#"{"op":"clock"}"#, "clock without a time"),
        (#"{"op":"advance","to":1}"#, "advance without a simulation"),
        (#"{"op":"advance","simulation":"sim-1","to":"soon"}"#, "advance of sim-1 without a time"),
        (
            #"{"op":"perform","simulation":"sim-1","at":1,"gesture":{"wave":{}}}"#,
            "perform on sim-1: gesture: expected exactly one of"
        ),
        (#"{"op":"open","simulation":"sim-1"}"#, "open of sim-1: no scenario or definition"),
        (#"{"op":"open","simulation":"sim-1","scenario":"home","policy":"fast"}"#, "open of sim-1: unknown policy fast"),
        (
            #"{"op":"open","simulation":"sim-1","scenario":"home","viewport":{"width":0,"height":5}}"#,
            "open of sim-1: invalid viewport"
        ),
        (#"{"op":"jump","simulation":"sim-1"}"#, "unknown record jump"),
    ]

    @Test("a stored line that is not a record is a named error", arguments: malformed)
    func malformedRecord(_ line: String, _ message: String) throws {
        let json = try JSONValue.parse(Array(line.utf8)).get()
        #expect {
            try InputRecord(json: json)
        } throws: { error in
            (error as? ReplayError)?.message.hasPrefix(message) == true
        }
    }
}
