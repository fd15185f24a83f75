import Foundation
import ScrollSimUIKit

/// A web page in the app (`SFSafariViewController`): nothing loads; the controller keeps the URL
/// it shows, and every one made is listed in `shownURLs`, as `UIApplication.openedURLs` lists
/// what the app opened.
@preconcurrency @MainActor
open class SFSafariViewController: UIViewController {
    /// How the controller is set up (`SFSafariViewController.Configuration`).
    open class Configuration: NSObject {
        open var entersReaderIfAvailable = false
        open var barCollapsingEnabled = true
        public override init() { super.init() }
    }

    /// The Done button's title (`SFSafariViewController.DismissButtonStyle`).
    public enum DismissButtonStyle: Int, Sendable { case done = 0, close, cancel }

    public let url: URL
    public let configuration: Configuration
    open weak var delegate: SFSafariViewControllerDelegate?
    open var preferredBarTintColor: UIColor?
    open var preferredControlTintColor: UIColor?
    open var dismissButtonStyle: DismissButtonStyle = .done

    /// The URLs every Safari controller made so far shows, oldest first.
    public private(set) static var shownURLs: [URL] = []

    public init(url URL: URL, configuration: Configuration = Configuration()) {
        self.url = URL
        self.configuration = configuration
        super.init(nibName: nil, bundle: nil)
        Self.shownURLs.append(URL)
    }

    public convenience init(url URL: URL, entersReaderIfAvailable: Bool) {
        let configuration = Configuration()
        configuration.entersReaderIfAvailable = entersReaderIfAvailable
        self.init(url: URL, configuration: configuration)
    }

    public required init?(coder: NSCoder) { fatalError("an SFSafariViewController is made with init(url:)") }
}

/// What a Safari controller tells its delegate (`SFSafariViewControllerDelegate`); every method
/// optional.
@preconcurrency @MainActor
public protocol SFSafariViewControllerDelegate: AnyObject {
    func safariViewControllerDidFinish(_ controller: SFSafariViewController)
    func safariViewController(_ controller: SFSafariViewController, didCompleteInitialLoad didLoadSuccessfully: Bool)
    func safariViewController(_ controller: SFSafariViewController, initialLoadDidRedirectTo URL: URL)
}

extension SFSafariViewControllerDelegate {
    public func safariViewControllerDidFinish(_ controller: SFSafariViewController) {}
    public func safariViewController(_ controller: SFSafariViewController, didCompleteInitialLoad didLoadSuccessfully: Bool) {}
    public func safariViewController(_ controller: SFSafariViewController, initialLoadDidRedirectTo URL: URL) {}
}
