import Foundation

/// A UIKit controller showing a SwiftUI view (`UIHostingController`). Nothing is laid out and no
/// body is run: its view is an opaque box whose size is the root view's own
/// `.frame(width:height:)` where it gives one (`UIHostingController(rootView: Row().frame(height:
/// 80))`), else the controller's `preferredContentSize` where a test set one, else what it is
/// offered (`sizeThatFits(in:)`).
@preconcurrency @MainActor
open class UIHostingController<Content: View>: UIViewController {
    public var rootView: Content
    /// How the controller reports its size (`UIHostingControllerSizingOptions`); stored.
    public var sizingOptions: UIHostingControllerSizingOptions = []
    public var safeAreaRegions: SafeAreaRegions = .all

    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not available: make a UIHostingController with init(rootView:)")
    }

    open override func loadView() {
        let size = sizeThatFits(in: UIScreen.main.bounds.size)
        let hosting = HostingView(frame: CGRect(origin: .zero, size: size))
        hosting.size = (size.width, size.height)
        view = hosting
    }

    /// The root view's own size (its `.frame(width:height:)`), each side nil where it gives none.
    var rootSize: (width: CGFloat?, height: CGFloat?) { HostedSize.of(rootView) }

    /// The size the hosted view takes in `size`: its root frame's sides, else the preferred
    /// content size's, else the size offered.
    open func sizeThatFits(in size: CGSize) -> CGSize {
        let own = rootSize
        let preferred = preferredContentSize
        return CGSize(
            width: own.width ?? (preferred.width > 0 ? preferred.width : size.width),
            height: own.height ?? (preferred.height > 0 ? preferred.height : size.height))
    }
}

/// How a hosting controller reports its size.
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1)
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 2)
}

/// The opaque view a hosting controller or configuration shows.
@preconcurrency @MainActor
final class HostingView: UIView {
    var size: (width: CGFloat?, height: CGFloat?) = (nil, nil)
    override var intrinsicContentSize: CGSize {
        CGSize(width: size.width ?? UIView.noIntrinsicMetric, height: size.height ?? UIView.noIntrinsicMetric)
    }
}

/// The size a view's outermost `.frame(width:height:)` gives it.
enum HostedSize {
    static func of(_ view: Any) -> (width: CGFloat?, height: CGFloat?) {
        var current: Any = view
        while true {
            let mirror = Mirror(reflecting: current)
            if let frame = mirror.children.first(where: { $0.label == "modifier" })?.value as? FrameModifier,
                frame.width != nil || frame.height != nil
            {
                return (frame.width, frame.height)
            }
            guard let content = mirror.children.first(where: { $0.label == "content" })?.value,
                mirror.children.contains(where: { $0.label == "modifier" })
            else { return (nil, nil) }
            current = content
        }
    }
}

/// A cell's content made with SwiftUI (`UIHostingConfiguration`, iOS 16): its height is the
/// content's `.frame(height:)` where it gives one, plus the margins; else the cell's estimate.
public struct UIHostingConfiguration<Content: View, Background: View>: UIContentConfiguration {
    let content: Content
    var contentMargins = NSDirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20)
    var minimumHeight: CGFloat?

    public init(@ViewBuilder content: () -> Content) where Background == EmptyView { self.content = content() }

    public func margins(_ edges: Edge.Set = .all, _ length: CGFloat) -> Self {
        var copy = self
        if edges.contains(.top) { copy.contentMargins.top = length }
        if edges.contains(.bottom) { copy.contentMargins.bottom = length }
        if edges.contains(.leading) { copy.contentMargins.leading = length }
        if edges.contains(.trailing) { copy.contentMargins.trailing = length }
        return copy
    }

    public func minSize(width: CGFloat? = nil, height: CGFloat? = nil) -> Self {
        var copy = self
        copy.minimumHeight = height
        return copy
    }

    public func background<S: ShapeStyle>(_ style: S) -> Self { self }
    public func background<B: View>(@ViewBuilder content: () -> B) -> UIHostingConfiguration<Content, B> {
        UIHostingConfiguration<Content, B>(content: self.content, contentMargins: contentMargins, minimumHeight: minimumHeight)
    }

    init(content: Content, contentMargins: NSDirectionalEdgeInsets, minimumHeight: CGFloat?) {
        self.content = content
        self.contentMargins = contentMargins
        self.minimumHeight = minimumHeight
    }

    public func makeContentView() -> any UIView & UIContentView { HostingContentView(configuration: self) }

    public func updated(for state: any UIConfigurationState) -> Self { self }

    /// The height the content asks for, margins included.
    var height: CGFloat? {
        guard let height = HostedSize.of(content).height else { return minimumHeight }
        return max(height + contentMargins.top + contentMargins.bottom, minimumHeight ?? 0)
    }
}

/// The content view of a `UIHostingConfiguration`.
@preconcurrency @MainActor
final class HostingContentView<Content: View, Background: View>: UIView, UIContentView {
    var configuration: any UIContentConfiguration

    init(configuration: UIHostingConfiguration<Content, Background>) {
        self.configuration = configuration
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("a hosting content view is made from its configuration") }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        let height = (configuration as? UIHostingConfiguration<Content, Background>)?.height
        return CGSize(width: targetSize.width, height: height ?? targetSize.height)
    }
}

/// A UIKit view in SwiftUI (`UIViewRepresentable`).
@preconcurrency @MainActor
public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
    func makeCoordinator() -> Coordinator
    static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)
}

extension UIViewRepresentable {
    public var body: Never { fatalError("a UIViewRepresentable has no body") }
    public static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator) {}
}

extension UIViewRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

/// What a representable is told (`UIViewRepresentableContext`).
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment = EnvironmentValues()
}

/// A UIKit controller in SwiftUI (`UIViewControllerRepresentable`).
@preconcurrency @MainActor
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>
    func makeUIViewController(context: Context) -> UIViewControllerType
    func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
    func makeCoordinator() -> Coordinator
}

extension UIViewControllerRepresentable {
    public var body: Never { fatalError("a UIViewControllerRepresentable has no body") }
}

extension UIViewControllerRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment = EnvironmentValues()
}
