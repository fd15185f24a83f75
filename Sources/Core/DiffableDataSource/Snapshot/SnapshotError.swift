/// UIKit's snapshot and data-source failures (UIKit model 3.1, 3.2), as typed errors.
///
/// UIKit raises `NSInternalInconsistencyException` and the app crashes; scrollsim reports the same
/// condition with the offending identifiers (rendered with `String(describing:)`) and where they
/// came from.
public enum SnapshotError: Error, Sendable, Hashable {
    /// One duplicate identifier and where its two occurrences are.
    public struct Duplicate: Sendable, Hashable, CustomStringConvertible {
        public var identifier: String
        /// E.g. `already in section "company" at index 3`, or `twice in this call (positions 0 and 4)`.
        public var origin: String

        public init(identifier: String, origin: String) {
            self.identifier = identifier
            self.origin = origin
        }

        public var description: String { "\(identifier) (\(origin))" }
    }

    /// D1.2: item identifiers must be unique across the whole snapshot.
    case duplicateItems([Duplicate])
    /// D1.1: section identifiers must be unique.
    case duplicateSections([Duplicate])
    /// `appendItems` with no section to append to.
    case noSections
    /// A section named by the call is not in the snapshot.
    case sectionNotFound(String, operation: String)
    /// An item named by the call is not in the snapshot.
    case itemNotFound(String, operation: String)
    /// An item or section moved relative to itself.
    case moveRelativeToItself(String)
    /// D3.4: `apply` was called while another apply was running (e.g. from inside the cell
    /// provider).
    case reentrantApply
    /// An outline operation named a parent that is not in the section snapshot.
    case parentNotFound(String)
    /// An outline item cannot become its own ancestor.
    case cyclicOutline(String)
}

extension SnapshotError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .duplicateItems(let duplicates):
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
                + duplicates.map(\.description).joined(separator: ", ")
        case .duplicateSections(let duplicates):
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: "
                + duplicates.map(\.description).joined(separator: ", ")
        case .noSections:
            "There are currently no sections in the data source. Please add a section first."
        case .sectionNotFound(let section, let operation):
            "Invalid section identifier \(section) for \(operation): the section does not exist in the snapshot"
        case .itemNotFound(let item, let operation) where operation == "reloadItems":
            "Attempted to reload item identifier that does not exist in the snapshot: \(item)"
        case .itemNotFound(let item, let operation):
            "Invalid item identifier \(item) for \(operation): the item does not exist in the snapshot"
        case .moveRelativeToItself(let identifier):
            "Attempted to move \(identifier) relative to itself"
        case .reentrantApply:
            "Attempted to apply a snapshot while an apply is in progress (apply was called re-entrantly, e.g. from a cell provider)"
        case .parentNotFound(let parent):
            "Invalid parent item identifier \(parent): it does not exist in the section snapshot"
        case .cyclicOutline(let item):
            "Cannot make \(item) a descendant of itself"
        }
    }
}

/// Where UIKit's behaviour is only reported, or differs from the backport, a switch (UIKit model
/// D1.3 and the 3.2 table). The defaults are the strict, documented behaviour.
public struct SnapshotRules: Sendable, Hashable {
    /// D1.3 [O]: `insertItems` with an identifier that exists elsewhere moves the existing item
    /// (one forum test), instead of failing.
    public var insertingExistingItemMovesIt: Bool
    /// D1.3 [O]: `insertSections`/`appendSections` with an existing identifier is ignored instead
    /// of failing.
    public var insertingExistingSectionIsIgnored: Bool
    /// 3.2 [B]: `deleteAllItems` removes the sections too (UIKit, default) or keeps them empty
    /// (the backport's behaviour).
    public var deleteAllItemsKeepsSections: Bool

    public init(
        insertingExistingItemMovesIt: Bool = false, insertingExistingSectionIsIgnored: Bool = false,
        deleteAllItemsKeepsSections: Bool = false
    ) {
        self.insertingExistingItemMovesIt = insertingExistingItemMovesIt
        self.insertingExistingSectionIsIgnored = insertingExistingSectionIsIgnored
        self.deleteAllItemsKeepsSections = deleteAllItemsKeepsSections
    }

    /// Strict rules: every misuse UIKit documents as fatal is an error.
    public static let strict = SnapshotRules()
    /// The quirks reported for UIKit (D1.3) instead of errors.
    public static let lenient = SnapshotRules(insertingExistingItemMovesIt: true, insertingExistingSectionIsIgnored: true)
}
