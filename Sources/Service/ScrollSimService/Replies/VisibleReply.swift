import JSONModel

/// GetVisible's reply: the main scroll offset, each orthogonal row's offset (the interface's
/// `RowOffset`), and the live cells (visible or prefetched). The service builds it from this value
/// and clients decode it back.
package struct VisibleReply: Sendable, Hashable {
    /// An orthogonal row's scroll offset, as the interface's `RowOffset` type says.
    package struct RowOffset: Sendable, Hashable {
        package var section: String
        package var offset: Double

        package init(section: String, offset: Double) {
            self.section = section
            self.offset = offset
        }
    }

    package var contentOffset: Double
    /// Each orthogonal row's offset, in the scenario's section order.
    package var rows: [RowOffset]
    package var elements: [LayoutElement]

    package init(contentOffset: Double, rows: [RowOffset], elements: [LayoutElement]) {
        self.contentOffset = contentOffset
        self.rows = rows
        self.elements = elements
    }

    package var parameters: [String: JSONValue] {
        [
            "contentOffset": .number(contentOffset),
            "rows": .array(rows.map { .object(["section": .string($0.section), "offset": .number($0.offset)]) }),
            "elements": .array(elements.map(\.json)),
        ]
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetVisible")
        self.init(
            contentOffset: try fields.required("contentOffset", \.numberValue),
            rows: try fields.objects("rows") { row throws(ReplyError) in
                RowOffset(section: try row.required("section", \.stringValue), offset: try row.required("offset", \.numberValue))
            },
            elements: try fields.objects("elements", LayoutElement.init))
    }
}
