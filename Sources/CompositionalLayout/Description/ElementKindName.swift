/// An element kind's name, held by reference: the descriptions that name a kind make its box
/// once, attributes share it, and a walk hands it out unretained (`VisitedElement`), so visiting
/// an element copies no string and a frame allocates no box. (Attributes with a `String?` kind were
/// copied and destroyed through the type's value witnesses for every element of every frame,
/// about 8 % of a simulated frame, callgrind.) Equal by name, as the strings were.
final class ElementKindName: Sendable, Hashable {
    let name: String

    init(_ name: String) { self.name = name }

    static func == (lhs: ElementKindName, rhs: ElementKindName) -> Bool { lhs === rhs || lhs.name == rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
