import CollectionView
import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScenarioFiles
import Spelling

/// A CI budget: the most each count may reach in a profile's runs, in total or per section.
///
/// ```json
/// { "policies": ["uikit"], "viewports": [{"width": 390, "height": 844}],
///   "total": {"sectionProvider": 20, "cellProvider": 120},
///   "sections": {"company": {"cellProvider": 80}} }
/// ```
/// `policies` and `viewports` narrow which runs are checked (default: all of them);
/// `"scenarios": {"home": {"total": …, "sections": …}}` adds limits for one scenario's runs.
struct Budget {
    var policies: Set<String>?
    var viewports: [(Double, Double)]?
    var total: [String: Int] = [:]
    var sections: [String: [String: Int]] = [:]
    /// Limits for one scenario's runs only, on top of the others.
    var scenarios: [String: (total: [String: Int], sections: [String: [String: Int]])] = [:]

    static let countNames = Set(Counts().jsonFields.keys)

    static let keys = ["description", "policies", "viewports", "total", "sections", "scenarios"]

    /// Reads and checks a budget file: one that cannot be read is `unreadable` (66), one that
    /// names a key or a count that does not exist is `invalid` (65), with "did you mean".
    static func load(_ path: String) throws(BudgetError) -> Budget {
        let json: JSONValue
        do {
            json = try ScenarioLoader.readJSON(path)
        } catch {
            switch error {
            case .unreadable, .notFound: throw BudgetError("\(error)", kind: .unreadable)
            default: throw BudgetError("\(error)")
            }
        }
        guard let fields = json.objectValue else { throw BudgetError("\(path): a budget is a JSON object") }
        var budget = Budget()
        for (key, value) in fields {
            switch key {
            case "description": break
            case "policies":
                let names = (value.arrayValue ?? []).compactMap(\.stringValue)
                let known = InvalidationPolicy.allCases.map(\.rawValue)
                guard !names.isEmpty, names.count == value.arrayValue?.count else {
                    throw BudgetError("\(path): policies: expected a list of \(known.joined(separator: ", "))")
                }
                if let unknown = names.first(where: { InvalidationPolicy(rawValue: $0) == nil }) {
                    throw BudgetError(
                        "\(path): policies: \"\(unknown)\" is not a policy\(didYouMean(unknown, among: known)) (policies: \(known.joined(separator: ", ")))"
                    )
                }
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
                budget.sections = try sectionLimits(value, path: "\(path): sections")
            case "scenarios":
                guard let table = value.objectValue else {
                    throw BudgetError("\(path): scenarios: expected an object of scenarios, each with total and sections")
                }
                for (scenario, rules) in table {
                    guard let rules = rules.objectValue else {
                        throw BudgetError("\(path): scenarios.\(scenario): expected an object with total and sections")
                    }
                    var scoped: (total: [String: Int], sections: [String: [String: Int]]) = ([:], [:])
                    for (key, value) in rules {
                        switch key {
                        case "total": scoped.total = try limits(value, path: "\(path): scenarios.\(scenario).total")
                        case "sections":
                            scoped.sections = try sectionLimits(value, path: "\(path): scenarios.\(scenario).sections")
                        default:
                            throw BudgetError(
                                "\(path): scenarios.\(scenario): unknown key \"\(key)\"\(didYouMean(key, among: ["total", "sections"])) (expected total, sections)"
                            )
                        }
                    }
                    budget.scenarios[scenario] = scoped
                }
            default:
                throw BudgetError(
                    "\(path): unknown key \"\(key)\"\(didYouMean(key, among: keys)) (expected \(keys.joined(separator: ", ")))")
            }
        }
        guard
            !budget.total.isEmpty || !budget.sections.isEmpty
                || budget.scenarios.values.contains(where: {
                    !$0.total.isEmpty || !$0.sections.isEmpty
                })
        else {
            throw BudgetError("\(path): no limits (total or sections)")
        }
        return budget
    }

    static func sectionLimits(_ value: JSONValue, path: String) throws(BudgetError) -> [String: [String: Int]] {
        guard let table = value.objectValue else { throw BudgetError("\(path): expected an object of sections") }
        var sections: [String: [String: Int]] = [:]
        for (section, limits) in table { sections[section] = try self.limits(limits, path: "\(path).\(section)") }
        return sections
    }

    static func limits(_ value: JSONValue, path: String) throws(BudgetError) -> [String: Int] {
        guard let fields = value.objectValue else { throw BudgetError("\(path): expected an object of counts") }
        var limits: [String: Int] = [:]
        for (name, limit) in fields {
            guard countNames.contains(name) else {
                throw BudgetError(
                    "\(path).\(name): not a count\(didYouMean(name, among: countNames)) (counts: \(countNames.sorted().joined(separator: ", ")))"
                )
            }
            guard let number = limit.numberValue, number >= 0, number == number.rounded(), number < 1e15 else {
                throw BudgetError("\(path).\(name): expected a whole number ≥ 0")
            }
            limits[name] = Int(number)
        }
        return limits
    }

    /// What the budget names that no run in `runs` has: a policy or viewport no run was profiled
    /// with, a section no run has, or filters that leave no run at all. Each would make the budget
    /// check nothing, so each is an error, not a pass.
    func unmatched(_ runs: [ProfileRun]) -> [String] {
        var found: [String] = []
        let policyNames = Set(runs.map(\.policy))
        for policy in (policies ?? []).sorted() where !policyNames.contains(policy) {
            found.append(
                "policy \"\(policy)\" matches no run\(Self.didYouMean(policy, among: policyNames)) (profiled: \(policyNames.sorted().joined(separator: ", ")))"
            )
        }
        let viewportNames = runs.map(\.viewport)
        for (width, height) in viewports ?? [] where !runs.contains(where: { $0.width == width && $0.height == height }) {
            found.append(
                "viewport \(formatPoints(width))×\(formatPoints(height)) matches no run (profiled: \(Array(Set(viewportNames)).sorted().joined(separator: ", ")))"
            )
        }
        let checked = runs.filter(isChecked)
        if found.isEmpty, checked.isEmpty { found.append("its policies and viewports leave no run to check") }
        let scenarioNames = Set(runs.map(\.scenario))
        for scenario in scenarios.keys.sorted() where !scenarioNames.contains(scenario) {
            found.append(
                "scenario \"\(scenario)\" matches no run\(Self.didYouMean(scenario, among: scenarioNames)) (profiled: \(scenarioNames.sorted().joined(separator: ", ")))"
            )
        }
        let sectionNames = Set(runs.flatMap { $0.sections.map(\.section) })
        let scopedSections = scenarios.flatMap { scenario, rules in
            rules.sections.keys.map { ($0, Set(runs.filter { $0.scenario == scenario }.flatMap { $0.sections.map(\.section) })) }
        }
        for (section, names) in scopedSections.sorted(by: { $0.0 < $1.0 }) where !names.isEmpty && !names.contains(section) {
            found.append(
                "section \"\(section)\" is in no run of its scenario\(Self.didYouMean(section, among: names)) (sections: \(names.sorted().joined(separator: ", ")))"
            )
        }
        for section in sections.keys.sorted() where !sectionNames.contains(section) {
            found.append(
                "section \"\(section)\" is in no run\(Self.didYouMean(section, among: sectionNames)) (sections: \(sectionNames.sorted().joined(separator: ", ")))"
            )
        }
        return found
    }

    /// Checks the budget against `runs` as `profile`, `sweep` and `merge` do: what it names that
    /// no run has is an error, and the counts over their limits are returned, one line each.
    func verdict(_ runs: [ProfileRun], path: String) throws(BudgetError) -> [BudgetCheck] {
        let unmatched = unmatched(runs)
        guard unmatched.isEmpty else {
            // A budget that checks nothing must not pass (nor fail as "exceeded").
            throw BudgetError(
                "budget \(path): "
                    + (unmatched.count == 1 ? unmatched[0] : "\n" + unmatched.map { "  - \($0)" }.joined(separator: "\n")))
        }
        return checks(runs)
    }

    /// The verdict under a command's table.
    static func printVerdict(_ violations: [String]) {
        print("")
        if violations.isEmpty {
            print(TerminalStyle.green("budget: every count within its limit"))
        } else {
            print(TerminalStyle.red("budget exceeded:"))
            for violation in violations { print(TerminalStyle.red("  - \(violation.terminalSafe)")) }
        }
    }

    /// Whether `run` is one the budget checks (its policies and viewports).
    func isChecked(_ run: ProfileRun) -> Bool {
        if let policies, !policies.contains(run.policy) { return false }
        if let viewports, !viewports.contains(where: { $0.0 == run.width && $0.1 == run.height }) { return false }
        return true
    }

    /// Every count over its limit in the checked runs, one line each.
    func violations(_ runs: [ProfileRun]) -> [String] {
        checks(runs).filter { !$0.passed }.map(\.violation)
    }

    static func didYouMean(_ name: String, among names: some Sequence<String>) -> String {
        nearestName(name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}

/// A budget that cannot be used: unreadable (66) or invalid (65).
struct BudgetError: Error, CustomStringConvertible {
    enum Kind { case unreadable, invalid }

    let description: String
    let kind: Kind

    init(_ description: String, kind: Kind = .invalid) {
        self.description = description
        self.kind = kind
    }

    var status: ExitStatus { kind == .unreadable ? .noInput : .invalidScenario }
}
