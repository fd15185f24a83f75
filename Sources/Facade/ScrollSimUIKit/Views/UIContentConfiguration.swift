import Foundation

/// The state a configuration is updated for (UIKit's `UIConfigurationState`).
@preconcurrency @MainActor
public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// Content that makes and configures a view (UIKit's `UIContentConfiguration`): a cell makes
/// the view with the first configuration and sets later ones on it.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    func makeContentView() -> any UIView & UIContentView
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration (UIKit's `UIContentView`).
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (a cell makes a new view when it cannot). The
    /// default: configurations of the type it shows now.
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        ObjectIdentifier(type(of: configuration) as Any.Type) == ObjectIdentifier(type(of: self.configuration) as Any.Type)
    }
}

/// A cell's state for configuration updates (UIKit's `UICellConfigurationState`).
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false
    private var custom: [UIConfigurationStateCustomKey: CustomValue] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    /// App-defined state (UIKit's custom state keys), e.g. the item a cell shows.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key]?.value }
        set { custom[key] = newValue.map(CustomValue.init) }
    }

    /// An app's value, in a wrapper that says it may be read off the main actor: the state's
    /// synthesized `Hashable` conformance is nonisolated and may read only `Sendable` stored
    /// properties of this main-actor type. Apps set and compare states on the main thread, as
    /// UIKit's are.
    private struct CustomValue: Hashable, @unchecked Sendable {
        var value: AnyHashable
    }
}

/// A key for app-defined configuration state (UIKit's `UIConfigurationStateCustomKey`).
public struct UIConfigurationStateCustomKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A cell's background (UIKit's `UIBackgroundConfiguration`); stored, never drawn.
@preconcurrency @MainActor
public struct UIBackgroundConfiguration {
    public var backgroundColor: UIColor?
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    public var cornerRadius: CGFloat = 0
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var strokeOutset: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public var image: UIImage?
    public var customView: UIView?

    public init() {}

    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listSidebarCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func listCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }

    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration { self }
}

/// Changes a colour for a state (UIKit's `UIConfigurationColorTransformer`).
public struct UIConfigurationColorTransformer: Sendable {
    public let transform: @Sendable (UIColor) -> UIColor
    public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) { self.transform = transform }
    public func callAsFunction(_ color: UIColor) -> UIColor { transform(color) }
    public static let grayscale = UIConfigurationColorTransformer { $0 }
    public static let preferredTint = UIConfigurationColorTransformer { $0 }
    public static let monochromeTint = UIConfigurationColorTransformer { $0 }
}
