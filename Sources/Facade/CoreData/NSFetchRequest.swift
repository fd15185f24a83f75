import Foundation

/// A fetch request (`NSFetchRequest`).
open class NSFetchRequest<ResultType>: NSObject, @unchecked Sendable {
    // Unchecked: configured, then used on its context's queue.

    /// What a fetch returns (`NSFetchRequestResultType`).
    public enum ResultTypeKind: UInt, Sendable {
        case managedObjectResultType = 0, managedObjectIDResultType = 1, dictionaryResultType = 2, countResultType = 4
    }

    open var entityName: String?
    open var predicate: NSPredicate?
    open var sortDescriptors: [NSSortDescriptor]?
    open var fetchLimit = 0
    open var fetchOffset = 0
    open var fetchBatchSize = 0
    open var returnsObjectsAsFaults = true
    open var relationshipKeyPathsForPrefetching: [String]?
    open var resultType: ResultTypeKind = .managedObjectResultType
    open var includesPendingChanges = true

    public init(entityName: String) {
        self.entityName = entityName
        super.init()
    }

    public override convenience init() { self.init(entityName: "") }
}

/// `NSFetchRequestResultType`'s cases under their Objective-C names.
public typealias NSFetchRequestResultType = NSFetchRequest<NSManagedObject>.ResultTypeKind
