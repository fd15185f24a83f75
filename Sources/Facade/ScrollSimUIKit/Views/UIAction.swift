import Foundation

/// A closure-based action (UIKit's `UIAction`), also a menu element.
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    /// How an action shows (UIKit's `UIMenuElement.Attributes`).
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// A checkmark state (UIKit's `UIMenuElement.State`).
    public enum State: Int, Sendable { case off = 0, on, mixed }

    /// An action's identity (UIKit's `UIAction.Identifier`): an action added again under the same
    /// identifier replaces the first.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let identifier: Identifier
    public var attributes: Attributes
    public var state: State
    public var discoverabilityTitle: String?
    /// The control that sent it, when a control did.
    public internal(set) var sender: Any?
    let handler: @MainActor (UIAction) -> Void

    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
        handler: @escaping @MainActor (UIAction) -> Void
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.attributes = attributes
        self.state = state
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Runs the action as a tap on it would (a menu item, a bar button's primary action).
    public func perform() { handler(self) }
}
