/// An element kind's name, held by reference: the descriptions that name a kind make its box
/// once, attributes share it, and a walk hands it out unretained (`VisitedElement`), so visiting
/// an element copies no string and a frame allocates no box. (Attributes with a `String?` kind
/// would be copied and destroyed through the type's value witnesses for every element of every
/// frame.) Equal by name, as strings are.
final class ElementKindName: Sendable, Hashable {
    let name: String

    init(_ name: String) { self.name = name }

    static func == (lhs: ElementKindName, rhs: ElementKindName) -> Bool { lhs === rhs || lhs.name == rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
