/// Marks one longest strictly increasing subsequence of `values` (patience sorting).
///
/// The diff keeps the items of the subsequence in place and moves the others, so the number of
/// moves is minimal (UIKit model D4.3): an append moves nothing, a swap of two items moves one.
/// - Complexity: O(n log n); O(n) when `values` is already increasing.
@inlinable
func longestIncreasingSubsequence<Value: BinaryInteger>(_ values: [Value]) -> [Bool] {
    let n = values.count
    var keep = [Bool](repeating: false, count: n)
    guard n > 0 else { return keep }
    // tails[k] = index of the smallest tail of an increasing run of length k + 1; 32-bit indexes
    // halve the scratch memory (the diff's positions fit in Int32).
    var tails: [Int32] = []
    tails.reserveCapacity(n)
    var previous = [Int32](repeating: -1, count: n)
    values.withUnsafeBufferPointer { values in
        previous.withUnsafeMutableBufferPointer { previous in
            for i in 0..<n {
                let v = values[i]
                if let last = tails.last, values[Int(last)] < v {
                    previous[i] = last
                    tails.append(Int32(i))
                    continue
                }
                var low = 0
                var high = tails.count
                while low < high {
                    let mid = (low + high) >> 1
                    if values[Int(tails[mid])] < v { low = mid + 1 } else { high = mid }
                }
                if low > 0 { previous[i] = tails[low - 1] }
                if low == tails.count { tails.append(Int32(i)) } else { tails[low] = Int32(i) }
            }
        }
    }
    var i = Int(tails.last!)
    while i >= 0 {
        keep[i] = true
        i = Int(previous[i])
    }
    return keep
}
