import JSONModel

/// GetVisible's reply: the main scroll offset, each orthogonal row's offset (the interface's
/// `RowOffset`), and the live cells (visible or prefetched). The service builds it from this value
/// and clients decode it back.
public struct VisibleReply: Sendable, Hashable {
    public var contentOffset: Double
    /// Each orthogonal row's offset, in the scenario's section order.
    public var rows: [(section: String, offset: Double)]
    public var elements: [LayoutElement]

    public init(contentOffset: Double, rows: [(section: String, offset: Double)], elements: [LayoutElement]) {
        self.contentOffset = contentOffset
        self.rows = rows
        self.elements = elements
    }

    public static func == (a: VisibleReply, b: VisibleReply) -> Bool {
        a.contentOffset == b.contentOffset && a.elements == b.elements && a.rows.elementsEqual(b.rows) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentOffset)
        hasher.combine(elements)
        for row in rows {
            hasher.combine(row.section)
            hasher.combine(row.offset)
        }
    }

    public var parameters: [String: JSONValue] {
        [
            "contentOffset": .number(contentOffset),
            "rows": .array(rows.map { .object(["section": .string($0.section), "offset": .number($0.offset)]) }),
            "elements": .array(elements.map(\.json)),
        ]
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    public init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetVisible")
        self.init(
            contentOffset: try fields.required("contentOffset", \.numberValue),
            rows: try fields.objects("rows") { row throws(ReplyError) in
                (try row.required("section", \.stringValue), try row.required("offset", \.numberValue))
            },
            elements: try fields.objects("elements", LayoutElement.init))
    }
}
