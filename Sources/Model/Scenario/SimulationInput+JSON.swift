import JSONModel
import ScrollSimulation

extension SimulationInput {
    /// The input as a script step spells it without `at` (what `ScenarioParser.input(from:)`
    /// reads back; a test checks the round trip): `{"fling": {"section": "company", "velocity": 3000}}`.
    public var json: JSONValue {
        func sectionAndItem(_ section: String, _ item: Int) -> JSONValue {
            .object(["section": .string(section), "item": .number(Double(item))])
        }
        func edit(_ kind: String, _ section: String, _ count: Int, _ animated: Bool) -> JSONValue {
            var apply: [String: JSONValue] = [kind: .object(["section": .string(section), "count": .number(Double(count))])]
            if !animated { apply["animatingDifferences"] = false }
            return .object(["apply": .object(apply)])
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
        case .app(.apply(.appendItems(let section, let count), let animated)):
            return edit("appendItems", section, count, animated)
        case .app(.apply(.deleteItems(let section, let count), let animated)):
            return edit("deleteItems", section, count, animated)
        case .app(.apply(.reloadItems(let section, let count), let animated)):
            return edit("reloadItems", section, count, animated)
        case .app(.apply(.reconfigureItems(let section, let count), let animated)):
            return edit("reconfigureItems", section, count, animated)
        case .app(.applyUsingReloadData): return .object(["apply": .object(["applySnapshotUsingReloadData": .object([:])])])
        case .rotate(let width, let height):
            return .object(["rotate": .object(["width": .number(width), "height": .number(height)])])
        }
    }
}
