import Foundation
import Synchronization
import VirtualRunLoop

/// A managed object context (`NSManagedObjectContext`) over an in-memory store: inserted objects
/// are what fetches find.
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    // Unchecked: a context is used on its own queue, as Core Data requires; here that is the
    // thread that calls it (`perform` runs its block at once).

    /// UIKit-era queue kinds (`NSManagedObjectContextConcurrencyType`).
    public enum ConcurrencyType: UInt, Sendable { case privateQueueConcurrencyType = 1, mainQueueConcurrencyType = 2 }

    public let concurrencyType: ConcurrencyType
    open var name: String?
    open var parent: NSManagedObjectContext?
    open var automaticallyMergesChangesFromParent = false
    open var mergePolicy: Any = NSMergePolicy.error
    open private(set) var registeredObjects: Set<NSManagedObject> = []
    private var inserted: [NSManagedObject] = []
    private var deleted: [NSManagedObject] = []
    /// Every object of the store, by entity name, in insertion order.
    var store: [String: [NSManagedObject]] = [:]

    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
        super.init()
    }

    private static let objectNumbers = Atomic<Int>(0)
    static func nextObjectNumber() -> Int { objectNumbers.add(1, ordering: .relaxed).newValue }

    open var hasChanges: Bool { !inserted.isEmpty || !deleted.isEmpty || registeredObjects.contains { $0.hasChanges } }
    open var insertedObjects: Set<NSManagedObject> { Set(inserted) }
    open var deletedObjects: Set<NSManagedObject> { Set(deleted) }

    open func insert(_ object: NSManagedObject) {
        object.attach(to: self)
        registeredObjects.insert(object)
        inserted.append(object)
        store[object.entity.name ?? "", default: []].append(object)
        object.awakeFromInsert()
    }

    open func delete(_ object: NSManagedObject) {
        object.prepareForDeletion()
        object.markDeleted()
        deleted.append(object)
        store[object.entity.name ?? ""]?.removeAll { $0 === object }
        registeredObjects.remove(object)
    }

    /// Saves: objects are told, and `didSaveObjectsNotification` (and the older
    /// `NSManagedObjectContextDidSave`) carries the inserted, updated and deleted objects.
    open func save() throws {
        let updated = registeredObjects.filter { $0.hasChanges && !inserted.contains($0) }
        for object in registeredObjects where object.hasChanges || inserted.contains(object) {
            object.willSave()
            object.hasChanges = false
            object.didSave()
        }
        let userInfo: [AnyHashable: Any] = [
            NSInsertedObjectsKey: Set(inserted), NSUpdatedObjectsKey: updated, NSDeletedObjectsKey: Set(deleted),
        ]
        inserted.removeAll()
        deleted.removeAll()
        NotificationCenter.default.post(name: Self.didSaveObjectsNotification, object: self, userInfo: userInfo)
        NotificationCenter.default.post(name: .NSManagedObjectContextDidSave, object: self, userInfo: userInfo)
    }

    public static let didSaveObjectsNotification = Notification.Name("NSManagedObjectContextDidSaveObjectsNotification")
    public static let didChangeObjectsNotification = Notification.Name("NSManagedObjectContextObjectsDidChangeNotification")
    public static let willSaveObjectsNotification = Notification.Name("NSManagedObjectContextWillSaveNotification")

    open func rollback() {
        for object in inserted { store[object.entity.name ?? ""]?.removeAll { $0 === object } }
        inserted.removeAll()
        deleted.removeAll()
    }

    open func reset() { rollback() }
    open func refreshAllObjects() {}
    open func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {}

    /// The object with `objectID` (a fresh object of its entity if the store has none, as Core
    /// Data returns a fault).
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        (try? existingObject(with: objectID)) ?? NSManagedObject(entity: objectID.entity, insertInto: nil)
    }

    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let found = store[objectID.entity.name ?? ""]?.first(where: { $0.objectID == objectID }) else {
            throw NSError(domain: NSCocoaErrorDomain, code: 133_000)  // NSManagedObjectReferentialIntegrityError
        }
        return found
    }

    /// The objects of the request's entity, at most `fetchLimit`; a predicate or sort
    /// descriptors are not evaluated, and the simulator's warnings say so.
    open func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        if request.predicate != nil || !(request.sortDescriptors ?? []).isEmpty {
            AppClock.report(
                .warning(
                    "a fetch of \(request.entityName ?? "an entity") has a predicate or sort descriptors, which scrollsim's Core Data does not evaluate (Linux's Foundation has no key-value coding): it returns every object of the entity in insertion order"
                ))
        }
        var objects = store[request.entityName ?? ""] ?? []
        if request.fetchLimit > 0 { objects = Array(objects.prefix(request.fetchLimit)) }
        if request.resultType == .managedObjectIDResultType { return objects.compactMap { $0.objectID as? T } }
        return objects.compactMap { $0 as? T }
    }

    open func count<T>(for request: NSFetchRequest<T>) throws -> Int { try fetch(request).count }

    open func perform(_ block: @escaping () -> Void) { block() }
    open func performAndWait(_ block: () -> Void) { block() }
    open func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async rethrows -> T {
        try block()
    }

    /// How `perform` schedules its block (`NSManagedObjectContext.ScheduledTaskType`).
    public enum ScheduledTaskType: Sendable { case immediate, enqueued }
}

/// Merge policies (`NSMergePolicy`).
public final class NSMergePolicy: NSObject, @unchecked Sendable {
    public static let error = NSMergePolicy()
    public static let mergeByPropertyObjectTrump = NSMergePolicy()
    public static let mergeByPropertyStoreTrump = NSMergePolicy()
    public static let overwrite = NSMergePolicy()
    public static let rollback = NSMergePolicy()
}

/// The keys of a save notification's objects.
public let NSInsertedObjectsKey = "inserted"
public let NSUpdatedObjectsKey = "updated"
public let NSDeletedObjectsKey = "deleted"
public let NSRefreshedObjectsKey = "refreshed"

extension Notification.Name {
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name(
        "NSManagedObjectContextObjectsDidChangeNotification")
}

/// A persistent container (`NSPersistentContainer`): one in-memory store.
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    // Unchecked: its contexts are used as Core Data requires (see NSManagedObjectContext).
    public let name: String
    public let viewContext = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
    open var persistentStoreDescriptions = [NSPersistentStoreDescription()]

    public init(name: String) {
        self.name = name
        super.init()
    }

    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, Error?) -> Void) {
        for description in persistentStoreDescriptions { block(description, nil) }
    }

    /// A background context sharing the view context's store.
    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.parent = viewContext
        return context
    }

    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) { block(viewContext) }
}

/// A store's description (`NSPersistentStoreDescription`).
open class NSPersistentStoreDescription: NSObject, @unchecked Sendable {
    open var url: URL?
    open var type = "InMemory"
    open var shouldAddStoreAsynchronously = false
    open func setOption(_ option: NSObject?, forKey key: String) {}
}

extension NSPredicate {
    /// A predicate from a format (kept, not evaluated: Linux's Foundation has no key-value coding).
    public convenience init(format predicateFormat: String, _ args: CVarArg...) { self.init(value: true) }
}

extension NSSortDescriptor {
    /// A sort by key (kept, not evaluated: Linux's Foundation has no key-value coding).
    public convenience init(key: String?, ascending: Bool) { self.init(keyPath: \NSObject.description, ascending: ascending) }
}
