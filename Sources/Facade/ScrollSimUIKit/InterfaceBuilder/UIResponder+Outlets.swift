import Foundation
import ObjectiveC

/// Views and controllers keep their outlets by name: key-value coding connects them, as nib
/// loading does (`setValue(_:forKey:)`).
extension UIResponder: KeyValueCodingStorage {
    // Nonisolated: outlets are read through `Mirror` and their own storage, which key-value
    // coding touches on the thread that calls it, as UIKit's does on the main thread.
    nonisolated public func value(storedFor key: String) -> Any?? {
        guard let outlet = Outlets.of(self).first(where: { $0.name == key }) else { return nil }
        return .some(outlet.currentValue)
    }

    nonisolated public func store(_ value: Any?, for key: String) -> Bool {
        Outlets.of(self).first(where: { $0.name == key })?.connect(to: value) ?? false
    }
}
