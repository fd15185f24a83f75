import Testing

@testable import DiffableDataSource

typealias S = Snapshot<String, String>

/// A snapshot with sections A (a1, a2, a3) and B (b1, b2).
func sample(rules: SnapshotRules = .strict) throws -> S {
    var s = S(rules: rules)
    try s.appendSections(["A", "B"])
    try s.appendItems(["a1", "a2", "a3"], toSection: "A")
    try s.appendItems(["b1", "b2"], toSection: "B")
    return s
}

func layout(_ s: S) -> String {
    s.sectionIdentifiers.map { "\($0):" + (s.itemIdentifiers(inSection: $0) ?? []).joined(separator: ",") }.joined(separator: " ")
}

/// Every row of the UIKit model 3.2 table: the effect, and UIKit's error cases with their messages.
@Suite("Snapshot API (UIKit model 3.2)")
struct SnapshotTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let rules: SnapshotRules
        let edit: @Sendable (inout S) throws -> Void
        /// The layout afterwards, or the error message.
        let expected: Result<String, SnapshotError>
        var testDescription: String { name }

        init(
            _ name: String, rules: SnapshotRules = .strict, _ expected: Result<String, SnapshotError>,
            _ edit: @escaping @Sendable (inout S) throws -> Void
        ) {
            self.name = name
            self.rules = rules
            self.edit = edit
            self.expected = expected
        }
    }

    static let rows: [Row] = [
        Row("appendSections adds at the end in order", .success("A:a1,a2,a3 B:b1,b2 C: D:")) {
            try $0.appendSections(["C", "D"])
        },
        Row(
            "appendSections with an existing section is an error (D1.1)",
            .failure(.duplicateSections([.init(identifier: "\"A\"", origin: "already a section at index 0")]))
        ) { try $0.appendSections(["A"]) },
        Row(
            "appendSections with a section twice in the call is an error",
            .failure(.duplicateSections([.init(identifier: "\"C\"", origin: "twice in this call (positions 0 and 1)")]))
        ) { try $0.appendSections(["C", "C"]) },
        Row("lenient: appendSections ignores an existing section (D1.3 [O])", rules: .lenient, .success("A:a1,a2,a3 B:b1,b2 C:"))
        { try $0.appendSections(["A", "C"]) },
        Row("insertSections before", .success("A:a1,a2,a3 C: B:b1,b2")) { try $0.insertSections(["C"], beforeSection: "B") },
        Row("insertSections after", .success("A:a1,a2,a3 B:b1,b2 C:")) { try $0.insertSections(["C"], afterSection: "B") },
        Row(
            "insertSections relative to a missing section is an error [B]",
            .failure(.sectionNotFound("\"Z\"", operation: "insertSections"))
        ) { try $0.insertSections(["C"], beforeSection: "Z") },
        Row("deleteSections removes sections with their items; missing ids ignored [B]", .success("B:b1,b2")) {
            $0.deleteSections(["A", "Z"])
        },
        Row("moveSection before", .success("B:b1,b2 A:a1,a2,a3")) { try $0.moveSection("B", beforeSection: "A") },
        Row("moveSection after", .success("B:b1,b2 A:a1,a2,a3")) { try $0.moveSection("A", afterSection: "B") },
        Row(
            "moveSection with a missing section is an error [B]",
            .failure(.sectionNotFound("\"Z\"", operation: "moveSection"))
        ) { try $0.moveSection("Z", afterSection: "B") },
        Row("reloadSections marks existing sections", .success("A:a1,a2,a3 B:b1,b2")) { try $0.reloadSections(["B"]) },
        Row(
            "reloadSections with a missing section is an error [B]",
            .failure(.sectionNotFound("\"Z\"", operation: "reloadSections"))
        ) { try $0.reloadSections(["Z"]) },
        Row("appendItems to a named section", .success("A:a1,a2,a3,x B:b1,b2")) { try $0.appendItems(["x"], toSection: "A") },
        Row("appendItems with no section appends to the last section", .success("A:a1,a2,a3 B:b1,b2,x")) {
            try $0.appendItems(["x"])
        },
        Row("appendItems with no sections at all is an error", .failure(.noSections)) {
            $0 = S(); try $0.appendItems(["x"])
        },
        Row(
            "appendItems to a missing section is an error",
            .failure(.sectionNotFound("\"Z\"", operation: "appendItems"))
        ) { try $0.appendItems(["x"], toSection: "Z") },
        Row(
            "appendItems with duplicates names each and where it came from (D1.2)",
            .failure(
                .duplicateItems([
                    .init(identifier: "\"b2\"", origin: "already in section \"B\" at index 1"),
                    .init(identifier: "\"x\"", origin: "twice in this call (positions 1 and 2)"),
                ]))
        ) { try $0.appendItems(["b2", "x", "x"], toSection: "A") },
        Row("insertItems before", .success("A:a1,x,a2,a3 B:b1,b2")) { try $0.insertItems(["x"], beforeItem: "a2") },
        Row("insertItems after", .success("A:a1,a2,a3 B:b1,b2,x")) { try $0.insertItems(["x"], afterItem: "b2") },
        Row(
            "insertItems relative to a missing item is an error",
            .failure(.itemNotFound("\"zz\"", operation: "insertItems"))
        ) { try $0.insertItems(["x"], afterItem: "zz") },
        Row(
            "insertItems with an existing identifier is an error (strict, D1.3)",
            .failure(.duplicateItems([.init(identifier: "\"b1\"", origin: "already in section \"B\" at index 0")]))
        ) { try $0.insertItems(["b1"], afterItem: "a1") },
        Row("lenient: insertItems moves an existing identifier (D1.3 [O])", rules: .lenient, .success("A:a1,b1,a2,a3 B:b2")) {
            try $0.insertItems(["b1"], afterItem: "a1")
        },
        Row("deleteItems removes; missing ids ignored [B]", .success("A:a1,a3 B:b2")) { $0.deleteItems(["a2", "b1", "nope"]) },
        Row("deleteAllItems removes items and sections [B]", .success("")) { $0.deleteAllItems() },
        Row(
            "backport rule: deleteAllItems keeps empty sections", rules: SnapshotRules(deleteAllItemsKeepsSections: true),
            .success("A: B:")
        ) { $0.deleteAllItems() },
        Row("moveItem before, across sections", .success("A:a1,a3 B:a2,b1,b2")) { try $0.moveItem("a2", beforeItem: "b1") },
        Row("moveItem after, within a section", .success("A:a2,a3,a1 B:b1,b2")) { try $0.moveItem("a1", afterItem: "a3") },
        Row("moveItem with a missing item is an error", .failure(.itemNotFound("\"zz\"", operation: "moveItem"))) {
            try $0.moveItem("zz", afterItem: "a3")
        },
        Row("moveItem relative to itself is an error", .failure(.moveRelativeToItself("\"a1\""))) {
            try $0.moveItem("a1", afterItem: "a1")
        },
        Row("reloadItems marks existing items", .success("A:a1,a2,a3 B:b1,b2")) { try $0.reloadItems(["a1"]) },
        Row(
            "reloadItems with a missing item is UIKit's exception (R28)",
            .failure(.itemNotFound("\"zz\"", operation: "reloadItems"))
        ) { try $0.reloadItems(["zz"]) },
        Row("reconfigureItems marks existing items", .success("A:a1,a2,a3 B:b1,b2")) { try $0.reconfigureItems(["b2"]) },
        Row(
            "reconfigureItems with a missing item is an error [B]",
            .failure(.itemNotFound("\"zz\"", operation: "reconfigureItems"))
        ) { try $0.reconfigureItems(["zz"]) },
    ]

    @Test("3.2 row", arguments: rows)
    func row(_ row: Row) throws {
        var snapshot = try sample(rules: row.rules)
        switch row.expected {
        case .success(let expected):
            try row.edit(&snapshot)
            #expect(layout(snapshot) == expected)
        case .failure(let expected):
            let before = snapshot
            #expect(throws: expected) { try row.edit(&snapshot) }
            if expected != .noSections { #expect(snapshot == before, "a failed mutation changes nothing") }
        }
        #expect(snapshot._checkInvariants())
    }

    @Test("error messages read like UIKit's")
    func messages() {
        let duplicate = SnapshotError.duplicateItems([.init(identifier: "\"b2\"", origin: "already in section \"B\" at index 1")])
        #expect(
            duplicate.description
                == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: \"b2\" (already in section \"B\" at index 1)"
        )
        #expect(
            SnapshotError.itemNotFound("\"x\"", operation: "reloadItems").description
                == "Attempted to reload item identifier that does not exist in the snapshot: \"x\"")
        #expect(SnapshotError.noSections.description.contains("no sections"))
    }

    @Test("queries: counts, identifiers, index of, section containing")
    func queries() throws {
        let s = try sample()
        #expect(s.numberOfSections == 2)
        #expect(s.numberOfItems == 5)
        #expect(s.numberOfItems(inSection: "B") == 2)
        #expect(s.numberOfItems(inSection: "Z") == nil)
        #expect(s.itemIdentifiers == ["a1", "a2", "a3", "b1", "b2"])
        #expect(s.sectionIdentifier(containingItem: "b2") == "B")
        #expect(s.indexOfItem("a3") == 2)
        #expect(s.indexOfSection("B") == 1)
        #expect(s.indexOfItem("zz") == nil)
    }

    @Test("marks go with their items: deleting a reloaded item drops the mark")
    func marksFollowItems() throws {
        var s = try sample()
        try s.reloadItems(["a1", "b1"])
        try s.reconfigureItems(["b2"])
        s.deleteItems(["a1"])
        s.deleteSections(["B"])
        #expect(s.reloadedItemIdentifiers.isEmpty)
        #expect(s.reconfiguredItemIdentifiers.isEmpty)
        #expect(s._checkInvariants())
    }
}
