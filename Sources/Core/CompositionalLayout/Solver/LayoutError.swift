/// Why a layout description cannot be laid out.
///
/// UIKit would hang or crash on most of these; scrollsim reports them with the section and the
/// element path so a scenario author can find the mistake.
public enum LayoutError: Error, Sendable, Hashable {
    /// A number in the description is NaN, infinite or negative where that has no meaning.
    case invalidValue(section: Int, path: String, value: Double)
    /// A `count`/`repeating` group with a count below 1.
    case invalidCount(section: Int, path: String, count: Int)
    /// A group with no subitems, or a custom group whose provider returned no frames.
    case emptyGroup(section: Int, path: String)
    /// A filling group whose subitems advance by zero length would repeat forever.
    case nonAdvancingGroup(section: Int, path: String)
    /// A group instance would hold more slots than `limit` (e.g. items 0.0001 wide).
    case tooManySlots(section: Int, path: String, limit: Int)
    /// An index path outside the laid-out data.
    case indexPathOutOfRange(ItemPath)
}

extension LayoutError: CustomStringConvertible {
    /// The section index the error is about.
    public var section: Int {
        switch self {
        case .invalidValue(let s, _, _), .invalidCount(let s, _, _), .emptyGroup(let s, _), .nonAdvancingGroup(let s, _),
            .tooManySlots(let s, _, _):
            s
        case .indexPathOutOfRange(let indexPath): indexPath.section
        }
    }

    /// The path inside the section description, e.g. `group.subitems[1].layoutSize.widthDimension`.
    public var path: String? {
        switch self {
        case .invalidValue(_, let p, _), .invalidCount(_, let p, _), .emptyGroup(_, let p), .nonAdvancingGroup(_, let p),
            .tooManySlots(_, let p, _):
            p
        case .indexPathOutOfRange: nil
        }
    }

    /// What is wrong, without the section and path.
    public var problem: String {
        switch self {
        case .invalidValue(_, _, let value):
            "\(value) is not a usable length or fraction (must be finite and not negative)"
        case .invalidCount(_, _, let count):
            "count must be at least 1, got \(count)"
        case .emptyGroup:
            "the group places no items (no subitems, or a custom provider returned no frames)"
        case .nonAdvancingGroup:
            "the subitems have zero length along the group's axis, so the group would repeat them forever"
        case .tooManySlots(_, _, let limit):
            "one group instance would hold more than \(limit) items; check for near-zero item sizes"
        case .indexPathOutOfRange(let indexPath):
            "index path \(indexPath) is outside the laid-out data"
        }
    }

    public var description: String {
        guard let path else { return problem }
        return "section \(section): \(path): \(problem)"
    }
}
