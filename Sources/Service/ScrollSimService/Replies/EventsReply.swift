import JSONModel
import ScrollSimulation

/// GetEvents' reply: a page of the event log and how many records the log has held in all. The
/// service builds it from this value and clients decode it back.
package struct EventsReply: Sendable, Hashable {
    package var events: [SimulationRecord]
    /// Records the log has held since the simulation opened (the last one's sequence).
    package var total: Int
    /// The last sequence on the page, an event of a kind this build does not know included: where
    /// the next page starts.
    package var lastSequence: Int?

    package init(events: [SimulationRecord], total: Int, lastSequence: Int? = nil) {
        self.events = events
        self.total = total
        self.lastSequence = lastSequence ?? events.last?.sequence
    }

    package var parameters: [String: JSONValue] {
        ["events": .array(events.map(\.json)), "total": .number(Double(total))]
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type. Events of a
    ///   kind this build does not know (a newer daemon's) are left out.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetEvents")
        var last: Int?
        let events = try fields.objects("events") { event throws(ReplyError) -> SimulationRecord? in
            last = try event.required("sequence", \.integerValue)
            return try SimulationRecord(json: .object(event.fields))
        }
        self.init(events: events.compactMap { $0 }, total: try fields.required("total", \.integerValue), lastSequence: last)
    }
}
