import Foundation

/// How much room text takes (AL3 [B]): text is not typeset here, so every character advances by
/// the same fraction of the point size and lines break greedily at spaces, which is near enough to
/// count the lines of a label that wraps.
enum TextMetrics {
    /// A character's advance, in ems: the mean over English text set in the system font.
    nonisolated(unsafe) static var averageAdvance: CGFloat = 0.5
    /// The system font's ascender and descender, in ems (SF Pro's hhea metrics).
    static let ascender: CGFloat = 0.952
    static let descender: CGFloat = -0.241

    /// The width of `text` on one line.
    static func width(of text: Substring, font: UIFont) -> CGFloat {
        CGFloat(text.count) * font.pointSize * averageAdvance
    }

    /// The lines `text` takes at `width` (unbounded when nil): explicit line breaks, then words
    /// moved to the next line when they do not fit; a word wider than a line breaks anywhere.
    static func lines(of text: String, font: UIFont, width: CGFloat?) -> [Substring] {
        var lines: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let width, width > 0 else {
                lines.append(paragraph)
                continue
            }
            let perLine = max(1, Int((width / (font.pointSize * averageAdvance)).rounded(.down)))
            var line = paragraph[paragraph.startIndex..<paragraph.startIndex]
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let joined = line.isEmpty ? word : paragraph[line.startIndex..<word.endIndex]
                if joined.count <= perLine {
                    line = joined
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                var rest = word
                while rest.count > perLine {
                    let end = rest.index(rest.startIndex, offsetBy: perLine)
                    lines.append(rest[..<end])
                    rest = rest[end...]
                }
                line = rest
            }
            lines.append(line)
        }
        return lines
    }

    /// The size of `text` in at most `numberOfLines` lines (0: any number) at `width`, rounded up
    /// to the pixel at `scale` as UIKit rounds a label's intrinsic size.
    static func size(of text: String, font: UIFont, numberOfLines: Int, width: CGFloat?, scale: CGFloat) -> CGSize {
        guard !text.isEmpty else { return .zero }
        var lines = self.lines(of: text, font: font, width: numberOfLines == 1 ? nil : width)
        if numberOfLines > 0, lines.count > numberOfLines { lines.removeLast(lines.count - numberOfLines) }
        let widest = lines.map { self.width(of: $0, font: font) }.max() ?? 0
        let pixel = { (value: CGFloat) in (value * scale).rounded(.up) / scale }
        return CGSize(width: pixel(widest), height: pixel(CGFloat(lines.count) * font.lineHeight))
    }
}

extension UIView {
    /// The screen scale intrinsic sizes round to: the view's traits', or 3 (an iPhone's) when
    /// they name none.
    var pixelScale: CGFloat { traitCollection.displayScale > 0 ? traitCollection.displayScale : 3 }
}

extension UIImage {
    /// An SF Symbol's side shown with `configuration` (or its own): its point size, 17 when none
    /// is set (AL3 [B]).
    func symbolSide(_ configuration: SymbolConfiguration?) -> CGFloat {
        (configuration ?? symbolConfiguration)?.pointSize ?? 17
    }
}
