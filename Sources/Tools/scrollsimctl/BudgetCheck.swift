import Foundation
import JSONModel

/// One limit of a budget checked on one run: what a CI system shows as one test case (JUnit's
/// testcase, a GitHub annotation when it fails).
struct BudgetCheck {
    /// The run, as the tables label it: `home seed 0 390×844 uikit`.
    let run: String
    /// `total`, or `section company`.
    let rule: String
    let count: String
    let limit: Int
    let actual: Int

    var passed: Bool { actual <= limit }
    /// The line `profile` prints for it when it fails: `… : cellProvider 130 > 120 (total)`.
    var violation: String { "\(run): \(count) \(actual) > \(limit) (\(rule))" }

    /// The same check with its run labelled by scenario too (`home 390×844 uikit`).
    func named(in scenario: String) -> BudgetCheck {
        BudgetCheck(run: "\(scenario) \(run)", rule: rule, count: count, limit: limit, actual: actual)
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
        for run in runs where isChecked(run) {
            for (name, limit) in total.sorted(by: { $0.key < $1.key }) {
                checks.append(BudgetCheck(run: run.label, rule: "total", count: name, limit: limit, actual: run.count(name)))
            }
            for (section, limits) in sections.sorted(by: { $0.key < $1.key }) {
                guard let counts = run.sections.first(where: { $0.section == section })?.counts else { continue }
                for (name, limit) in limits.sorted(by: { $0.key < $1.key }) {
                    checks.append(
                        BudgetCheck(
                            run: run.label, rule: "section \(section)", count: name, limit: limit, actual: counts[named: name] ?? 0))
                }
            }
        }
        return checks
    }

    /// The line of the budget file that sets `check`'s limit (1-based; the file's first line when
    /// it cannot be told), for annotations that point at it.
    static func line(of check: BudgetCheck, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var path = check.rule == "total" ? ["\"total\""] : ["\"sections\"", "\"\(check.rule.dropFirst("section ".count))\""]
        path.append("\"\(check.count)\"")
        var index = 0
        for key in path {
            guard let found = lines[index...].firstIndex(where: { $0.contains(key) }) else { return 1 }
            index = found
        }
        return index + 1
    }
}
