import Foundation
import VirtualRunLoop

/// An outlet (what `@IBOutlet weak var titleLabel: UILabel!` becomes through scrollsim-prepare:
/// `@InterfaceBuilderOutlet("titleLabel") var titleLabel: UILabel!`).
///
/// Nib and storyboard files are not read on Linux, so nothing connects outlets unless a test
/// does (`UINib.connectOutlets(of:_:)`, or by assigning them). Reading an outlet nothing
/// connected does not crash, as an implicitly unwrapped nil would: the outlet gets a stand-in made
/// as nib loading makes views (`init?(coder:)`), an empty outlet collection, or a plain bar button
/// item, and the simulator's warnings name it (`FeedCell.titleLabel`). An outlet set to nil by the
/// app stays nil. The view is held strongly (a wrapped property cannot be weak); on a device its
/// superview holds it.
@propertyWrapper
public struct InterfaceBuilderOutlet<Value: ExpressibleByNilLiteral> {
    /// The outlet's value, in a box of its own: key-value coding (`setValue(_:forKey:)`, which
    /// connects outlets as nib loading does) reaches it through `Mirror`, which sees copies.
    let storage = OutletStorage<Value>()
    /// The property's name, for warnings and key-value coding.
    public let name: String

    public init(_ name: String) { self.name = name }

    @available(*, unavailable, message: "an outlet is a property of a class")
    public var wrappedValue: Value {
        get { fatalError("an outlet is a property of a class") }
        set { fatalError("an outlet is a property of a class") }
    }

    public static subscript<Owner: AnyObject>(
        _enclosingInstance owner: Owner, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
    ) -> Value {
        get {
            let outlet = owner[keyPath: storageKeyPath]
            if !outlet.storage.isConnected { outlet.connectStandIn(owner: owner) }
            return outlet.storage.value
        }
        set {
            owner[keyPath: storageKeyPath].storage.connect(newValue)
        }
    }

    /// A read of an outlet nothing connected: a stand-in, and a warning naming the outlet.
    private func connectStandIn(owner: AnyObject) {
        // Outlets are read on the main thread, where views are made.
        nonisolated(unsafe) var standIn: Any?
        MainActor.assumeIsolated { standIn = OutletStandIn.make(Value.self) }
        let made = standIn == nil ? nil : OptionalOutletValueName.of(Value.self)
        AppClock.report(
            .warning(
                "the outlet \(type(of: owner)).\(name) was read and nothing connected it (nib and storyboard files are not read on Linux): \(made.map { "it got a stand-in \($0), made as nib loading makes views" } ?? "it stays nil"); connect it in the test with UINib.connectOutlets(of: \(type(of: owner)).self) { … }, by assigning it, or with setValue(_:forKey:)"
            ))
        storage.connect((standIn as? Value) ?? nil)
    }
}

/// An outlet's value and whether anything connected it (nil included).
final class OutletStorage<Value: ExpressibleByNilLiteral> {
    var value: Value = nil
    var isConnected = false

    func connect(_ value: Value) {
        self.value = value
        isConnected = true
    }
}

/// An outlet, whatever its type: what `UINib` reads through `Mirror` to name the outlets a nib
/// left unconnected, and what key-value coding connects.
protocol AnyInterfaceBuilderOutlet {
    var name: String { get }
    var isUnconnected: Bool { get }
    var currentValue: Any? { get }
    /// Connects the outlet to `value`; false when it is not of the outlet's type.
    func connect(to value: Any?) -> Bool
}

extension InterfaceBuilderOutlet: AnyInterfaceBuilderOutlet {
    var isUnconnected: Bool { !storage.isConnected }
    var currentValue: Any? { storage.isConnected ? storage.value : nil }

    func connect(to value: Any?) -> Bool {
        guard let value else {
            storage.connect(nil)
            return true
        }
        guard let typed = (Value.self as? any OptionalOutletValue.Type)?.wrapping(value) as? Value ?? (value as? Value) else {
            return false
        }
        storage.connect(typed)
        return true
    }
}

/// The outlets of an object, its superclasses' included, by name.
enum Outlets {
    static func of(_ object: AnyObject) -> [any AnyInterfaceBuilderOutlet] {
        var outlets: [any AnyInterfaceBuilderOutlet] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let outlet = child.value as? any AnyInterfaceBuilderOutlet { outlets.append(outlet) }
            }
            mirror = current.superclassMirror
        }
        return outlets
    }
}

/// What an unconnected outlet gets when it is read.
@MainActor
enum OutletStandIn {
    /// A value of `type` (an optional view, an optional outlet collection), or nil.
    static func make<Value>(_ type: Value.Type) -> Any? {
        guard let optional = type as? any OptionalOutletValue.Type else { return nil }
        return optional.wrapping(standIn(for: optional.wrappedType))
    }

    private static func standIn(for type: Any.Type) -> Any? {
        if let view = type as? UIView.Type { return view.init(coder: NSCoder()) }
        if let collection = type as? any EmptyOutletCollection.Type { return collection.empty }
        if type == UIBarButtonItem.self { return UIBarButtonItem() }
        return nil
    }
}

/// The type an optional outlet wraps, by name (`UILabel`).
enum OptionalOutletValueName {
    static func of<Value>(_ type: Value.Type) -> String {
        (type as? any OptionalOutletValue.Type).map { "\($0.wrappedType)" } ?? "\(type)"
    }
}

/// Optional (an outlet's `UILabel!`): its wrapped type, and a value of itself wrapping another.
protocol OptionalOutletValue {
    static var wrappedType: Any.Type { get }
    static func wrapping(_ value: Any?) -> Any?
}

extension Optional: OptionalOutletValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static func wrapping(_ value: Any?) -> Any? { (value as? Wrapped).map { Optional.some($0) as Any } }
}

/// An outlet collection (`[UIButton]!`), empty.
protocol EmptyOutletCollection {
    static var empty: Any { get }
}

extension Array: EmptyOutletCollection {
    static var empty: Any { [Element]() }
}
