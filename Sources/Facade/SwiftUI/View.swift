import Foundation

// scrollsim's stand-in for SwiftUI on Linux: enough of its names that an app's files compile as
// they are — a `UIHostingController` in a UIKit screen, a cell's `UIHostingConfiguration`,
// `@AppStorage`, `ObservableObject` views, previews. Nothing is laid out or drawn: a hosted view
// is an opaque box whose size is the one its root `.frame(width:height:)` gives (or the space
// offered), and previews compile and are never run.

/// A piece of user interface (SwiftUI's `View`).
@preconcurrency @MainActor
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// A view whose body is not a view of its own (the primitives): reading it is a programming error.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Nothing (`EmptyView`).
public struct EmptyView: PrimitiveView {
    public init() {}
}

/// Any view, its type erased (`AnyView`).
public struct AnyView: PrimitiveView {
    let content: any View
    public init<V: View>(_ view: V) { content = view }
    public init<V: View>(erasing view: V) { content = view }
}

/// Views side by side in a builder (`TupleView`).
public struct TupleView<T>: PrimitiveView {
    public let value: T
    public init(_ value: T) { self.value = value }
}

/// One of two views (`_ConditionalContent`, what `if`/`else` builds).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    enum Storage {
        case first(TrueContent)
        case second(FalseContent)
    }
    let storage: Storage
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a primitive view") }
}

/// Views grouped without a layout of their own (`Group`).
public struct Group<Content: View>: PrimitiveView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// A view with a modifier applied (`ModifiedContent`).
public struct ModifiedContent<Content, Modifier>: PrimitiveView {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

/// A modifier of the app's own (`ViewModifier`).
@preconcurrency @MainActor
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` modifies.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {}

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
}

/// A modifier known only by name: what the stand-in's modifiers record (nothing is drawn).
public struct NamedModifier: Sendable {
    public let name: String
}

extension View {
    /// `self` with a named modifier: every modifier whose effect is only visual.
    func named(_ name: String) -> ModifiedContent<Self, NamedModifier> {
        ModifiedContent(content: self, modifier: NamedModifier(name: name))
    }
}
