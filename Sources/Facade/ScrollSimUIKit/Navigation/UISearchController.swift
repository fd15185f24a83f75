import Foundation

/// Hears that a search controller's text or scope changed (UIKit's `UISearchResultsUpdating`).
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    func updateSearchResults(for searchController: UISearchController)
}

/// A search controller's delegate (UIKit's `UISearchControllerDelegate`); every method optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// A search bar in a navigation item, or shown alone (UIKit's `UISearchController`). A
/// simulator's `type(_:)` edits its search bar's text: each keystroke tells the search bar's
/// delegate and the results updater, as on a device, so the app's filtering runs and its applies
/// are counted.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    public let searchBar = UISearchBar()
    public let searchResultsController: UIViewController?
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
    open weak var delegate: (any UISearchControllerDelegate)?
    open var obscuresBackgroundDuringPresentation = true
    open var dimsBackgroundDuringPresentation = true
    open var hidesNavigationBarDuringPresentation = true
    open var automaticallyShowsCancelButton = true
    open var automaticallyShowsScopeBar = true
    open var showsSearchResultsController = false
    /// Whether the search is active (the bar has focus); set by typing and by cancelling.
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if isActive {
                delegate?.willPresentSearchController(self)
                delegate?.didPresentSearchController(self)
            } else {
                delegate?.willDismissSearchController(self)
                delegate?.didDismissSearchController(self)
            }
            searchResultsUpdater?.updateSearchResults(for: self)
        }
    }

    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.controller = self
    }

    public required init?(coder: NSCoder) {
        searchResultsController = nil
        super.init(coder: coder)
        searchBar.controller = self
    }
}

/// What a search bar tells its delegate (UIKit's `UISearchBarDelegate`); every method optional.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

/// A search field (UIKit's `UISearchBar`). Setting `text` in code tells nobody, as in UIKit;
/// the simulator's typing does (`searchBar(_:textDidChange:)`, the results updater).
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// UIKit's `UISearchBar.Style`.
    public enum Style: Int, Sendable { case `default` = 0, prominent, minimal }

    open var text: String? = ""
    open var placeholder: String?
    open var prompt: String?
    open weak var delegate: (any UISearchBarDelegate)?
    open var searchBarStyle: Style = .default
    open var showsCancelButton = false
    open var showsScopeBar = false
    open var scopeButtonTitles: [String]?
    open var selectedScopeButtonIndex = 0 {
        didSet {
            guard selectedScopeButtonIndex != oldValue, isTyping else { return }
            delegate?.searchBar(self, selectedScopeButtonIndexDidChange: selectedScopeButtonIndex)
            controller?.searchResultsUpdater?.updateSearchResults(for: controller!)
        }
    }
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .search
    open var enablesReturnKeyAutomatically = true
    private var accessory: UIView?
    open override var inputAccessoryView: UIView? {
        get { accessory }
        set { accessory = newValue }
    }
    public let searchTextField = UISearchTextField()
    open override var canBecomeFirstResponder: Bool { true }
    weak var controller: UISearchController?
    /// Whether a simulated user is editing (scope changes made by the app in code are silent).
    private var isTyping = false

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { self.showsCancelButton = showsCancelButton }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder, delegate?.searchBarShouldBeginEditing(self) ?? true else { return isFirstResponder }
        guard super.becomeFirstResponder() else { return false }
        delegate?.searchBarTextDidBeginEditing(self)
        controller?.isActive = true
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        super.resignFirstResponder()
        delegate?.searchBarTextDidEndEditing(self)
        return true
    }

    /// A user typing `text` one character at a time: focus first, then for each keystroke the new
    /// text, the delegate's `textDidChange` and the results updater.
    func simulateTyping(_ text: String, afterEachKeystroke: () -> Void) {
        becomeFirstResponder()
        isTyping = true
        defer { isTyping = false }
        for character in text {
            self.text = (self.text ?? "") + String(character)
            keystrokeDidChangeText()
            afterEachKeystroke()
        }
    }

    /// A user deleting `count` characters, one keystroke each.
    func simulateDeleting(_ count: Int, afterEachKeystroke: () -> Void) {
        becomeFirstResponder()
        for _ in 0..<count where !(text ?? "").isEmpty {
            text = String((text ?? "").dropLast())
            keystrokeDidChangeText()
            afterEachKeystroke()
        }
    }

    /// A tap on Cancel: the text clears, the search ends.
    func simulateCancel() {
        text = ""
        delegate?.searchBar(self, textDidChange: "")
        delegate?.searchBarCancelButtonClicked(self)
        resignFirstResponder()
        controller?.isActive = false
    }

    private func keystrokeDidChangeText() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        if let controller { controller.searchResultsUpdater?.updateSearchResults(for: controller) }
    }
}

/// The search bar's text field (UIKit's `UISearchTextField`); stored.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {}
