import CompositionalLayout
import TestSupport
import Testing

/// A group of many leaves (a flow layout's section of mixed sizes is one custom group) is searched
/// through its leaf index: the answers must be exactly a brute-force scan's, whatever the order of
/// the leaves.
@Suite("Range queries over groups of many leaves (LeafIndex)")
struct LeafIndexTests {
    static let context = LayoutContext(size: Size(width: 390, height: 844))

    /// A custom group of `count` leaves in rows, shuffled when `shuffled`, repeated for more items.
    static func layout(seed: UInt64, count: Int, shuffled: Bool) throws -> (CompositionalLayout, [LayoutAttributes]) {
        var random = SeededRandom(seed: seed)
        var frames: [CustomGroupItem] = []
        var y = 0.0
        while frames.count < count {
            let height = Double(Int.random(in: 20...90, using: &random))
            var x = 0.0
            while x < 300, frames.count < count {
                let width = Double(Int.random(in: 30...120, using: &random))
                let h = Double(Int.random(in: 10...Int(height), using: &random))
                frames.append(CustomGroupItem(frame: Rect(x: x, y: y + (height - h) / 2, width: width, height: h)))
                x += width + 8
            }
            y += height + 10
        }
        if shuffled { frames.shuffle(using: &random) }
        let extent = y
        let leaves = frames
        let group = LayoutGroup.custom(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(extent))
        ) { _ in leaves }
        let layout = CompositionalLayout(section: LayoutSection(group: group, interGroupSpacing: 12))
        _ = try layout.prepare(context: context, itemCounts: [count * 2 + count / 3])
        return (layout, layout.allElements())
    }

    @Test(
        "elements(in:) equals a brute-force scan, leaves in row order or shuffled",
        arguments: [(1, false), (2, true), (3, false), (4, true)])
    func matchesBruteForce(seed: UInt64, shuffled: Bool) throws {
        let (layout, all) = try Self.layout(seed: seed, count: 500, shuffled: shuffled)
        var random = SeededRandom(seed: seed &+ 100)
        let height = layout.contentSize.height
        for _ in 0..<200 {
            let y = Double.random(in: -100...height, using: &random)
            let rect = Rect(
                x: Double.random(in: -50...390, using: &random), y: y, width: Double.random(in: 1...400, using: &random),
                height: Double.random(in: 1...900, using: &random))
            let expected = Set(all.filter { $0.frame.intersects(rect) })
            #expect(Set(layout.elements(in: rect)) == expected, "seed \(seed) rect \(rect)")
        }
    }
}
