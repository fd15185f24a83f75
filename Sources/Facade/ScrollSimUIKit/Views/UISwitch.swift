import Foundation

/// An on/off switch (UIKit's `UISwitch`).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    open var isOn = false
    open var onTintColor: UIColor?
    open var thumbTintColor: UIColor?

    /// A switch's fixed size on iOS.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }

    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
