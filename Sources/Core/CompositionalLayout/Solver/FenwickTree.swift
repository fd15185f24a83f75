/// Prefix sums with O(log n) point updates and searches (a binary indexed tree).
///
/// Used only by sections whose group instances have measured (self-sized) extents; uniform
/// sections stay arithmetic and allocate nothing per item.
struct FenwickTree: Sendable {
    private var tree: [Double]

    /// Builds the tree over `count` equal values in O(n).
    /// - Complexity: O(n).
    init(count: Int, value: Double) {
        tree = [Double](repeating: 0, count: count + 1)
        guard count > 0 else { return }
        for i in 1...count {
            tree[i] += value
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
    }

    var count: Int { tree.count - 1 }

    /// Adds `delta` to element `index`.
    /// - Complexity: O(log n).
    mutating func add(_ delta: Double, at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the first `count` elements.
    /// - Complexity: O(log n).
    func prefixSum(_ count: Int) -> Double {
        var i = count
        var sum = 0.0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The smallest `m` in `0...count` with `prefixSum(m) > target`, or `count + 1` if none.
    /// Requires non-negative elements.
    /// - Complexity: O(log n).
    func firstPrefix(exceeding target: Double) -> Int {
        guard 0 <= target else { return 0 }
        var position = 0
        var remaining = target
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position + 1
    }
}
