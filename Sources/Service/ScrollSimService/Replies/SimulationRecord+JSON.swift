import JSONModel
import ScrollSimulation

/// An event as the interface's `Event` type says: the service builds `GetEvents` and `Watch`
/// replies from this and clients decode them back, so a picture or a trace of a daemon's
/// simulation reads the same typed facts as one made in process.
extension SimulationRecord {
    /// The event's JSON (`layoutPass` and `request` only for records that state them).
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "sequence": .number(Double(sequence)), "time": .number(time), "kind": .string(kind.rawValue),
            "section": section.map(JSONValue.string) ?? .null, "item": item.map { .number(Double($0)) } ?? .null,
            "detail": .string(detail), "cause": .string(cause),
        ]
        switch facts {
        case .none: break
        case .layoutPass(let number, let sections, let resolvedInternally, let sizeForItemCalls):
            fields["layoutPass"] = .object([
                "number": .number(Double(number)), "sections": .array(sections.map(JSONValue.string)),
                "resolved": .bool(resolvedInternally), "sizeForItemAt": .number(Double(sizeForItemCalls)),
            ])
        case .request(let step, let page):
            fields["request"] = .object(["step": .string(step.rawValue), "page": page.map { .number(Double($0)) } ?? .null])
        }
        return .object(fields)
    }

    /// Decodes an `Event`; nil for a kind this build does not know (a newer daemon's).
    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    public init?(json: JSONValue) throws(ReplyError) {
        guard case .object(let fields) = json else { throw ReplyError("Event: expected an object") }
        func field<T>(_ name: String, _ read: (JSONValue) -> T?) throws(ReplyError) -> T {
            guard let value = fields[name].flatMap(read) else { throw ReplyError("Event.\(name): missing or mistyped") }
            return value
        }
        guard let kind = Kind(rawValue: try field("kind", \.stringValue)) else { return nil }
        var facts = RecordFacts.none
        if case .object(let pass)? = fields["layoutPass"] {
            guard let number = pass["number"]?.integerValue, let sections = pass["sections"]?.arrayValue,
                let resolved = pass["resolved"]?.boolValue, let calls = pass["sizeForItemAt"]?.integerValue
            else { throw ReplyError("Event.layoutPass: expected number, sections, resolved and sizeForItemAt") }
            facts = .layoutPass(
                number: number, sections: sections.compactMap(\.stringValue), resolvedInternally: resolved,
                sizeForItemCalls: calls)
        } else if case .object(let request)? = fields["request"] {
            guard let step = request["step"]?.stringValue.flatMap(RequestStep.init(rawValue:)) else {
                throw ReplyError("Event.request.step: expected one of \(RequestStep.allCases.map(\.rawValue))")
            }
            facts = .request(step, page: request["page"]?.integerValue)
        }
        self.init(
            sequence: try field("sequence", \.integerValue), time: try field("time", \.numberValue), kind: kind,
            section: fields["section"]?.stringValue, item: fields["item"]?.integerValue,
            detail: try field("detail", \.stringValue), cause: try field("cause", \.stringValue), facts: facts)
    }
}
