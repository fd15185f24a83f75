import Foundation

/// The return key's label (UIKit's `UIReturnKeyType`); stored: the simulated screen has no keyboard.
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

extension UIView {
    /// Ends editing in the view's text fields (nothing is edited on the simulated screen).
    @discardableResult
    @MainActor public func endEditing(_ force: Bool) -> Bool { true }

    /// Asks for a new intrinsic size; fitting sizes read it afresh each time, so nothing is kept
    /// to invalidate.
    @MainActor public func invalidateIntrinsicContentSize() {}
}
