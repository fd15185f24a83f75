import TestSupport
import Testing

@testable import DiffableDataSource

/// The subsequence the diff keeps in place (the rest are moves, UIKit model D4.3): strictly
/// increasing and as long as any, checked against the quadratic dynamic programme.
@Suite("longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
    /// The length of a longest strictly increasing subsequence, the slow way.
    static func oracleLength(_ values: [Int32]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    static func check(_ values: [Int32]) {
        let keep = longestIncreasingSubsequence(values)
        let kept = values.indices.filter { keep[$0] }.map { values[$0] }
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
        #expect(kept.count == oracleLength(values), "\(values)")
    }

    @Test(
        "fixed shapes: empty, one, increasing, decreasing, equal values, a jump forward, a swap",
        arguments: [
            [], [5], [1, 2, 3, 4], [4, 3, 2, 1], [2, 2, 2], [0, 1, 9, 2, 3, 4], [1, 0, 2, 3], [3, 1, 2, 2, 5, 4, 6],
        ] as [[Int32]])
    func shapes(values: [Int32]) { Self.check(values) }

    @Test("random sequences (mostly increasing with jumps, and uniform with repeats)", arguments: 0..<6)
    func random(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let n = Int.random(in: 0...60, using: &random)
            let values: [Int32] =
                seed % 2 == 0
                ? (0..<n).map { i in
                    Int.random(in: 0..<10, using: &random) == 0 ? Int32.random(in: 0..<100, using: &random) : Int32(i)
                }
                : (0..<n).map { _ in Int32.random(in: 0..<12, using: &random) }
            Self.check(values)
        }
    }
}
