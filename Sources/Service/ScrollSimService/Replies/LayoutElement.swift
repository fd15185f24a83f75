import CollectionView
import CompositionalLayout
import JSONModel

/// A laid-out element, as the interface's `Element` type says: GetLayout and GetVisible build their
/// elements from this value and clients decode them back.
package struct LayoutElement: Sendable, Hashable {
    /// `cell`, or the supplementary or decoration kind.
    package var kind: String
    /// `cell`, `supplementary`, `layoutSupplementary` or `decoration`.
    package var category: String
    /// Nil for a layout-wide header or footer.
    package var section: String?
    /// A cell's item; nil for the other categories.
    package var item: Int?
    package var frame: Rect
    package var zIndex: Int

    package init(kind: String, category: String, section: String?, item: Int?, frame: Rect, zIndex: Int) {
        self.kind = kind
        self.category = category
        self.section = section
        self.item = item
        self.frame = frame
        self.zIndex = zIndex
    }

    /// The element of `attributes`, its section named by `sections`.
    init(_ attributes: LayoutAttributes, sections: [String]) {
        self.init(
            kind: attributes.elementKind ?? "cell", category: attributes.category.name,
            section: attributes.category == .layoutSupplementaryView ? nil : sections[attributes.indexPath.section],
            item: attributes.category == .cell ? attributes.indexPath.item : nil, frame: attributes.frame,
            zIndex: attributes.zIndex)
    }

    package var json: JSONValue {
        .object([
            "kind": .string(kind), "category": .string(category), "section": section.map(JSONValue.string) ?? .null,
            "item": item.map { .number(Double($0)) } ?? .null, "frame": Self.json(frame), "zIndex": .number(Double(zIndex)),
        ])
    }

    /// The interface's `Frame`.
    static func json(_ frame: Rect) -> JSONValue {
        .object([
            "x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.size.width),
            "height": .number(frame.size.height),
        ])
    }

    init(_ fields: ReplyFields) throws(ReplyError) {
        self.init(
            kind: try fields.required("kind", \.stringValue), category: try fields.required("category", \.stringValue),
            section: try fields.optional("section", \.stringValue), item: try fields.optional("item", \.integerValue),
            frame: try fields.frame("frame"), zIndex: try fields.required("zIndex", \.integerValue))
    }
}

extension ReplyFields {
    /// A `Frame` object.
    func frame(_ name: String) throws(ReplyError) -> Rect {
        let frame = try object(name)
        return Rect(
            x: try frame.required("x", \.numberValue), y: try frame.required("y", \.numberValue),
            width: try frame.required("width", \.numberValue), height: try frame.required("height", \.numberValue))
    }
}
