import Foundation

/// Xcode's previews (`PreviewProvider`): they compile, and are never run.
@preconcurrency @MainActor
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// A device a preview is drawn on (`PreviewDevice`).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// A preview's size (`PreviewLayout`).
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A preview's orientation (`InterfaceOrientation`).
public struct InterfaceOrientation: Sendable {
    public static let portrait = InterfaceOrientation()
    public static let landscapeLeft = InterfaceOrientation()
    public static let landscapeRight = InterfaceOrientation()
}

extension View {
    public func previewDevice(_ value: PreviewDevice?) -> some View { named("previewDevice") }
    public func previewLayout(_ value: PreviewLayout) -> some View { named("previewLayout") }
    public func previewDisplayName(_ value: String?) -> some View { named("previewDisplayName") }
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { named("previewInterfaceOrientation") }
}

/// An app (`App`), its scenes (`Scene`, `WindowGroup`): compiled, never run (scrollsim-prepare
/// removes `@main`).
@preconcurrency @MainActor
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

@preconcurrency @MainActor
public protocol Scene {}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}

@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> TupleScene<(repeat each S)> { TupleScene() }
}

public struct TupleScene<T>: Scene {}

/// The app delegate of a SwiftUI app (`@UIApplicationDelegateAdaptor`).
@propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject> {
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
    public var wrappedValue: DelegateType {
        fatalError("the app delegate of a SwiftUI App is not made on Linux: the app is never run")
    }
}
