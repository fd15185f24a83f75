import Foundation

/// Shared with You's highlights (`SWHighlightCenter`): the simulated device has none.
open class SWHighlightCenter: NSObject, @unchecked Sendable {
    // Unchecked: made and read on the main thread, as on Apple platforms.
    /// The title of the app's Shared with You collection.
    open class var highlightCollectionTitle: String { "Shared with You" }
    open class var isSystemCollaborationSupportAvailable: Bool { false }
    open weak var delegate: SWHighlightCenterDelegate?
    open var highlights: [SWHighlight] { [] }
    public override init() { super.init() }
}

/// A highlight (`SWHighlight`): a shared URL.
open class SWHighlight: NSObject, @unchecked Sendable {
    public let url: URL
    public init(url: URL) {
        self.url = url
        super.init()
    }
}

/// `SWHighlightCenterDelegate`.
public protocol SWHighlightCenterDelegate: AnyObject {
    func highlightCenterHighlightsDidChange(_ highlightCenter: SWHighlightCenter)
}
