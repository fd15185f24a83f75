import CollectionView
import CompositionalLayout
import JSONModel
import ScrollSimulation

/// The interface's reply types (`SimulationInfo`, `Counts`, `Element`, `Event`) as JSON.
extension SimulatorService {
    func info(_ entry: SimulationEntry) -> JSONValue {
        var fields: [String: JSONValue] = [
            "simulation": .string(entry.id), "scenario": .string(entry.scenario.name),
            "viewport": .object(["width": .number(entry.viewport.width), "height": .number(entry.viewport.height)]),
            "policy": .string(entry.policy.rawValue), "seed": .number(Double(entry.seed)), "clock": .string(entry.clock.rawValue),
            "live": .bool(entry.live), "time": .number(entry.simulation.time),
            "warnings": .array(entry.simulation.warnings.map(JSONValue.string)),
        ]
        if let failure = entry.failure { fields["failure"] = .string(failure.description) }
        return .object(fields)
    }

    static func counts(_ counts: CountSet<String>, sections: [String]) -> [String: JSONValue] {
        [
            "total": .object(counts.total.jsonFields),
            "sections": .array(
                sections.map {
                    .object(["section": .string($0), "counts": .object((counts.sections[$0] ?? Counts()).jsonFields)])
                }),
        ]
    }

    static func frame(_ frame: Rect) -> JSONValue {
        .object([
            "x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.size.width),
            "height": .number(frame.size.height),
        ])
    }

    static func element(_ attributes: LayoutAttributes, sections: [String]) -> JSONValue {
        .object([
            "kind": .string(attributes.elementKind ?? "cell"),
            "category": .string(attributes.category.name),
            "section": attributes.category == .layoutSupplementaryView ? .null : .string(sections[attributes.indexPath.section]),
            "item": attributes.category == .cell ? .number(Double(attributes.indexPath.item)) : .null,
            "frame": frame(attributes.frame),
            "zIndex": .number(Double(attributes.zIndex)),
        ])
    }

    static func event(_ record: SimulationRecord) -> JSONValue {
        .object([
            "sequence": .number(Double(record.sequence)), "time": .number(record.time), "kind": .string(record.kind.rawValue),
            "section": record.section.map(JSONValue.string) ?? .null, "item": record.item.map { .number(Double($0)) } ?? .null,
            "detail": .string(record.detail), "cause": .string(record.cause),
        ])
    }
}
