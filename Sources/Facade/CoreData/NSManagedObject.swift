import Foundation
import ObjectiveC
import Synchronization

// scrollsim's stand-in for Core Data on Linux: the types a diffable screen names — managed
// objects and their IDs as item identifiers, a context, fetch requests and a fetched-results
// controller that hands its delegate a snapshot — over an in-memory store. Predicates and sort
// descriptors are kept but not evaluated (Linux's Foundation has no key-value coding to evaluate
// them with): a fetch that has them says so in the simulator's warnings.

/// A managed object's identity (`NSManagedObjectID`): equal for the same object, stable while it
/// lives, usable as a diffable data source's item identifier.
public final class NSManagedObjectID: NSObject, NSFetchRequestResult, @unchecked Sendable {
    // Unchecked: immutable after init.
    public let entity: NSEntityDescription
    let number: Int

    init(entity: NSEntityDescription, number: Int) {
        self.entity = entity
        self.number = number
    }

    public var isTemporaryID: Bool { false }
    public func uriRepresentation() -> URL { URL(string: "x-coredata://scrollsim/\(entity.name ?? "Entity")/p\(number)")! }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSManagedObjectID else { return false }
        return other.number == number && other.entity.name == entity.name
    }

    public override var hash: Int { number }
    public override var description: String { "<x-coredata://scrollsim/\(entity.name ?? "Entity")/p\(number)>" }
}

/// An entity (`NSEntityDescription`): its name; the object's class.
public final class NSEntityDescription: NSObject, @unchecked Sendable {
    // Unchecked: set once, when the entity is made.
    public var name: String?
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    public var managedObjectClassName: String!

    public init(name: String?) {
        self.name = name
        self.managedObjectClassName = name
    }

    public override convenience init() { self.init(name: nil) }

    public class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        NSEntityDescription(name: entityName)
    }

    public class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        NSManagedObject(entity: NSEntityDescription(name: entityName), insertInto: context)
    }
}

/// What a fetch returns (`NSFetchRequestResult`).
public protocol NSFetchRequestResult: AnyObject {}

extension NSNumber: NSFetchRequestResult {}
extension NSDictionary: NSFetchRequestResult {}

/// A managed object (`NSManagedObject`): its attributes kept by name (what `@NSManaged`
/// properties read and write through scrollsim-prepare, and key-value coding).
open class NSManagedObject: NSObject, NSFetchRequestResult, KeyValueCodingStorage {
    public let entity: NSEntityDescription
    public private(set) var objectID: NSManagedObjectID
    open private(set) weak var managedObjectContext: NSManagedObjectContext?
    open private(set) var isDeleted = false
    open var isInserted: Bool { managedObjectContext != nil && !isDeleted }
    open var hasChanges = false
    private let values = Mutex<[String: AttributeValue]>([:])

    struct AttributeValue: @unchecked Sendable {
        // Unchecked: attribute values are read and written under the object's mutex.
        let value: Any?
    }

    public init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        self.objectID = NSManagedObjectID(entity: entity, number: NSManagedObjectContext.nextObjectNumber())
        super.init()
        context?.insert(self)
    }

    public convenience init(context: NSManagedObjectContext) {
        self.init(entity: Self.entity(), insertInto: context)
    }

    public override convenience init() { self.init(entity: Self.entity(), insertInto: nil) }

    /// The entity of the class: its name.
    open class func entity() -> NSEntityDescription { NSEntityDescription(name: "\(self)") }

    /// A fetch request for the class's entity.
    open class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> { NSFetchRequest(entityName: "\(self)") }

    func attach(to context: NSManagedObjectContext?) {
        managedObjectContext = context
        isDeleted = false
    }

    func markDeleted() { isDeleted = true }

    public func value(storedFor key: String) -> Any?? {
        values.withLock { $0[key] }.map { .some($0.value) } ?? .some(nil)
    }

    public func store(_ value: Any?, for key: String) -> Bool {
        values.withLock { $0[key] = AttributeValue(value: value) }
        hasChanges = true
        return true
    }

    open func willSave() {}
    open func didSave() {}
    open func awakeFromInsert() {}
    open func awakeFromFetch() {}
    open func prepareForDeletion() {}
}

/// An `@NSManaged` attribute (`@NSManaged var title: String?` becomes
/// `@NSManagedAttribute("title") var title: String?` through scrollsim-prepare): stored in the
/// object by name, read back as its type; one never set reads as nil (a non-optional one stops the
/// program, as reading an unset non-optional attribute does).
@propertyWrapper
public struct NSManagedAttribute<Value> {
    public let name: String
    public init(_ name: String) { self.name = name }

    @available(*, unavailable, message: "a managed attribute is a property of an NSManagedObject")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Owner: NSManagedObject>(
        _enclosingInstance owner: Owner, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
    ) -> Value {
        get {
            let name = owner[keyPath: storageKeyPath].name
            let stored = owner.value(storedFor: name) ?? nil
            if let value = stored as? Value { return value }
            let nothing: Any? = nil
            if let none = nothing as? Value { return none }
            fatalError("the managed attribute \(type(of: owner)).\(name) was read before it was set")
        }
        set {
            _ = owner.store(newValue, for: owner[keyPath: storageKeyPath].name)
        }
    }
}
