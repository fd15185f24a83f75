import Foundation

extension ScrollSimulator {
    /// A screen to simulate: bounds in portrait, safe area, scale and size classes.
    public struct Device: Sendable, Hashable {
        public var name: String
        /// The portrait screen size in points.
        public var size: CGSize
        /// The portrait safe area (status bar or notch on top, home indicator at the bottom).
        public var safeAreaInsets: NSDirectionalEdgeInsets
        public var scale: CGFloat
        public var isPad: Bool

        public init(name: String, size: CGSize, safeAreaInsets: NSDirectionalEdgeInsets, scale: CGFloat, isPad: Bool = false) {
            self.name = name
            self.size = size
            self.safeAreaInsets = safeAreaInsets
            self.scale = scale
            self.isPad = isPad
        }

        /// iPhone SE (2nd and 3rd generation): 375 × 667 @2x, 20 pt status bar.
        public static let iPhoneSE = Device(
            name: "iPhone SE", size: CGSize(width: 375, height: 667),
            safeAreaInsets: NSDirectionalEdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), scale: 2)
        /// iPhone 13: 390 × 844 @3x, safe area 47 / 34 (the UIKit model section 5 container).
        public static let iPhone13 = Device(
            name: "iPhone 13", size: CGSize(width: 390, height: 844),
            safeAreaInsets: NSDirectionalEdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), scale: 3)
        /// iPhone 15 Pro Max: 430 × 932 @3x, safe area 59 / 34.
        public static let iPhone15ProMax = Device(
            name: "iPhone 15 Pro Max", size: CGSize(width: 430, height: 932),
            safeAreaInsets: NSDirectionalEdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), scale: 3)
        /// iPad (10th generation) and iPad Air: 820 × 1180 @2x, safe area 24 / 20.
        public static let iPad = Device(
            name: "iPad", size: CGSize(width: 820, height: 1180),
            safeAreaInsets: NSDirectionalEdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), scale: 2, isPad: true)

        /// The four presets.
        public static let presets: [Device] = [.iPhoneSE, .iPhone13, .iPhone15ProMax, .iPad]

        /// The landscape screen: width and height swapped; on a phone with a notch the notch side
        /// and the home indicator move [B: UIKit's landscape insets, 47 / 21 on an iPhone 13].
        public var landscape: Device {
            var device = self
            device.size = CGSize(width: size.height, height: size.width)
            if isPad {
                device.safeAreaInsets = safeAreaInsets
            } else if safeAreaInsets.bottom > 0 {
                device.safeAreaInsets = NSDirectionalEdgeInsets(
                    top: 0, leading: safeAreaInsets.top, bottom: 21, trailing: safeAreaInsets.top)
            } else {
                device.safeAreaInsets = .zero
            }
            device.name = "\(name) (landscape)"
            return device
        }
    }
}
