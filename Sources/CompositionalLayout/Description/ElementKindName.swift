/// An element kind's name, held by reference. Layout attributes are made and copied for every
/// element a frame visits: with a `String?` field every copy and destroy went through the type's
/// value witnesses (about 8 % of a simulated frame, callgrind); a reference costs one retain, and
/// none for a cell, which has no kind. The descriptions that name a kind make its box once, so a
/// frame allocates none. Equal by name, as the strings were.
final class ElementKindName: Sendable, Hashable {
    let name: String

    init(_ name: String) { self.name = name }

    static func == (lhs: ElementKindName, rhs: ElementKindName) -> Bool { lhs === rhs || lhs.name == rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
