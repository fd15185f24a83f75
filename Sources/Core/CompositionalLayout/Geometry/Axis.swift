/// One of the two layout axes.
///
/// The solver is written once, parameterised by `Axis`, instead of duplicating horizontal and
/// vertical code paths (UIKit model U2: a horizontal main layout mirrors every rule).
public enum Axis: Sendable, Hashable, CaseIterable {
    /// The x axis: widths, leading and trailing edges.
    case horizontal
    /// The y axis: heights, top and bottom edges.
    case vertical

    /// The perpendicular axis.
    @inlinable
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}
