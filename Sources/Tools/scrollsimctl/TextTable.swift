/// Renders rows as aligned columns: text left-aligned, numbers right-aligned.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    /// A row; a cell's control characters are escaped (cells hold what a server named).
    mutating func add(_ row: [String]) { rows.append(row.map(\.terminalSafe)) }

    /// Whether each column holds only numbers (or blanks): those are right-aligned.
    var numericColumns: [Bool] {
        header.indices.map { column in
            rows.allSatisfy { row in
                guard row.indices.contains(column) else { return true }
                return row[column].isEmpty || row[column] == "—"
                    || Double(row[column].replacingOccurrences(of: ",", with: "")) != nil
            }
        }
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        let numeric = numericColumns
        return all.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric[column] && row != header ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
