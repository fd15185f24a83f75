import CollectionView
import JSONModel
import Scenario

/// One run of a Profile reply, as the interface's `ProfileRun` type says: a policy on a viewport,
/// its counts in total and per section, its warnings, and what one appended page cost.
package struct ProfileRunReply: Sendable, Hashable {
    package var policy: String
    package var width: Double
    package var height: Double
    package var counts: Counts
    package var sections: [SectionCounts]
    package var warnings: [String]
    /// Section-provider calls per page a feed appended; nil when no page was appended.
    package var sectionProviderPerAppend: Double?
    /// A flow layout's `sizeForItemAt` calls per page appended; nil when no page was appended.
    package var sizeForItemPerAppend: Double?

    package init(
        policy: String, width: Double, height: Double, counts: Counts, sections: [SectionCounts], warnings: [String],
        sectionProviderPerAppend: Double?, sizeForItemPerAppend: Double?
    ) {
        self.policy = policy
        self.width = width
        self.height = height
        self.counts = counts
        self.sections = sections
        self.warnings = warnings
        self.sectionProviderPerAppend = sectionProviderPerAppend
        self.sizeForItemPerAppend = sizeForItemPerAppend
    }

    package var json: JSONValue {
        .object([
            "policy": .string(policy), "viewport": .object(["width": .number(width), "height": .number(height)]),
            "counts": .object(counts.jsonFields), "sections": .array(sections.map(\.json)),
            "warnings": .array(warnings.map(JSONValue.string)),
            "sectionProviderPerAppend": sectionProviderPerAppend.map(JSONValue.number) ?? .null,
            "sizeForItemPerAppend": sizeForItemPerAppend.map(JSONValue.number) ?? .null,
        ])
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue, index: Int) throws(ReplyError) {
        try self.init(try ReplyFields(json, "Profile.runs[\(index)]"))
    }

    init(_ fields: ReplyFields) throws(ReplyError) {
        let viewport = try fields.object("viewport")
        self.init(
            policy: try fields.required("policy", \.stringValue), width: try viewport.required("width", \.numberValue),
            height: try viewport.required("height", \.numberValue), counts: try fields.counts("counts"),
            sections: try fields.sectionCounts("sections"), warnings: try fields.strings("warnings"),
            sectionProviderPerAppend: try fields.optional("sectionProviderPerAppend", \.numberValue),
            sizeForItemPerAppend: try fields.optional("sizeForItemPerAppend", \.numberValue))
    }

    /// Every run of a Profile reply's parameters.
    package static func runs(_ reply: [String: JSONValue]) throws(ReplyError) -> [ProfileRunReply] {
        try ReplyFields(.object(reply), "Profile").objects("runs", ProfileRunReply.init)
    }
}
