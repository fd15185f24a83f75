import CompositionalLayout
import Foundation

/// A display (UIKit's `UIScreen`). `UIScreen.main` is the screen of the simulator that most
/// recently showed something, in its current orientation (an iPhone 13 in portrait before any).
@preconcurrency @MainActor
open class UIScreen {
    /// The device's screen as a simulator last set it.
    static var device: ScrollSimulator.Device = .iPhone13

    /// The screen apps read sizes from.
    public static let main = UIScreen()

    init() {}

    /// The screen's bounds in points, in the current orientation.
    open var bounds: CGRect { CGRect(origin: .zero, size: Self.device.size) }
    /// The portrait bounds in pixels.
    open var nativeBounds: CGRect {
        let portrait =
            Self.device.size.width <= Self.device.size.height
            ? Self.device.size : CGSize(width: Self.device.size.height, height: Self.device.size.width)
        return CGRect(x: 0, y: 0, width: portrait.width * Self.device.scale, height: portrait.height * Self.device.scale)
    }
    open var scale: CGFloat { Self.device.scale }
    open var nativeScale: CGFloat { Self.device.scale }
    open var traitCollection: UITraitCollection {
        UITraitCollection(
            TraitCollection(
                displayScale: Double(scale), horizontalSizeClass: Self.device.isPad ? .regular : .compact,
                verticalSizeClass: Self.device.isPad || bounds.height > bounds.width ? .regular : .compact))
    }
    open var maximumFramesPerSecond: Int { 120 }
    open var brightness: CGFloat = 1
    /// The bounds on this screen's coordinate space (UIKit's `coordinateSpace`): the bounds.
    open var coordinateSpace: UIScreen { self }
}
