import Foundation

extension NSMutableAttributedString {
    /// An empty attributed string (Apple's Foundation has `init()`; Linux's only `init(string:)`).
    public convenience init() { self.init(string: "") }
}
