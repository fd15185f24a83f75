import JSONModel
import ScrollSimulation

/// An event as the interface's `Event` type says: the service builds `GetEvents` and `Watch`
/// replies from this and clients decode them back, so a picture or a trace of a daemon's
/// simulation reads the same typed facts as one made in process.
extension SimulationRecord {
    /// The event's JSON (`layoutPass` and `request` only for records that state them).
    package var json: JSONValue {
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
    package init?(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "Event")
        guard let kind = Kind(rawValue: try fields.required("kind", \.stringValue)) else { return nil }
        var facts = RecordFacts.none
        if fields.fields["layoutPass"]?.objectValue != nil {
            let pass = try fields.object("layoutPass")
            facts = .layoutPass(
                number: try pass.required("number", \.integerValue), sections: try pass.strings("sections"),
                resolvedInternally: try pass.required("resolved", \.boolValue),
                sizeForItemCalls: try pass.required("sizeForItemAt", \.integerValue))
        } else if fields.fields["request"]?.objectValue != nil {
            let request = try fields.object("request")
            guard let step = RequestStep(rawValue: try request.required("step", \.stringValue)) else {
                throw ReplyError("Event.request.step: expected one of \(RequestStep.allCases.map(\.rawValue))")
            }
            facts = .request(step, page: try request.optional("page", \.integerValue))
        }
        self.init(
            sequence: try fields.required("sequence", \.integerValue), time: try fields.required("time", \.numberValue),
            kind: kind, section: try fields.optional("section", \.stringValue), item: try fields.optional("item", \.integerValue),
            detail: try fields.required("detail", \.stringValue), cause: try fields.required("cause", \.stringValue),
            facts: facts)
    }
}
