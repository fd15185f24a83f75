import Foundation

/// The pasteboard (UIKit's `UIPasteboard`): kept in memory for the test process, so what the app
/// copies can be read back (`UIPasteboard.general.string`).
@preconcurrency @MainActor
open class UIPasteboard: NSObject {
    /// The general pasteboard.
    open class var general: UIPasteboard { shared }
    private static let shared = UIPasteboard(name: "com.apple.UIKit.pboard.general")

    public let name: String
    /// Every item copied, as type → value dictionaries.
    open var items: [[String: Any]] = [] {
        didSet { changeCount += 1 }
    }
    open private(set) var changeCount = 0

    init(name: String) {
        self.name = name
        super.init()
    }

    /// A pasteboard of the app's own.
    open class func withUniqueName() -> UIPasteboard { UIPasteboard(name: UUID().uuidString) }

    open var string: String? {
        get { strings?.first }
        set { items = newValue.map { [["public.utf8-plain-text": $0]] } ?? [] }
    }
    open var strings: [String]? {
        get { values(of: String.self) }
        set { items = (newValue ?? []).map { ["public.utf8-plain-text": $0] } }
    }
    open var url: URL? {
        get { urls?.first }
        set { items = newValue.map { [["public.url": $0]] } ?? [] }
    }
    open var urls: [URL]? {
        get { values(of: URL.self) }
        set { items = (newValue ?? []).map { ["public.url": $0] } }
    }
    open var image: UIImage? {
        get { images?.first }
        set { items = newValue.map { [["public.image": $0]] } ?? [] }
    }
    open var images: [UIImage]? {
        get { values(of: UIImage.self) }
        set { items = (newValue ?? []).map { ["public.image": $0] } }
    }
    open var hasStrings: Bool { values(of: String.self) != nil }
    open var hasURLs: Bool { values(of: URL.self) != nil }
    open var hasImages: Bool { values(of: UIImage.self) != nil }
    open var numberOfItems: Int { items.count }

    open func setValue(_ value: Any, forPasteboardType pasteboardType: String) { items = [[pasteboardType: value]] }
    open func value(forPasteboardType pasteboardType: String) -> Any? { items.first?[pasteboardType] }
    open func addItems(_ items: [[String: Any]]) { self.items += items }
    open func setItems(_ items: [[String: Any]], options: [String: Any] = [:]) { self.items = items }

    private func values<T>(of type: T.Type) -> [T]? {
        let found = items.flatMap { $0.values.compactMap { $0 as? T } }
        return found.isEmpty ? nil : found
    }

    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
}
