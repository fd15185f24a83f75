import Foundation

/// The keyboard a text input asks for (UIKit's `UIKeyboardType`); stored, no keyboard shows.
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// UIKit's `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable { case none = 0, words, sentences, allCharacters }

/// UIKit's `UITextAutocorrectionType`.
public enum UITextAutocorrectionType: Int, Sendable { case `default` = 0, no, yes }

/// UIKit's `UITextSpellCheckingType`.
public enum UITextSpellCheckingType: Int, Sendable { case `default` = 0, no, yes }

/// UIKit's `UIKeyboardAppearance`.
public enum UIKeyboardAppearance: Int, Sendable {
    case `default` = 0, dark, light
    public static let alert = UIKeyboardAppearance.dark
}

/// What a text input holds, for autofill (UIKit's `UITextContentType`).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let URL = UITextContentType(rawValue: "url")
    public static let name = UITextContentType(rawValue: "name")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
}

/// A keyboard language (UIKit's `UITextInputMode`): the simulated device has one, US English.
@preconcurrency @MainActor
open class UITextInputMode: NSObject {
    /// The language, as a BCP 47 tag.
    open var primaryLanguage: String? { "en-US" }
    /// The keyboards the user has enabled: one.
    open class var activeInputModes: [UITextInputMode] { [UITextInputMode()] }

    /// Posted when the user switches keyboards (the simulated user never does).
    public static let currentInputModeDidChangeNotification = Notification.Name(
        "UITextInputCurrentInputModeDidChangeNotification")
}
