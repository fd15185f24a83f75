import CollectionView
import JSONModel
import Scenario

/// GetCounts' reply: the counts in total and per section (in the scenario's order), and how far a
/// realtime simulation trails the clock when it does by `SimulatorService.behindThreshold` or more.
/// The service builds the reply from this value and clients decode it back.
package struct CountsReply: Sendable, Hashable {
    package var total: Counts
    package var sections: [SectionCounts]
    package var behind: Double?

    package init(total: Counts, sections: [SectionCounts], behind: Double? = nil) {
        self.total = total
        self.sections = sections
        self.behind = behind
    }

    /// The reply's parameters (`behind` only when set).
    package var parameters: [String: JSONValue] {
        var fields: [String: JSONValue] = ["total": .object(total.jsonFields), "sections": .array(sections.map(\.json))]
        if let behind { fields["behind"] = .number(behind) }
        return fields
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetCounts")
        self.init(
            total: try fields.counts("total"), sections: try fields.sectionCounts("sections"),
            behind: try fields.optional("behind", \.numberValue))
    }
}
