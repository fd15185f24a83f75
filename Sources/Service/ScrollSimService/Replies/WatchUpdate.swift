import CollectionView
import JSONModel
import Scenario
import ScrollSimulation

/// One reply of a Watch stream: one event, one counts update, or the simulation's closing, with how
/// many events were dropped before it for a reader too slow. The stream builds its replies from
/// this value and clients decode them back.
package struct WatchUpdate: Sendable, Hashable {
    package enum Content: Sendable, Hashable {
        case event(SimulationRecord)
        case counts(Counts)
        case closed
    }

    package var simulation: String
    package var time: Double
    package var content: Content
    /// Events dropped since the previous reply.
    package var dropped: Int?

    package init(simulation: String, time: Double, _ content: Content, dropped: Int? = nil) {
        self.simulation = simulation
        self.time = time
        self.content = content
        self.dropped = dropped
    }

    package var parameters: [String: JSONValue] {
        var fields: [String: JSONValue] = ["simulation": .string(simulation), "time": .number(time)]
        switch content {
        case .event(let record): fields["event"] = record.json
        case .counts(let counts): fields["counts"] = .object(counts.jsonFields)
        case .closed: fields["closed"] = true
        }
        if let dropped { fields["dropped"] = .number(Double(dropped)) }
        return fields
    }

    /// Decodes a stream reply; nil for one this build cannot show (an event of a kind a newer
    /// daemon added).
    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init?(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "Watch")
        let content: Content
        if fields.has("event") {
            guard let record = try SimulationRecord(json: fields.fields["event"] ?? .null) else { return nil }
            content = .event(record)
        } else if fields.has("counts") {
            content = .counts(try fields.counts("counts"))
        } else if try fields.optional("closed", \.boolValue) == true {
            content = .closed
        } else {
            throw ReplyError("Watch: expected an event, counts or closed")
        }
        self.init(
            simulation: try fields.required("simulation", \.stringValue), time: try fields.required("time", \.numberValue),
            content, dropped: try fields.optional("dropped", \.integerValue))
    }
}
