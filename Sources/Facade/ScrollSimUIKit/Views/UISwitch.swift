import Foundation

/// An on/off switch (UIKit's `UISwitch`).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    open var isOn = false
    open var onTintColor: UIColor?
    open var thumbTintColor: UIColor?

    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
