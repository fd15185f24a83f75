import Foundation

/// The device (UIKit's `UIDevice`): `UIDevice.current` follows the simulator's device.
@preconcurrency @MainActor
open class UIDevice {
    /// The device's orientation (UIKit's `UIDeviceOrientation`).
    public enum Orientation: Int, Sendable {
        case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
    }

    /// The battery's state (UIKit's `UIDevice.BatteryState`).
    public enum BatteryState: Int, Sendable { case unknown = 0, unplugged, charging, full }

    public static let current = UIDevice()

    init() {}

    open var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.device.isPad ? .pad : .phone }
    open var name: String { UIScreen.device.name }
    open var model: String { UIScreen.device.isPad ? "iPad" : "iPhone" }
    open var localizedModel: String { model }
    open var systemName: String { UIScreen.device.isPad ? "iPadOS" : "iOS" }
    /// The iOS version the model follows (UIKit model: iOS 15 and later).
    open var systemVersion: String { "17.0" }
    open var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-0000-0000-000000000000") }
    open var orientation: Orientation {
        UIScreen.device.size.width > UIScreen.device.size.height ? .landscapeLeft : .portrait
    }
    open var isGeneratingDeviceOrientationNotifications: Bool { true }
    open var isBatteryMonitoringEnabled = false
    open var batteryLevel: Float { -1 }
    open var batteryState: BatteryState { .unknown }
    open var isMultitaskingSupported: Bool { true }

    open func beginGeneratingDeviceOrientationNotifications() {}
    open func endGeneratingDeviceOrientationNotifications() {}
    open func playInputClick() {}

    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
}

/// The orientation of the interface (UIKit's `UIInterfaceOrientation`).
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The orientations a controller supports (UIKit's `UIInterfaceOrientationMask`).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

/// The status bar's content colour (UIKit's `UIStatusBarStyle`).
public enum UIStatusBarStyle: Int, Sendable { case `default` = 0, lightContent, darkContent = 3 }

/// How the status bar animates when shown or hidden (UIKit's `UIStatusBarAnimation`).
public enum UIStatusBarAnimation: Int, Sendable { case none = 0, fade, slide }
