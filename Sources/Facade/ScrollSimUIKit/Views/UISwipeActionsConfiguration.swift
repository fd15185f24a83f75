import Foundation

/// An action shown when a row is swiped (UIKit's `UIContextualAction`). Its handler gets a
/// completion to call when the action is done; a simulator swipe that chooses the action runs it.
@preconcurrency @MainActor
public final class UIContextualAction {
    /// UIKit's `UIContextualAction.Style`.
    public enum Style: Int, Sendable { case normal = 0, destructive }

    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    public var backgroundColor: UIColor!
    public var image: UIImage?
    public let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        self.backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swipe reveals on one edge of a row (UIKit's `UISwipeActionsConfiguration`).
@preconcurrency @MainActor
public final class UISwipeActionsConfiguration {
    public let actions: [UIContextualAction]
    /// Whether a full swipe runs the first action (UIKit's default: true).
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) { self.actions = actions }
}

/// Which edge a swipe starts from.
public enum SwipeEdge: Sendable, Hashable {
    /// A swipe to the right shows the leading actions.
    case leading
    /// A swipe to the left shows the trailing actions (delete, usually).
    case trailing
}
