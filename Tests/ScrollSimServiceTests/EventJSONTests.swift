import JSONModel
import ScrollSimService
import ScrollSimulation
import Testing

/// The `Event` type both sides read: what the service sends, a client decodes to the same record.
@Suite("Event replies")
struct EventJSONTests {
    static let records = [
        SimulationRecord(
            sequence: 1, time: 0, kind: .layoutPass, section: nil, item: nil,
            detail: "pass=1 reason=initial resolved=albums,photos sizeForItemAt=6", cause: "initial",
            facts: .layoutPass(number: 1, sections: ["albums", "photos"], resolvedInternally: true, sizeForItemCalls: 6)),
        SimulationRecord(
            sequence: 2, time: 1.5, kind: .request, section: "photos", item: nil, detail: "issued page=2 attempt=1",
            cause: "frame", facts: .request(.issued, page: 2)),
        SimulationRecord(
            sequence: 3, time: 2, kind: .request, section: nil, item: nil, detail: "completed https://example.com",
            cause: "app", facts: .request(.completed, page: nil)),
        SimulationRecord(
            sequence: 4, time: 2, kind: .cell, section: "photos", item: 7, detail: "created cell=3 reason=appeared",
            cause: "frame"),
    ]

    @Test("a record survives its JSON, facts included; facts appear only on the kinds that state them", arguments: records)
    func roundTrip(_ record: SimulationRecord) throws {
        let json = record.json
        #expect(try SimulationRecord(json: json) == record)
        let fields = try #require(json.objectValue)
        #expect((fields["layoutPass"] != nil) == (record.kind == .layoutPass))
        #expect((fields["request"] != nil) == (record.kind == .request))
    }

    @Test("a kind this build does not know is skipped; a missing field or a bad step is an error naming it")
    func malformed() throws {
        var fields = try #require(Self.records[1].json.objectValue)
        fields["kind"] = "hologram"
        #expect(try SimulationRecord(json: .object(fields)) == nil)
        fields = try #require(Self.records[1].json.objectValue)
        fields["request"] = .object(["step": "teleported"])
        #expect(throws: ReplyError.self) { try SimulationRecord(json: .object(fields)) }
        fields = try #require(Self.records[1].json.objectValue)
        fields.removeValue(forKey: "cause")
        #expect(throws: ReplyError("Event.cause: missing or mistyped")) { try SimulationRecord(json: .object(fields)) }
    }
}
