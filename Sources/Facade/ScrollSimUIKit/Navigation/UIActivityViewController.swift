import Foundation

/// The share sheet (UIKit's `UIActivityViewController`): presented, it stays over the content as
/// a sheet does, keeps what it shares, and a test finishes it with `complete(with:)`.
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
    public let activityItems: [Any]
    public let applicationActivities: [UIActivity]?
    open var excludedActivityTypes: [UIActivity.ActivityType]?
    open var completionWithItemsHandler: UIActivityViewController.CompletionWithItemsHandler?

    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, Error?) -> Void

    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        fatalError("a UIActivityViewController is made with init(activityItems:applicationActivities:)")
    }

    /// The user picked `activity` (nil: cancelled): the completion handler runs and the sheet goes.
    public func complete(with activity: UIActivity.ActivityType?) {
        completionWithItemsHandler?(activity, activity != nil, nil, nil)
        dismiss(animated: true)
    }

    override var coversContent: Bool { false }
}

/// A sharing service (UIKit's `UIActivity`).
@preconcurrency @MainActor
open class UIActivity: NSObject {
    /// UIKit's `UIActivity.ActivityType`.
    public struct ActivityType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
    }

    /// UIKit's `UIActivity.Category`.
    public enum Category: Int, Sendable { case action = 0, share }

    public override init() { super.init() }
    open class var activityCategory: Category { .action }
    open var activityType: ActivityType? { nil }
    open var activityTitle: String? { nil }
    open var activityImage: UIImage? { nil }
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { true }
    open func prepare(withActivityItems activityItems: [Any]) {}
    open func perform() { activityDidFinish(true) }
    open func activityDidFinish(_ completed: Bool) {}
}
