/// How a flow layout places the items of a line along it (FL2).
public enum FlowLineAlignment: Sendable, Hashable {
    /// From the line's start at the minimum inter-item spacing.
    case leading
    /// Spread so the first item starts the line and the last ends it; one item alone is centred.
    case justified
}

/// A flow layout's lines for one section (FL1 to FL3): a pure function of the items' sizes, the
/// line's length and the spacings. Coordinates are in line terms: `x` and `width` run along a line
/// (across the scrolling), `y` and `height` across lines (along the scrolling); a horizontal flow
/// layout swaps them.
public struct FlowLines: Equatable {
    /// Each item's frame relative to the section's content box.
    public var frames: [Rect]
    /// The extent of all lines across them, the spacing between lines included.
    public var extent: Double
    public var lineCount: Int

    /// Breaks `sizes` (length along the line as `width`, thickness as `height`) into lines of at
    /// most `available` points with items at least `interitem` apart, stacked `lineSpacing` apart
    /// (FL1). Lines other than the last are justified; the last is placed by `lastLine` (FL2):
    /// justified anyway when it holds as many items as the line before it, centred when every line
    /// holds one item. Items thinner than their line are centred across it (FL3).
    ///
    /// An item longer than the line gets a line of its own (UIKit warns that this is undefined).
    /// - Complexity: O(n).
    public init(
        sizes: [Size], available: Double, interitem: Double, lineSpacing: Double, lastLine: FlowLineAlignment = .leading
    ) {
        var lines: [Range<Int>] = []
        var start = 0
        while start < sizes.count {
            // An item joins the line while it still fits; an exact fit counts.
            var end = start + 1
            var used = sizes[start].width
            while end < sizes.count, used + interitem + sizes[end].width <= available + Self.tolerance {
                used += interitem + sizes[end].width
                end += 1
            }
            lines.append(start..<end)
            start = end
        }
        frames = []
        frames.reserveCapacity(sizes.count)
        var across = 0.0
        let allSingle = lines.allSatisfy { $0.count == 1 }
        for (index, range) in lines.enumerated() {
            let line = sizes[range]
            let isLast = index == lines.count - 1
            var alignment = FlowLineAlignment.justified
            if isLast, !allSingle, lines.count == 1 || lines[index - 1].count != range.count {
                alignment = lastLine
            }
            let thickness = line.map(\.height).max() ?? 0
            let positions = Self.positions(line.map(\.width), available: available, interitem: interitem, alignment)
            for (size, along) in zip(line, positions) {
                frames.append(Rect(x: along, y: across + (thickness - size.height) / 2, width: size.width, height: size.height))
            }
            across += thickness
            if !isLast { across += lineSpacing }
        }
        extent = across
        lineCount = lines.count
    }

    /// How many items of one length fill a line (FL1): at least one.
    public static func itemsPerLine(length: Double, available: Double, interitem: Double) -> Int {
        guard length > 0 else { return 1 }
        return max(1, Int(((available + interitem + tolerance) / (length + interitem)).rounded(.down)))
    }

    /// Where each item of a line starts along it.
    static func positions(_ lengths: [Double], available: Double, interitem: Double, _ alignment: FlowLineAlignment) -> [Double] {
        let used = lengths.reduce(0, +) + interitem * Double(max(0, lengths.count - 1))
        let free = max(0, available - used)
        var spacing = interitem
        var along = 0.0
        if alignment == .justified {
            if lengths.count == 1 {
                along = free / 2
            } else {
                spacing += free / Double(lengths.count - 1)
            }
        }
        var result: [Double] = []
        result.reserveCapacity(lengths.count)
        for length in lengths {
            result.append(along)
            along += length + spacing
        }
        return result
    }

    /// Points by which a line may overflow and still take the item (sums of fractional sizes).
    public static let tolerance = 0.001
}
