import Foundation

/// An object that keeps values by key itself, for key-value coding: views and controllers (their
/// outlets, in scrollsim's UIKit), managed objects (their attributes, in its CoreData).
public protocol KeyValueCodingStorage: AnyObject {
    /// The value stored for `key` (`.some(nil)` for a nil value), or nil when there is no such key.
    func value(storedFor key: String) -> Any??
    /// Stores `value` for `key`; false when there is no such key or the value is of another type.
    func store(_ value: Any?, for key: String) -> Bool
}

extension NSObject {
    /// Key-value coding, as nib loading uses it to connect outlets (`cell.setValue(button,
    /// forKey: "likeButton")` reaches a private outlet too) and as managed objects keep their
    /// attributes. On Linux only what an object stores by key (`KeyValueCodingStorage`) can be
    /// set; any other key stops the program with Foundation's "not key value coding-compliant"
    /// message, as it would on a device.
    public func setValue(_ value: Any?, forKey key: String) {
        if let storage = self as? any KeyValueCodingStorage, storage.store(value, for: key) { return }
        fatalError(
            "[<\(type(of: self))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key). (On Linux, key-value coding sets outlets and managed attributes only.)"
        )
    }

    /// The value for `key`: what the object stores by key, else a stored property of that name,
    /// read through `Mirror`.
    public func value(forKey key: String) -> Any? {
        if let storage = self as? any KeyValueCodingStorage, let value = storage.value(storedFor: key) { return value }
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == key || $0.label == "$__lazy_storage_$_" + key }) {
                return child.value
            }
            mirror = current.superclassMirror
        }
        fatalError(
            "[<\(type(of: self))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }
}
