import JSONModel
import ScrollSimulation

/// GetEvents' reply: a page of the event log and how many records the log has held in all. The
/// service builds it from this value and clients decode it back.
public struct EventsReply: Sendable, Hashable {
    public var events: [SimulationRecord]
    /// Records the log has held since the simulation opened (the last one's sequence).
    public var total: Int
    /// The last sequence on the page, an event of a kind this build does not know included: where
    /// the next page starts.
    public var lastSequence: Int?

    public init(events: [SimulationRecord], total: Int, lastSequence: Int? = nil) {
        self.events = events
        self.total = total
        self.lastSequence = lastSequence ?? events.last?.sequence
    }

    public var parameters: [String: JSONValue] {
        ["events": .array(events.map(\.json)), "total": .number(Double(total))]
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type. Events of a
    ///   kind this build does not know (a newer daemon's) are left out.
    public init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetEvents")
        var last: Int?
        let events = try fields.objects("events") { event throws(ReplyError) -> SimulationRecord? in
            last = try event.required("sequence", \.integerValue)
            return try SimulationRecord(json: .object(event.fields))
        }
        self.init(events: events.compactMap { $0 }, total: try fields.required("total", \.integerValue), lastSequence: last)
    }
}
