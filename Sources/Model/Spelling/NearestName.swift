/// The closest of `names` to `name`, at most two edits away (or one that starts with it): for
/// "did you mean" in the scenario format's errors and on the command line.
public func nearestName(_ name: String, among names: some Sequence<String>) -> String? {
    let target = Array(name)
    func distance(_ other: [Character]) -> Int {
        guard !target.isEmpty else { return other.count }
        var row = Array(0...other.count)
        for i in 1...target.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: other.count, by: 1) {
                let above = row[j]
                row[j] = Swift.min(row[j] + 1, row[j - 1] + 1, diagonal + (target[i - 1] == other[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[other.count]
    }
    return names.map { ($0, distance(Array($0))) }
        .filter { $0.1 <= 2 || $0.0.hasPrefix(name) }
        .min { $0.1 < $1.1 }?.0
}
