/// Bounds on differences of variables, `x[j] − x[i] ≥ w`, kept as the longest path between every
/// pair of variables: a bound's room given all the others is read in O(1) and a bound is added in
/// O(n²). Variable 0 is the origin. Every constraint of a fitting pass is such a bound once
/// centres and ratios are read at the previous round's sizes (AL2).
struct DifferenceSystem {
    let count: Int
    private var longest: [Double]
    /// Slack for rounding in sums of constants.
    private static let tolerance = 1e-6

    init(count: Int) {
        self.count = count
        longest = Array(repeating: -.infinity, count: count * count)
        for index in 0..<count { longest[index * count + index] = 0 }
    }

    private func path(_ from: Int, _ to: Int) -> Double { longest[from * count + to] }

    /// The values `x[j] − x[i]` may take under the bounds so far (infinite where unbounded).
    func range(_ j: Int, minus i: Int) -> (lower: Double, upper: Double) { (path(i, j), -path(j, i)) }

    /// Adds `x[j] − x[i] ≥ w`; false, adding nothing, when the bounds so far forbid it.
    @discardableResult
    mutating func add(_ j: Int, minus i: Int, atLeast w: Double) -> Bool {
        guard path(j, i) + w <= Self.tolerance else { return false }
        guard w > path(i, j) else { return true }
        // A longer path a → b now runs a → i, over the new bound, then j → b. Read in place: with
        // no positive cycle, no path into i or out of j grows by the new bound itself.
        let n = count
        longest.withUnsafeMutableBufferPointer { paths in
            for a in 0..<n {
                let into = paths[a * n + i]
                guard into > -.infinity else { continue }
                let head = into + w
                for b in 0..<n {
                    let from = paths[j * n + b]
                    guard from > -.infinity else { continue }
                    if head + from > paths[a * n + b] { paths[a * n + b] = head + from }
                }
            }
        }
        return true
    }

    /// Adds `x[j] − x[i] ≤ w`; false, adding nothing, when the bounds so far forbid it.
    @discardableResult
    mutating func add(_ j: Int, minus i: Int, atMost w: Double) -> Bool { add(i, minus: j, atLeast: -w) }

    /// Adds `lower ≤ x[j] − x[i] ≤ upper` whole when `required`: false, adding nothing, when the
    /// bounds so far forbid it. Otherwise holds it as nearly as they allow: a bound out of reach
    /// is met at the nearest value they permit, as a lower-priority constraint is (AL2).
    @discardableResult
    mutating func impose(_ j: Int, minus i: Int, lower: Double, upper: Double, required: Bool) -> Bool {
        let room = range(j, minus: i)
        if required {
            guard lower <= room.upper + Self.tolerance, upper >= room.lower - Self.tolerance, lower <= upper else {
                return false
            }
        }
        if lower > room.upper {
            return add(j, minus: i, atLeast: room.upper)
        }
        if upper < room.lower {
            return add(j, minus: i, atMost: room.lower)
        }
        if lower > -.infinity { add(j, minus: i, atLeast: lower) }
        if upper < .infinity { add(j, minus: i, atMost: upper) }
        return true
    }

    /// The least value of `x[j]` with the origin at 0, or nil when no bound ties it to the origin.
    func value(_ j: Int) -> Double? {
        let value = path(0, j)
        return value > -.infinity ? value : nil
    }
}
