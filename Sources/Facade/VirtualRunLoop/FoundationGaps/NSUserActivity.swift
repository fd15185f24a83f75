import Foundation

/// A user activity for Handoff and Spotlight (Foundation's `NSUserActivity`, which Linux's
/// Foundation lacks): kept, never published. `isCurrent` says whether the app made it current.
open class NSUserActivity: NSObject, @unchecked Sendable {
    // Unchecked: an activity is made and updated on the main thread, as on Apple platforms.
    public let activityType: String
    open var title: String?
    open var webpageURL: URL?
    open var userInfo: [AnyHashable: Any]?
    open var keywords: Set<String> = []
    open var isEligibleForHandoff = true
    open var isEligibleForSearch = false
    open var isEligibleForPublicIndexing = false
    open var needsSave = false
    open var persistentIdentifier: String?
    open weak var delegate: NSUserActivityDelegate?
    open private(set) var isCurrent = false

    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    open func becomeCurrent() { isCurrent = true }
    open func resignCurrent() { isCurrent = false }
    open func invalidate() { isCurrent = false }
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        userInfo = (userInfo ?? [:]).merging(otherDictionary) { _, new in new }
    }
}

/// An activity's delegate (`NSUserActivityDelegate`).
public protocol NSUserActivityDelegate: AnyObject {
    func userActivityWillSave(_ userActivity: NSUserActivity)
}

extension NSUserActivityDelegate {
    public func userActivityWillSave(_ userActivity: NSUserActivity) {}
}
