import CollectionView
import Foundation
import JSONModel
import Scenario

/// A CI budget: the most each count may reach in a profile's runs, in total or per section.
///
/// ```json
/// { "policies": ["uikit"], "viewports": [{"width": 390, "height": 844}],
///   "total": {"sectionProvider": 20, "cellProvider": 120},
///   "sections": {"company": {"cellProvider": 80}} }
/// ```
/// `policies` and `viewports` narrow which runs are checked (default: all of them).
struct Budget {
    var policies: Set<String>?
    var viewports: [(Double, Double)]?
    var total: [String: Int] = [:]
    var sections: [String: [String: Int]] = [:]

    static let countNames = Set(Counts().jsonFields.keys)

    /// Reads and checks a budget file.
    static func load(_ path: String) throws(BudgetError) -> Budget {
        let json: JSONValue
        do {
            json = try ScenarioLoader.readJSON(path)
        } catch {
            throw BudgetError("\(error)")
        }
        guard let fields = json.objectValue else { throw BudgetError("\(path): a budget is a JSON object") }
        var budget = Budget()
        for (key, value) in fields {
            switch key {
            case "description": break
            case "policies":
                let names = (value.arrayValue ?? []).compactMap(\.stringValue)
                guard !names.isEmpty, names.count == value.arrayValue?.count,
                    names.allSatisfy({ InvalidationPolicy(rawValue: $0) != nil })
                else { throw BudgetError("\(path): policies: expected a list of uikit, uikit14, targeted") }
                budget.policies = Set(names)
            case "viewports":
                let sizes = (value.arrayValue ?? []).compactMap { v -> (Double, Double)? in
                    guard let w = v.objectValue?["width"]?.numberValue, let h = v.objectValue?["height"]?.numberValue else {
                        return nil
                    }
                    return (w, h)
                }
                guard !sizes.isEmpty, sizes.count == value.arrayValue?.count else {
                    throw BudgetError("\(path): viewports: expected a list of {\"width\", \"height\"}")
                }
                budget.viewports = sizes
            case "total":
                budget.total = try limits(value, path: "\(path): total")
            case "sections":
                guard let table = value.objectValue else {
                    throw BudgetError("\(path): sections: expected an object of sections")
                }
                for (section, limits) in table {
                    budget.sections[section] = try self.limits(limits, path: "\(path): sections.\(section)")
                }
            default:
                throw BudgetError("\(path): unknown key \"\(key)\" (expected description, policies, viewports, total, sections)")
            }
        }
        guard !budget.total.isEmpty || !budget.sections.isEmpty else {
            throw BudgetError("\(path): no limits (total or sections)")
        }
        return budget
    }

    static func limits(_ value: JSONValue, path: String) throws(BudgetError) -> [String: Int] {
        guard let fields = value.objectValue else { throw BudgetError("\(path): expected an object of counts") }
        var limits: [String: Int] = [:]
        for (name, limit) in fields {
            guard countNames.contains(name) else {
                throw BudgetError("\(path).\(name): not a count (counts: \(countNames.sorted().joined(separator: ", ")))")
            }
            guard let number = limit.numberValue, number >= 0, number == number.rounded() else {
                throw BudgetError("\(path).\(name): expected a whole number ≥ 0")
            }
            limits[name] = Int(number)
        }
        return limits
    }

    /// Every count over its limit in `runs` (the Profile reply's), as plain sentences.
    func violations(_ runs: [ProfileRun]) -> [String] {
        var found: [String] = []
        for run in runs {
            if let policies, !policies.contains(run.policy) { continue }
            if let viewports, !viewports.contains(where: { $0.0 == run.width && $0.1 == run.height }) { continue }
            for (name, limit) in total.sorted(by: { $0.key < $1.key }) where run.count(name) > limit {
                found.append("\(run.label): \(name) \(run.count(name)) > \(limit) (total)")
            }
            for (section, limits) in sections.sorted(by: { $0.key < $1.key }) {
                guard let counts = run.sections.first(where: { $0.0 == section })?.1 else {
                    found.append("\(run.label): no section \"\(section)\" in the scenario")
                    continue
                }
                for (name, limit) in limits.sorted(by: { $0.key < $1.key }) where Int(counts[name]?.numberValue ?? 0) > limit {
                    found.append("\(run.label): \(name) \(Int(counts[name]?.numberValue ?? 0)) > \(limit) (section \(section))")
                }
            }
        }
        return found
    }
}

struct BudgetError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
