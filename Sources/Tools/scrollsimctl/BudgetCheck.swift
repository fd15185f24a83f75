import Foundation
import JSONModel

/// One limit of a budget checked on one run: what a CI system shows as one test case (JUnit's
/// testcase, a GitHub annotation when it fails).
struct BudgetCheck {
    /// The run, as the tables label it: `home seed 0 390×844 uikit`.
    let run: String
    /// `total`, or `section company`; `… for home` for a scenario's own limit.
    let rule: String
    /// The scenario a limit of `scenarios` is for (nil: every run's).
    var scope: String? = nil
    let count: String
    let limit: Int
    let actual: Int

    var passed: Bool { actual <= limit }
    /// The line `profile` prints for it when it fails: `… : cellProvider 130 > 120 (total)`.
    var violation: String { "\(run): \(count) \(actual) > \(limit) (\(rule))" }

    /// The same check with its run labelled by scenario too (`home 390×844 uikit`).
    func named(in scenario: String) -> BudgetCheck {
        BudgetCheck(run: "\(scenario) \(run)", rule: rule, scope: scope, count: count, limit: limit, actual: actual)
    }

    var json: JSONValue {
        .object([
            "run": .string(run), "rule": .string(rule), "count": .string(count), "limit": .number(Double(limit)),
            "actual": .number(Double(actual)), "ok": .bool(passed),
        ])
    }
}

extension Budget {
    /// Every limit of the budget on every run it checks, in order: run, then total before sections.
    func checks(_ runs: [ProfileRun]) -> [BudgetCheck] {
        var checks: [BudgetCheck] = []
        func add(_ run: ProfileRun, total: [String: Int], sections: [String: [String: Int]], scope: String?) {
            let suffix = scope.map { " for \($0)" } ?? ""
            for (name, limit) in total.sorted(by: { $0.key < $1.key }) {
                checks.append(
                    BudgetCheck(
                        run: run.label, rule: "total" + suffix, scope: scope, count: name, limit: limit, actual: run.count(name)))
            }
            for (section, limits) in sections.sorted(by: { $0.key < $1.key }) {
                guard let counts = run.sections.first(where: { $0.section == section })?.counts else { continue }
                for (name, limit) in limits.sorted(by: { $0.key < $1.key }) {
                    checks.append(
                        BudgetCheck(
                            run: run.label, rule: "section \(section)" + suffix, scope: scope, count: name, limit: limit,
                            actual: counts[named: name] ?? 0))
                }
            }
        }
        for run in runs where isChecked(run) {
            add(run, total: total, sections: sections, scope: nil)
            if let scoped = scenarios[run.scenario] {
                add(run, total: scoped.total, sections: scoped.sections, scope: run.scenario)
            }
        }
        return checks
    }

    /// The line of the budget file that sets `check`'s limit (1-based; the file's first line when
    /// it cannot be told), for annotations that point at it.
    static func line(of check: BudgetCheck, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rule = check.scope.map { check.rule.replacingOccurrences(of: " for \($0)", with: "") } ?? check.rule
        var path = check.scope.map { ["\"scenarios\"", "\"\($0)\""] } ?? []
        path += rule == "total" ? ["\"total\""] : ["\"sections\"", "\"\(rule.dropFirst("section ".count))\""]
        path.append("\"\(check.count)\"")
        var index = 0
        for key in path {
            guard let found = lines[index...].firstIndex(where: { $0.contains(key) }) else { return 1 }
            index = found
        }
        return index + 1
    }
}
