extension SectionSnapshot {
    /// Whether the tree's invariants hold (parents and children agree, every node reachable); tests
    /// check it after their mutations.
    func _checkInvariants() -> Bool {
        var seen = 0
        var ok = true
        walk(roots, onlyVisible: false) { id, _ in
            seen += 1
            for child in nodes[id]!.children where nodes[child]?.parent != id { ok = false }
        }
        return ok && seen == nodes.count && roots.allSatisfy { nodes[$0]?.parent == nil }
    }
}
