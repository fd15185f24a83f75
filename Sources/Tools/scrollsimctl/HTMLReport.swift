import Foundation

/// A profile's or a sweep's report as one self-contained HTML file (`--html FILE`): the pictures
/// inline, the counts tables, the runs' warnings and the budget's verdict, with no file or
/// script beside it, to attach to a CI job or a review.
enum HTMLReport {
    static func page(
        title: String, subtitle: String, tables: [(caption: String, table: TextTable)], pictures: [String] = [],
        warnings: [String] = [], checks: [BudgetCheck]? = nil, budget: String? = nil
    ) -> String {
        var body: [String] = ["<h1>\(escape(title))</h1>", "<p class=\"sub\">\(escape(subtitle))</p>"]
        if let checks {
            let failed = checks.filter { !$0.passed }
            body.append("<h2>Budget</h2>")
            body.append(
                failed.isEmpty
                    ? "<p class=\"ok\">Every count within its limit in \(escape(budget ?? "the budget")) (\(checks.count) checks).</p>"
                    : "<p class=\"fail\">\(failed.count) of \(checks.count) checks over their limit in \(escape(budget ?? "the budget")).</p>"
            )
            var verdict = TextTable(["run", "count", "where", "actual", "limit", ""])
            for check in checks {
                verdict.rows.append([
                    check.run, check.count, check.rule, String(check.actual), String(check.limit), check.passed ? "ok" : "over",
                ])
            }
            body.append(html(verdict, marking: 5))
        }
        for picture in pictures { body.append("<figure>\(inline(picture))</figure>") }
        for (caption, table) in tables {
            body.append("<h2>\(escape(caption))</h2>")
            body.append(html(table))
        }
        if !warnings.isEmpty {
            body.append("<h2>Warnings</h2>")
            body.append("<ul>" + warnings.map { "<li>\(escape($0))</li>" }.joined() + "</ul>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
            h1 { font-size: 1.5em; margin-bottom: 0; } .sub { color: #666; margin-top: 0.2em; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
            th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: left; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            .ok { color: #1a7f37; } .fail, tr.over td { color: #cf222e; }
            figure { margin: 1em 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    /// A table; a number column's cells right-aligned; `marking`: the column whose "over" marks
    /// the row as a failure.
    static func html(_ table: TextTable, marking: Int? = nil) -> String {
        let numeric = table.numericColumns
        var out = "<table><thead><tr>" + table.header.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for row in table.rows {
            let over = marking.map { row.indices.contains($0) && row[$0] == "over" } ?? false
            out += over ? "<tr class=\"over\">" : "<tr>"
            for (column, cell) in row.enumerated() {
                out += numeric.indices.contains(column) && numeric[column] ? "<td class=\"n\">" : "<td>"
                out += escape(cell) + "</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }

    /// An SVG document inside the page: its XML declaration left out.
    static func inline(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") else { return svg }
        return String(svg[end.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
