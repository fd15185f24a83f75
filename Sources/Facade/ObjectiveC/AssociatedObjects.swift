import Synchronization

/// How an associated object is held (Objective-C's `objc_AssociationPolicy`). Every policy keeps
/// the value for as long as the object lives: Swift values cannot be copied by `NSCopying` here,
/// and an `ASSIGN` value is kept strongly too (Objective-C would let it dangle).
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Sets the value associated with `object` under `key` (the address of a static or global
/// variable, as Objective-C code passes it); nil removes it. `object` must be a class instance.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    AssociatedObjects.shared.set(value, for: object as AnyObject, key: key)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    AssociatedObjects.shared.value(for: object as AnyObject, key: key)
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociatedObjects.shared.removeAll(for: object as AnyObject)
}

/// The associated values of every object, kept beside the objects (Swift objects have no slot
/// for them): by object identity, each entry holding its object weakly so that an address reused
/// by a new object after the first died never sees the old values.
final class AssociatedObjects: Sendable {
    static let shared = AssociatedObjects()

    private struct Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: AssociatedValue]
    }

    /// A value as the table holds it.
    private struct AssociatedValue: @unchecked Sendable {
        // Unchecked: handed out as Objective-C hands out an associated object, to whoever asks.
        let value: Any
    }

    private struct Table: @unchecked Sendable {
        // Unchecked: `Any` values and raw key addresses; only ever touched under the mutex.
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Entries added since dead ones were last dropped.
        var addedSincePurge = 0
    }

    private let table = Mutex(Table())

    func set(_ value: Any?, for object: AnyObject, key: UnsafeRawPointer) {
        let id = ObjectIdentifier(object)
        table.withLock { table in
            var entry = table.entries[id].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object, values: [:])
            entry.values[key] = value.map(AssociatedValue.init)
            if entry.values.isEmpty {
                table.entries[id] = nil
                return
            }
            if table.entries[id] == nil { table.addedSincePurge += 1 }
            table.entries[id] = entry
            // Values of objects that died are dropped once as many entries were added as there
            // are: the table stays within twice its live size, at constant cost per set.
            if table.addedSincePurge > max(64, table.entries.count / 2) {
                table.entries = table.entries.filter { $0.value.owner != nil }
                table.addedSincePurge = 0
            }
        }
    }

    func value(for object: AnyObject, key: UnsafeRawPointer) -> Any? {
        table.withLock { table in
            guard let entry = table.entries[ObjectIdentifier(object)], entry.owner === object else { return nil }
            return entry.values[key]?.value
        }
    }

    func removeAll(for object: AnyObject) {
        _ = table.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(object)) }
    }

    /// How many objects have values (dead ones not yet dropped included); for tests.
    var count: Int { table.withLock { $0.entries.count } }
}

/// A property as the Objective-C runtime describes it (`objc_property_t`).
public typealias objc_property_t = OpaquePointer

/// The Objective-C property `name` of `cls`: always nil on Linux, where no class has any (code
/// that probes for a private property before setting it, as apps do, then leaves it alone).
public func class_getProperty(_ cls: AnyClass?, _ name: UnsafePointer<CChar>) -> objc_property_t? { nil }
