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
    // halve the scratch memory (the diff's positions fit in Int32). Both buffers are written
    // through pointers: `tails` never needs more than n slots, and appending to an array checked
    // its uniqueness and capacity on every element.
    var tails = [Int32](repeating: 0, count: n)
    var length = 0
    var previous = [Int32](repeating: -1, count: n)
    values.withUnsafeBufferPointer { values in
        tails.withUnsafeMutableBufferPointer { tails in
            previous.withUnsafeMutableBufferPointer { previous in
                // The value at the end of the longest run so far: most elements of a diff's
                // surviving items extend it, and need no search.
                var lastValue = values[0]
                tails[0] = 0
                length = 1
                for i in 1..<n {
                    let v = values[i]
                    if lastValue < v {
                        previous[i] = tails[length - 1]
                        tails[length] = Int32(i)
                        length += 1
                        lastValue = v
                        continue
                    }
                    var low = 0
                    var high = length
                    while low < high {
                        let mid = (low + high) >> 1
                        if values[Int(tails[mid])] < v { low = mid + 1 } else { high = mid }
                    }
                    if low > 0 { previous[i] = tails[low - 1] }
                    tails[low] = Int32(i)
                    if low == length - 1 { lastValue = v }
                }
            }
        }
    }
    var i = Int(tails[length - 1])
    while i >= 0 {
        keep[i] = true
        i = Int(previous[i])
    }
    return keep
}
