import Foundation

extension NSObject {
    /// Key-value coding, as nib loading uses it to connect outlets (`cell.setValue(button,
    /// forKey: "likeButton")` reaches a private outlet too). On Linux only outlets can be set
    /// this way; any other key is UIKit's "not key value coding-compliant" exception.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let outlet = Outlets.of(self).first(where: { $0.name == key }) else {
            return UIKitException.raise(
                "[<\(type(of: self))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key). (On Linux, key-value coding sets outlets only.)",
                name: "NSUnknownKeyException")
        }
        guard outlet.connect(to: value) else {
            return UIKitException.raise(
                "[<\(type(of: self))> setValue:forKey:]: the outlet \(key) cannot hold a \(value.map { "\(type(of: $0))" } ?? "nil")",
                name: "NSInvalidArgumentException")
        }
    }

    /// The value of a stored property (or an outlet) named `key`, read through `Mirror`; UIKit's
    /// "not key value coding-compliant" exception for a key the object does not have.
    public func value(forKey key: String) -> Any? {
        if let outlet = Outlets.of(self).first(where: { $0.name == key }) { return outlet.currentValue }
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == key || $0.label == "$__lazy_storage_$_" + key }) {
                return child.value
            }
            mirror = current.superclassMirror
        }
        UIKitException.raise(
            "[<\(type(of: self))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).",
            name: "NSUnknownKeyException")
        return nil
    }
}
