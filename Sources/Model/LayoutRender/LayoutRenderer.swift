/// Draws a `LayoutScene` as plain SVG (any browser opens it): the layout with its sections,
/// items (realised cells filled, the others outlined) and headers, each orthogonal row in place
/// with its own window drawn over it, the main viewport, and below it a timeline of the run.
public enum LayoutRenderer {
    /// Points of layout per pixel of picture.
    static let scale = 0.5
    static let margin = 24.0
    /// The left column, where section names and the viewport's label go.
    static let labelWidth = 130.0
    /// How far an orthogonal row is drawn past its window, in viewport widths (the rest is
    /// summarised as "+N more").
    static let unrolledWindows = 3.0
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#e15759", "#9c755f"]

    /// The picture as an SVG document.
    public static func svg(_ scene: LayoutScene) -> String {
        var svg = SVGWriter()
        svg.text(scene.title, x: margin, y: 28, size: 18, weight: "bold")
        svg.text(scene.subtitle, x: margin, y: 48, size: 12, fill: "#555")
        let layout = drawLayout(scene, into: &svg, top: 70)
        let width = Swift.max(layout.width, 760)
        let bottom = drawTimeline(scene, into: &svg, top: layout.bottom + 36, width: width - 2 * margin)
        return svg.document(width: width, height: bottom + margin)
    }

    static func color(of section: String?, in scene: LayoutScene) -> String {
        guard let section, let index = scene.sections.firstIndex(of: section) else { return "#999999" }
        return palette[index % palette.count]
    }
}
