import CollectionView
import JSONModel

extension Counts {
    /// The counters as a JSON object keyed by their `docs/scenarios.md` names (client output and the
    /// Varlink replies use the same shape).
    public var jsonFields: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: named.map { ($0.0, JSONValue.number(Double($0.1))) })
    }
}
