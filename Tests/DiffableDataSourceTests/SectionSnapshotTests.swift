import Testing

@testable import DiffableDataSource

typealias Outline = SectionSnapshot<String>

/// Food (🍏, 🍓) and Drinks (☕️), as in Apple's section snapshot example.
func food() throws -> Outline {
    var s = Outline()
    try s.append(["Food", "Drinks"])
    try s.append(["apple", "strawberry"], to: "Food")
    try s.append(["coffee"], to: "Drinks")
    return s
}

/// Every section snapshot operation of UIKit model 3.5.
@Suite("Section snapshots (UIKit model 3.5)")
struct SectionSnapshotTests {
    @Test("append to a parent; new parents start collapsed (D5.4 [B] A12); visibleItems are roots only")
    func appendCollapsed() throws {
        let s = try food()
        #expect(s.rootItems == ["Food", "Drinks"])
        #expect(s.items == ["Food", "apple", "strawberry", "Drinks", "coffee"])
        #expect(s.visibleItems == ["Food", "Drinks"])
        #expect(!s.isExpanded("Food"))
        #expect(s._checkInvariants())
    }

    @Test("expand and collapse change visibleItems, depth first (D5.3)")
    func expandCollapse() throws {
        var s = try food()
        s.expand(["Food"])
        #expect(s.visibleItems == ["Food", "apple", "strawberry", "Drinks"])
        s.expand(["Drinks"])
        s.collapse(["Food"])
        #expect(s.visibleItems == ["Food", "Drinks", "coffee"])
        #expect(s.expandedItems == ["Drinks"])
        #expect(s.isVisible("coffee") && !s.isVisible("apple"))
        s.expand(["nothing"])  // unknown items are ignored
        #expect(s._checkInvariants())
    }

    @Test("level(of:) and parent(of:) (D5.2 [B])")
    func levels() throws {
        var s = try food()
        try s.append(["seed"], to: "apple")
        #expect(s.level(of: "Food") == 0)
        #expect(s.level(of: "apple") == 1)
        #expect(s.level(of: "seed") == 2)
        #expect(s.parent(of: "seed") == "apple")
        #expect(s.parent(of: "Food") == nil)
        #expect(s.level(of: "nope") == nil)
    }

    @Test("insert before/after makes siblings")
    func insertSiblings() throws {
        var s = try food()
        try s.insert(["banana"], after: "apple")
        try s.insert(["Snacks"], before: "Drinks")
        #expect(s.children(of: "Food") == ["apple", "banana", "strawberry"])
        #expect(s.rootItems == ["Food", "Snacks", "Drinks"])
        #expect(throws: SnapshotError.itemNotFound("\"nope\"", operation: "insert")) { try s.insert(["x"], after: "nope") }
        #expect(s._checkInvariants())
    }

    @Test("insert another section snapshot with its subtree and expansion")
    func insertSnapshot() throws {
        var s = try food()
        var extra = Outline()
        try extra.append(["Desserts"])
        try extra.append(["cake"], to: "Desserts")
        extra.expand(["Desserts"])
        try s.insert(extra, after: "Food")
        #expect(s.rootItems == ["Food", "Desserts", "Drinks"])
        #expect(s.visibleItems == ["Food", "Desserts", "cake", "Drinks"])
        #expect(s._checkInvariants())
    }

    @Test("delete removes descendants too (D5.1); deleteAll empties")
    func deleteWithDescendants() throws {
        var s = try food()
        try s.append(["seed"], to: "apple")
        s.delete(["apple", "nope"])
        #expect(s.items == ["Food", "strawberry", "Drinks", "coffee"])
        #expect(!s.contains("seed"))
        #expect(s._checkInvariants())
        s.deleteAll()
        #expect(s.items.isEmpty && s.count == 0)
    }

    @Test("replace(childrenOf:using:) swaps a parent's subtree")
    func replaceChildren() throws {
        var s = try food()
        var fruit = Outline()
        try fruit.append(["pear", "plum"])
        try s.replace(childrenOf: "Food", using: fruit)
        #expect(s.children(of: "Food") == ["pear", "plum"])
        #expect(!s.contains("apple"))
        #expect(s.parent(of: "plum") == "Food")
        #expect(throws: SnapshotError.parentNotFound("\"nope\"")) { try s.replace(childrenOf: "nope", using: fruit) }
        #expect(s._checkInvariants())
    }

    @Test("snapshot(of:includingParent:) extracts a subtree")
    func subtree() throws {
        var s = try food()
        try s.append(["seed"], to: "apple")
        let children = try s.snapshot(of: "Food")
        #expect(children.rootItems == ["apple", "strawberry"])
        #expect(children.items == ["apple", "seed", "strawberry"])
        let withParent = try s.snapshot(of: "Food", includingParent: true)
        #expect(withParent.rootItems == ["Food"])
        #expect(withParent.parent(of: "Food") == nil)
        #expect(children._checkInvariants() && withParent._checkInvariants())
    }

    @Test("duplicates are errors naming where the identifier already is (D1.2 within the outline)")
    func duplicates() throws {
        var s = try food()
        #expect(throws: SnapshotError.duplicateItems([.init(identifier: "\"apple\"", origin: "already a child of \"Food\"")])) {
            try s.append(["apple"], to: "Drinks")
        }
        #expect(
            throws: SnapshotError.duplicateItems([.init(identifier: "\"x\"", origin: "twice in this call (positions 0 and 1)")])
        ) {
            try s.append(["x", "x"])
        }
        #expect(throws: SnapshotError.parentNotFound("\"nope\"")) { try s.append(["x"], to: "nope") }
    }

    @Test("visualDescription: * visible, + expanded, - collapsed, indented by level (D5.3)")
    func visualDescription() throws {
        var s = try food()
        s.expand(["Food"])
        #expect(
            s.visualDescription() == """
                *+ Food
                    *  apple
                    *  strawberry
                *- Drinks
                       coffee
                """)
    }
}
