import JSONModel
import ScrollSimulation

extension SimulationInput {
    /// The input as a script step spells it without `at` (what `ScenarioParser.input(from:)`
    /// reads back; a test checks the round trip): `{"fling": {"section": "company", "velocity": 3000}}`.
    public var json: JSONValue {
        func sectionAndItem(_ section: String, _ item: Int) -> JSONValue {
            .object(["section": .string(section), "item": .number(Double(item))])
        }
        func edit(_ kind: String, _ section: String, _ count: Int) -> JSONValue {
            .object(["apply": .object([kind: .object(["section": .string(section), "count": .number(Double(count))])])])
        }
        switch self {
        case .gesture(.fling(let section, let velocity)):
            var fields: [String: JSONValue] = ["velocity": .number(velocity)]
            if let section { fields["section"] = .string(section) }
            return .object(["fling": .object(fields)])
        case .gesture(.drag(let section, let by, let duration)):
            var fields: [String: JSONValue] = ["by": .number(by), "duration": .number(duration)]
            if let section { fields["section"] = .string(section) }
            return .object(["drag": .object(fields)])
        case .gesture(.tap(let section, let item)): return .object(["tap": sectionAndItem(section, item)])
        case .app(.scrollTo(let section, let item)): return .object(["scrollTo": sectionAndItem(section, item)])
        case .app(.appendItems(let section, let count)): return edit("appendItems", section, count)
        case .app(.deleteItems(let section, let count)): return edit("deleteItems", section, count)
        case .app(.reloadItems(let section, let count)): return edit("reloadItems", section, count)
        case .app(.reconfigureItems(let section, let count)): return edit("reconfigureItems", section, count)
        case .rotate(let width, let height):
            return .object(["rotate": .object(["width": .number(width), "height": .number(height)])])
        }
    }
}
