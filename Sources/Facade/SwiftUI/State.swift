import Combine
import Foundation

/// A view's own value (`@State`), kept in a box so that a view's body can change it.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: Box<Value>
    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }
    public init() where Value: ExpressibleByNilLiteral { box = Box(nil) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

/// A value shared by reference between views (`@Binding`).
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    private let read: () -> Value
    private let write: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { read()[keyPath: keyPath] },
            set: { value in
                var whole = read()
                whole[keyPath: keyPath] = value
                write(whole)
            })
    }
}

/// A value in a box, for the wrappers above.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A property a view reads from outside itself (`DynamicProperty`).
public protocol DynamicProperty {}

/// An observable object a view observes (`@ObservedObject`, `@StateObject`, `@EnvironmentObject`).
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType
    private let box = Box<ObjectType?>(nil)
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
    public var wrappedValue: ObjectType {
        if let object = box.value { return object }
        let object = make()
        box.value = object
        return object
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: wrappedValue).projectedValue }
}

@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    public init() {}
    public var wrappedValue: ObjectType {
        fatalError("@EnvironmentObject \(ObjectType.self) is read only in a view's body, which scrollsim's SwiftUI never runs")
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: wrappedValue).projectedValue }
}

/// A value from the environment (`@Environment(\.colorScheme)`): the defaults of an iPhone in
/// light mode.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// A key for a value of the app's own in the environment (`EnvironmentKey`).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The environment's values (`EnvironmentValues`).
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
    public var colorScheme: ColorScheme = .light
    public var horizontalSizeClass: UserInterfaceSizeClass? = .compact
    public var verticalSizeClass: UserInterfaceSizeClass? = .regular
    public var isEnabled = true
    public var locale = Locale(identifier: "en_US")
    public var calendar = Calendar(identifier: .gregorian)
    public var timeZone = TimeZone(identifier: "UTC")!
    public var dismiss = DismissAction()
    public var openURL = OpenURLAction { _ in .handled }
    public var scenePhase: ScenePhase = .active
    public var displayScale: CGFloat = 3
}

/// Dismisses the presented view (`DismissAction`): nothing is presented here.
public struct DismissAction {
    public func callAsFunction() {}
}

/// Opens a URL (`OpenURLAction`).
public struct OpenURLAction {
    public struct Result: Sendable { public static let handled = Result(), discarded = Result(), systemAction = Result() }
    let handler: (URL) -> Result
    public init(handler: @escaping (URL) -> Result) { self.handler = handler }
    public func callAsFunction(_ url: URL) { _ = handler(url) }
}

/// The app's state (`ScenePhase`).
public enum ScenePhase: Sendable { case background, inactive, active }

extension View {
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { named("environment") }
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View { named("environmentObject") }
}

/// A value kept in `UserDefaults.standard` (`@AppStorage("onboarded") var onboarded = false`).
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let key: String
    private let store: UserDefaults
    private let defaultValue: Value
    private let decode: (Any) -> Value?
    private let encode: (Value) -> Any

    private init(
        key: String, store: UserDefaults?, defaultValue: Value, decode: @escaping (Any) -> Value?,
        encode: @escaping (Value) -> Any
    ) {
        self.key = key
        self.store = store ?? .standard
        self.defaultValue = defaultValue
        self.decode = decode
        self.encode = encode
    }

    public var wrappedValue: Value {
        get { store.object(forKey: key).flatMap(decode) ?? defaultValue }
        nonmutating set { store.set(encode(newValue), forKey: key) }
    }

    public var projectedValue: Binding<Value> { Binding(get: { wrappedValue }, set: { wrappedValue = $0 }) }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Bool }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Int }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Double }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? String }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(
            key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(URL.init(string:)) },
            encode: { $0.absoluteString })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Data }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(
            key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(Value.init(rawValue:)) },
            encode: { $0.rawValue })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(
            key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? Int).flatMap(Value.init(rawValue:)) },
            encode: { $0.rawValue })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? String }, encode: { $0 as Any })
    }
}

/// Which field has the keyboard (`@FocusState`): nothing does.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    private let box: Box<Value>
    public init() where Value == Bool { box = Box(false) }
    public init<T: Hashable>() where Value == T? { box = Box(nil) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

extension View {
    public func focused(_ condition: Binding<Bool>) -> some View { named("focused") }
    public func focused<V: Hashable>(_ binding: Binding<V?>, equals value: V) -> some View { named("focused") }
}
