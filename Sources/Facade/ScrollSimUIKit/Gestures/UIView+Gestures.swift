import Foundation

extension UIView {
    /// The view's gesture recognizers (nil when it has none, as in UIKit).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = newValue ?? []
            for recognizer in attachedRecognizers { recognizer.view = self }
        }
    }

    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }

    /// A point in this view's coordinates in `view`'s (the window's when nil), through the
    /// frames of their superviews.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = CGPoint(x: point.x + originInWindow.x, y: point.y + originInWindow.y)
        guard let view else { return inWindow }
        return CGPoint(x: inWindow.x - view.originInWindow.x, y: inWindow.y - view.originInWindow.y)
    }

    /// A point in `view`'s coordinates (the window's when nil) in this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        (view ?? window)?.convert(point, to: self) ?? CGPoint(x: point.x - originInWindow.x, y: point.y - originInWindow.y)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The view's origin in its window: its frame's origin plus its superviews', less what they
    /// scrolled.
    private var originInWindow: CGPoint {
        var origin = CGPoint.zero
        var current: UIView? = self
        while let view = current, !(view is UIWindow) {
            origin.x += view.frame.origin.x - (view.superview?.bounds.origin.x ?? 0)
            origin.y += view.frame.origin.y - (view.superview?.bounds.origin.y ?? 0)
            current = view.superview
        }
        return origin
    }
}
