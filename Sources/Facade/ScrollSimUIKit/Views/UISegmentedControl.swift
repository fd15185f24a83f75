import Foundation

/// A row of segments (UIKit's `UISegmentedControl`).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `UISegmentedControl.noSegment`.
    public static let noSegment = -1
    private var titles: [String?] = []
    open var selectedSegmentIndex = UISegmentedControl.noSegment
    open var selectedSegmentTintColor: UIColor?
    open var isMomentary = false
    open var numberOfSegments: Int { titles.count }

    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        titles = (items ?? []).map { ($0 as? String) ?? ($0 as? UIImage)?.name }
    }

    open func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        if titles.indices.contains(segment) { titles[segment] = title }
    }
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        titles.insert(title, at: Swift.min(Swift.max(0, segment), titles.count))
    }
    open func removeAllSegments() { titles = [] }

    /// A user tap on segment `index`: selects it and sends `.valueChanged`.
    public func simulateTap(segment index: Int) {
        selectedSegmentIndex = index
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}
