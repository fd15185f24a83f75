import Foundation
import ScrollSimUIKit

/// The mail composer (`MFMailComposeViewController`): the simulated device has no mail account
/// unless a test says so (`canSendMailOverride`); the composer keeps what the app fills in, and a
/// test finishes it with `finish(with:)`.
@preconcurrency @MainActor
open class MFMailComposeViewController: UINavigationController {
    /// Whether the device can send mail (false, as a device with no mail account); tests set it.
    public static var canSendMailOverride = false
    open class func canSendMail() -> Bool { canSendMailOverride }

    open weak var mailComposeDelegate: MFMailComposeViewControllerDelegate?
    public private(set) var toRecipients: [String] = []
    public private(set) var ccRecipients: [String] = []
    public private(set) var bccRecipients: [String] = []
    public private(set) var subject = ""
    public private(set) var messageBody = ""
    public private(set) var isHTML = false
    public private(set) var attachments: [(data: Data, mimeType: String, fileName: String)] = []

    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func setToRecipients(_ toRecipients: [String]?) { self.toRecipients = toRecipients ?? [] }
    open func setCcRecipients(_ ccRecipients: [String]?) { self.ccRecipients = ccRecipients ?? [] }
    open func setBccRecipients(_ bccRecipients: [String]?) { self.bccRecipients = bccRecipients ?? [] }
    open func setSubject(_ subject: String) { self.subject = subject }
    open func setMessageBody(_ body: String, isHTML: Bool) {
        messageBody = body
        self.isHTML = isHTML
    }
    open func addAttachmentData(_ attachment: Data, mimeType: String, fileName filename: String) {
        attachments.append((attachment, mimeType, filename))
    }
    open func setPreferredSendingEmailAddress(_ emailAddress: String) {}

    /// The user sent, saved or cancelled: the delegate is told.
    public func finish(with result: MFMailComposeResult, error: Error? = nil) {
        mailComposeDelegate?.mailComposeController(self, didFinishWith: result, error: error)
    }
}

/// How composing ended (`MFMailComposeResult`).
public enum MFMailComposeResult: Int, Sendable { case cancelled = 0, saved, sent, failed }

/// The composer's delegate (`MFMailComposeViewControllerDelegate`).
@preconcurrency @MainActor
public protocol MFMailComposeViewControllerDelegate: AnyObject {
    func mailComposeController(
        _ controller: MFMailComposeViewController, didFinishWith result: MFMailComposeResult, error: Error?)
}

extension MFMailComposeViewControllerDelegate {
    public func mailComposeController(
        _ controller: MFMailComposeViewController, didFinishWith result: MFMailComposeResult, error: Error?
    ) {
        controller.dismiss(animated: true)
    }
}

/// The message composer (`MFMessageComposeViewController`): likewise.
@preconcurrency @MainActor
open class MFMessageComposeViewController: UINavigationController {
    public static var canSendTextOverride = false
    open class func canSendText() -> Bool { canSendTextOverride }
    open var recipients: [String]?
    open var body: String?
    open weak var messageComposeDelegate: MFMessageComposeViewControllerDelegate?
    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// How a message ended (`MessageComposeResult`).
public enum MessageComposeResult: Int, Sendable { case cancelled = 0, sent, failed }

@preconcurrency @MainActor
public protocol MFMessageComposeViewControllerDelegate: AnyObject {
    func messageComposeViewController(_ controller: MFMessageComposeViewController, didFinishWith result: MessageComposeResult)
}
