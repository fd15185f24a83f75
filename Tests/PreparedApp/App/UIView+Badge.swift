import ObjectiveC
import UIKit

private var badgeKey: UInt8 = 0

extension UIView {
    /// A count shown over the view, kept beside it with an associated object.
    var badgeCount: Int? {
        get { (objc_getAssociatedObject(self, &badgeKey) as? NSNumber)?.intValue }
        set {
            objc_setAssociatedObject(self, &badgeKey, newValue.map { NSNumber(value: $0) }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }
}
