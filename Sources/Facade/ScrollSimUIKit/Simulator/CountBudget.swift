import CollectionView
import Foundation
import JSONModel
import Spelling

/// The most each count may reach in a ScrollSimulator run, in total or per section: the budget
/// `scrollsimctl profile --budget` checks, for a Swift screen. Count names are those of
/// docs/scenarios.md; sections are named as their identifiers print (`String(describing:)`).
///
/// A budget cannot pass by checking nothing: a count, section, policy or device size it names
/// that the run does not have is an error, not a pass.
public struct CountBudget: Sendable, Hashable {
    public var total: [String: Int]
    public var sections: [String: [String: Int]]
    /// When set, the invalidation policies the budget is for; the run's must be among them.
    public var policies: Set<String>?
    /// When set, the screen sizes (width, height in points) the budget is for.
    public var viewports: [CGSize]?

    public init(total: [String: Int] = [:], sections: [String: [String: Int]] = [:]) {
        self.total = total
        self.sections = sections
    }

    /// A budget file as `scrollsimctl profile --budget` reads it (`total`, `sections`, `policies`,
    /// `viewports`, `description`).
    public init(contentsOf url: URL) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw CountBudgetError("\(path): no such budget file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw CountBudgetError("\(path): cannot be read") }
        let json: JSONValue
        switch JSONValue.parse(data) {
        case .success(let value): json = value
        case .failure(let error): throw CountBudgetError("\(path): \(error.message)")
        }
        guard case .object(let object) = json else { throw CountBudgetError("\(path): a budget is a JSON object") }
        self.init()
        for (key, value) in object {
            switch key {
            case "description": break
            case "total": total = try Self.limits(value, path: "\(path): total")
            case "sections":
                guard case .object(let table) = value else { throw CountBudgetError("\(path): sections: expected an object") }
                for (section, limits) in table {
                    sections[section] = try Self.limits(limits, path: "\(path): sections.\(section)")
                }
            case "policies":
                guard case .array(let list) = value, case let names = list.compactMap(\.stringValue), names.count == list.count
                else { throw CountBudgetError("\(path): policies: expected a list of names") }
                policies = Set(names)
            case "viewports":
                guard case .array(let list) = value else {
                    throw CountBudgetError("\(path): viewports: expected a list of {\"width\", \"height\"}")
                }
                viewports = try list.enumerated().map { index, entry in
                    guard case .object(let size) = entry, let width = size["width"]?.numberValue,
                        let height = size["height"]?.numberValue, size.count == 2
                    else {
                        throw CountBudgetError("\(path): viewports[\(index)]: expected {\"width\": W, \"height\": H}")
                    }
                    return CGSize(width: width, height: height)
                }
            default:
                throw CountBudgetError(
                    "\(path): unknown key \"\(key)\" (expected description, policies, viewports, total, sections)")
            }
        }
    }

    private static func limits(_ value: JSONValue, path: String) throws -> [String: Int] {
        guard case .object(let fields) = value else { throw CountBudgetError("\(path): expected an object of counts") }
        var limits: [String: Int] = [:]
        for (name, limit) in fields {
            guard case .number(let number) = limit, number >= 0, number == number.rounded(), number < 9e15 else {
                throw CountBudgetError("\(path).\(name): expected a whole number ≥ 0")
            }
            limits[name] = Int(number)
        }
        return limits
    }

    static let countNames = Counts().named.map(\.0)
}

/// A budget that names something the run does not have, or that cannot be read.
public struct CountBudgetError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Counts over their limits: one line each (`sectionProvider 18 > 15 (total)`).
public struct CountBudgetExceeded: Error, CustomStringConvertible, Sendable {
    public let violations: [String]
    public var description: String { "budget exceeded:\n" + violations.map { "  - \($0)" }.joined(separator: "\n") }
}

extension ScrollSimulator {
    /// Every count of this run over its limit in `budget`, one line each; empty when within it.
    /// - Throws: `CountBudgetError` when the budget names a count, section, policy or screen size
    ///   this run does not have (it would check nothing).
    public func budgetViolations(_ budget: CountBudget) throws -> [String] {
        let names = CountBudget.countNames
        func check(_ limits: [String: Int], where place: String) throws {
            for name in limits.keys.sorted() where !names.contains(name) {
                throw CountBudgetError(
                    "\(place).\(name): not a count" + (nearestCount(name).map { " (did you mean \"\($0)\"?)" } ?? ""))
            }
        }
        if let policies = budget.policies, let view = collectionView,
            !policies.contains(view.engine.policy.rawValue)
        {
            throw CountBudgetError(
                "policies \(policies.sorted()) do not include this run's \(view.engine.policy.rawValue): the budget would check nothing"
            )
        }
        if let viewports = budget.viewports, !viewports.contains(screen.size) {
            throw CountBudgetError(
                "viewports do not include this run's \(Int(screen.size.width))×\(Int(screen.size.height)): the budget would check nothing"
            )
        }
        try check(budget.total, where: "total")
        let sectionNames = sectionNamesByName()
        var found: [String] = []
        let total = Dictionary(uniqueKeysWithValues: counts.named)
        for (name, limit) in budget.total.sorted(by: { $0.key < $1.key }) where total[name, default: 0] > limit {
            found.append("\(name) \(total[name, default: 0]) > \(limit) (total)")
        }
        for (section, limits) in budget.sections.sorted(by: { $0.key < $1.key }) {
            try check(limits, where: "sections.\(section)")
            guard let index = sectionNames[section] else {
                // A classic data source's sections are numbers: "7" is not a misspelt "0".
                let near =
                    section.allSatisfy(\.isNumber)
                    ? "" : nearestName(section, among: sectionNames.keys.sorted()).map { "did you mean \"\($0)\"? " } ?? ""
                throw CountBudgetError(
                    "section \"\(section)\" is not on screen (\(near)sections: \(sectionNames.keys.sorted().joined(separator: ", ")))"
                )
            }
            let counts = Dictionary(uniqueKeysWithValues: self.counts(forSectionAt: index).named)
            for (name, limit) in limits.sorted(by: { $0.key < $1.key }) where counts[name, default: 0] > limit {
                found.append("\(name) \(counts[name, default: 0]) > \(limit) (section \(section))")
            }
        }
        return found
    }

    /// Throws `CountBudgetExceeded` when a count of this run is over its limit in `budget` (and
    /// `CountBudgetError` when the budget would check nothing).
    public func checkBudget(_ budget: CountBudget) throws {
        let violations = try budgetViolations(budget)
        if !violations.isEmpty { throw CountBudgetExceeded(violations: violations) }
    }

    /// The shown sections' names and indices: a diffable data source's sections as their
    /// identifiers print, a classic one's by index (`"0"`, `"1"`: the app knows them so).
    func sectionNamesByName() -> [String: Int] {
        guard let view = collectionView else { return [:] }
        let ids = view.engine.dataSource.snapshot().sectionIdentifiers
        if view.classicItems != nil { return Dictionary(uniqueKeysWithValues: ids.indices.map { (String($0), $0) }) }
        return Dictionary(ids.enumerated().map { ($0.element.description, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    private func nearestCount(_ name: String) -> String? {
        CountBudget.countNames.first { $0.lowercased() == name.lowercased() || $0.hasPrefix(name) || name.hasPrefix($0) }
    }
}
