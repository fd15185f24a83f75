import CollectionView
import JSONModel

/// A reply object read by the interface's field names: a field that is missing or of another type
/// is a `ReplyError` naming it (`SimulationInfo.time: missing or mistyped`), so a client never
/// takes an absent field for zero.
struct ReplyFields {
    /// The interface type's name, for errors (`GetStatus.ticks`).
    let path: String
    let fields: [String: JSONValue]

    init(_ json: JSONValue?, _ path: String) throws(ReplyError) {
        guard case .object(let fields)? = json else { throw ReplyError("\(path): expected an object") }
        self.path = path
        self.fields = fields
    }

    func required<T>(_ name: String, _ read: (JSONValue) -> T?) throws(ReplyError) -> T {
        guard let value = fields[name].flatMap(read) else { throw ReplyError("\(path).\(name): missing or mistyped") }
        return value
    }

    /// Whether the field is present and not null (an optional field that is set).
    func has(_ name: String) -> Bool { fields[name].map { $0 != .null } ?? false }

    /// Absent or null is nil; present and of another type is an error.
    func optional<T>(_ name: String, _ read: (JSONValue) -> T?) throws(ReplyError) -> T? {
        guard has(name), let value = fields[name] else { return nil }
        guard let read = read(value) else { throw ReplyError("\(path).\(name): mistyped") }
        return read
    }

    func object(_ name: String) throws(ReplyError) -> ReplyFields { try ReplyFields(fields[name], "\(path).\(name)") }

    func strings(_ name: String) throws(ReplyError) -> [String] {
        try required(name) { value in
            value.arrayValue.flatMap { items in
                let strings = items.compactMap(\.stringValue)
                return strings.count == items.count ? strings : nil
            }
        }
    }

    /// A `Counts` object: every counter the interface declares (counters it does not know are
    /// left, so a newer daemon's additions do not break an older client).
    func counts(_ name: String) throws(ReplyError) -> Counts {
        let object = try object(name)
        var counts = Counts()
        for field in Counts.fields {
            counts[keyPath: field.keyPath] = try object.required(field.name, \.integerValue)
        }
        return counts
    }

    /// A `[]SectionCounts` array.
    func sectionCounts(_ name: String) throws(ReplyError) -> [SectionCounts] {
        try objects(name) { section throws(ReplyError) in
            SectionCounts(section: try section.required("section", \.stringValue), counts: try section.counts("counts"))
        }
    }

    /// An array of objects, each read by `read` (`[]Element`, `[]SectionCounts`), each named by
    /// its index in errors (`GetLayout.elements[3].frame`).
    func objects<T>(_ name: String, _ read: (ReplyFields) throws(ReplyError) -> T) throws(ReplyError) -> [T] {
        let items = try required(name, \.arrayValue)
        var values: [T] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { values.append(try read(try ReplyFields(item, "\(path).\(name)[\(index)]"))) }
        return values
    }
}
