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
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var textContentType: UITextContentType?
    private var accessory: UIView?
    private var customInput: UIView?
    open override var inputAccessoryView: UIView? {
        get { accessory }
        set { accessory = newValue }
    }
    open override var inputView: UIView? {
        get { customInput }
        set { customInput = newValue }
    }
    open override var canBecomeFirstResponder: Bool { isEnabled }
    /// The keyboard's language while editing.
    open override var textInputMode: UITextInputMode? { isFirstResponder ? UITextInputMode.activeInputModes.first : nil }
    open weak var delegate: AnyObject?
}
