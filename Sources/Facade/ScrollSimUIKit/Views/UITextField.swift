import Foundation

/// A one-line text field; stores its text (UIKit's `UITextField`).
@preconcurrency @MainActor
open class UITextField: UIControl {
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    open var clearButtonMode = 0
    open var isSecureTextEntry = false
    open var keyboardType = 0
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var inputAccessoryView: UIView?
    open var inputView: UIView?
    open var autocapitalizationType = 0
    open var autocorrectionType = 0
    open weak var delegate: AnyObject?
}
