import CompositionalLayout
import JSONModel

/// GetLayout's reply: the content size, each section's frame and shape, and the elements (all, or
/// those in the asked rectangle). The service builds it from this value and clients decode it back.
package struct LayoutReply: Sendable, Hashable {
    /// A section as the interface's `SectionLayout` type says.
    package struct Section: Sendable, Hashable {
        package var section: String
        /// For an orthogonal row, the band it shows.
        package var frame: Rect
        /// How many consecutive items one group instance holds.
        package var itemsPerGroup: Int
        /// Whether it scrolls sideways.
        package var orthogonal: Bool

        package init(section: String, frame: Rect, itemsPerGroup: Int, orthogonal: Bool) {
            self.section = section
            self.frame = frame
            self.itemsPerGroup = itemsPerGroup
            self.orthogonal = orthogonal
        }
    }

    package var width: Double
    package var height: Double
    package var sections: [Section]
    package var elements: [LayoutElement]

    package init(width: Double, height: Double, sections: [Section], elements: [LayoutElement]) {
        self.width = width
        self.height = height
        self.sections = sections
        self.elements = elements
    }

    package var parameters: [String: JSONValue] {
        [
            "width": .number(width), "height": .number(height),
            "sections": .array(
                sections.map {
                    .object([
                        "section": .string($0.section), "frame": LayoutElement.json($0.frame),
                        "itemsPerGroup": .number(Double($0.itemsPerGroup)), "orthogonal": .bool($0.orthogonal),
                    ])
                }),
            "elements": .array(elements.map(\.json)),
        ]
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "GetLayout")
        self.init(
            width: try fields.required("width", \.numberValue), height: try fields.required("height", \.numberValue),
            sections: try fields.objects("sections") { section throws(ReplyError) in
                Section(
                    section: try section.required("section", \.stringValue), frame: try section.frame("frame"),
                    itemsPerGroup: try section.required("itemsPerGroup", \.integerValue),
                    orthogonal: try section.required("orthogonal", \.boolValue))
            },
            elements: try fields.objects("elements", LayoutElement.init))
    }
}
