import Foundation

extension UIColor {
    /// Sets the colour of the current drawing context's fills, strokes or both (nothing is drawn
    /// on Linux: a `draw(_:)` or an image renderer that calls these runs to its end).
    public func setFill() {}
    public func setStroke() {}
    public func set() {}
}
