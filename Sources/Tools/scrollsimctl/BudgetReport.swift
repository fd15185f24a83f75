import CommandLineSpec
import Foundation
import JSONModel

/// A budget's verdict in the forms CI systems read: JUnit XML (`--junit FILE`: a test case per
/// run and limit), GitHub Actions annotations pointing at the budget file's line and a Markdown
/// job summary (`--github`, on by default under `GITHUB_ACTIONS=true`), and the checks in
/// `--json`.
enum BudgetReport {
    /// The verdict in a command's `--json` output: the failures as lines (`exceeded`) and as
    /// fields a program reads (`failures`).
    static func json(_ checks: [BudgetCheck]) -> JSONValue {
        let failed = checks.filter { !$0.passed }
        return .object([
            "ok": .bool(failed.isEmpty), "checks": .number(Double(checks.count)),
            "exceeded": .array(failed.map { .string($0.violation) }), "failures": .array(failed.map(\.json)),
        ])
    }

    /// JUnit XML: one testsuite per run, one testcase per limit (`sectionProvider ≤ 20 (total)`),
    /// a `failure` on each count over its limit.
    static func junit(_ checks: [BudgetCheck], budget path: String) -> String {
        var runs: [String] = []
        var byRun: [String: [BudgetCheck]] = [:]
        for check in checks {
            if byRun[check.run] == nil { runs.append(check.run) }
            byRun[check.run, default: []].append(check)
        }
        let failures = checks.count { !$0.passed }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="scrollsim budget \#(escape(path))" tests="\#(checks.count)" failures="\#(failures)">"# + "\n"
        for run in runs {
            let cases = byRun[run]!
            xml +=
                #"  <testsuite name="\#(escape(run))" tests="\#(cases.count)" failures="\#(cases.count { !$0.passed })">"# + "\n"
            for check in cases {
                let name = "\(check.count) ≤ \(check.limit) (\(check.rule))"
                xml += #"    <testcase classname="\#(escape(run))" name="\#(escape(name))" time="0""#
                if check.passed {
                    xml += "/>\n"
                } else {
                    let message = "\(check.count) \(check.actual) > \(check.limit) (\(check.rule))"
                    xml += ">\n"
                    xml +=
                        #"      <failure type="BudgetExceeded" message="\#(escape(message))">\#(escape(check.violation)) — budget \#(escape(path))</failure>"#
                    xml += "\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// `::error` workflow commands, one per count over its limit, at the budget file's line.
    static func annotations(_ checks: [BudgetCheck], budget path: String, text: String) -> [String] {
        checks.filter { !$0.passed }.map { check in
            "::error file=\(property(path)),line=\(Budget.line(of: check, in: text)),title=\(property("budget exceeded: \(check.count)"))::\(data(check.violation))"
        }
    }

    /// The job summary: what was checked, and a table of the counts over their limits.
    static func summary(_ checks: [BudgetCheck], budget path: String, title: String) -> String {
        let failed = checks.filter { !$0.passed }
        var lines = ["### scrollsim \(title): budget \(markdown(path))", ""]
        if failed.isEmpty {
            lines.append("✅ every count within its limit (\(checks.count) checks over \(Set(checks.map(\.run)).count) runs)")
        } else {
            lines.append("❌ \(failed.count) of \(checks.count) checks over their limit")
            lines += ["", "| run | count | where | actual | limit |", "|---|---|---|---:|---:|"]
            for check in failed {
                lines.append(
                    "| \(markdown(check.run)) | \(markdown(check.count)) | \(markdown(check.rule)) | \(check.actual) | \(check.limit) |"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Writes what the command was asked for: `--junit FILE`, and under `--github` (or GitHub
    /// Actions) the annotations on standard error and the summary appended to
    /// `$GITHUB_STEP_SUMMARY`.
    /// `scenario`: the name a profile's run labels leave out (a sweep's name their scenario).
    static func write(
        _ checks: [BudgetCheck], budget path: String, title: String, scenario: String? = nil, arguments: Arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let checks = scenario.map { name in checks.map { $0.named(in: name) } } ?? checks
        if let file = arguments.options["junit"] {
            try OutputFile.write(Data(junit(checks, budget: path).utf8), to: file)
        }
        guard arguments.flags.contains("github") || environment["GITHUB_ACTIONS"] == "true" else { return }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // On standard error: the runner reads workflow commands there too, and `--json` output
        // on standard output stays JSON.
        for line in annotations(checks, budget: path, text: text) { CommandLineTool.writeError(line) }
        if let file = environment["GITHUB_STEP_SUMMARY"], !file.isEmpty,
            let handle = FileHandle(forWritingAtPath: file) ?? createAndOpen(file)
        {
            handle.seekToEndOfFile()
            handle.write(Data(summary(checks, budget: path, title: title).utf8))
            try? handle.close()
        }
    }

    private static func createAndOpen(_ file: String) -> FileHandle? {
        FileManager.default.createFile(atPath: file, contents: nil)
        return FileHandle(forWritingAtPath: file)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no place for other control characters.
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A workflow command's message: `%`, CR and LF escaped as the runner unescapes them.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Table cell text: pipes escaped, no line breaks.
    static func markdown(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
