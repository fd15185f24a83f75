/// A motion in progress on the main axis or one orthogonal row.
struct Animation: Sendable {
    enum Target: Sendable, Hashable {
        case main
        case row(String)
    }

    var target: Target
    var motion: ScrollMotion
}
