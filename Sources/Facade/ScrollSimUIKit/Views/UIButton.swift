import Foundation

/// A button; stores titles and images per state (UIKit's `UIButton`).
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    private var titles: [State: String] = [:]
    private var images: [State: UIImage] = [:]
    public let titleLabel: UILabel? = UILabel()
    public let imageView: UIImageView? = UIImageView()

    public convenience init(type buttonType: ButtonType) { self.init(frame: .zero) }
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction?) {
        self.init(frame: .zero, primaryAction: primaryAction)
    }
    /// A button's configuration (UIKit's `UIButton.Configuration`); stored.
    open var configuration: UIButton.Configuration?
    /// A menu shown by the button; stored.
    open var menu: UIMenu?
    open var showsMenuAsPrimaryAction = false

    open func setTitle(_ title: String?, for state: State) { titles[state] = title }
    open func title(for state: State) -> String? { titles[state] }
    open func setTitleColor(_ color: UIColor?, for state: State) {}
    open func setImage(_ image: UIImage?, for state: State) { images[state] = image }
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state] = image }
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state] ?? backgroundImages[.normal] }
    private var backgroundImages: [State: UIImage] = [:]
    open func image(for state: State) -> UIImage? { images[state] }
}

extension UIButton {
    /// A button's look (UIKit's `UIButton.Configuration`); stored, never drawn.
    public struct Configuration: Sendable {
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var imagePadding: CGFloat = 0
        public var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        public var cornerStyle = 0
        public static func plain() -> Configuration { Configuration() }
        public static func filled() -> Configuration { Configuration() }
        public static func tinted() -> Configuration { Configuration() }
        public static func gray() -> Configuration { Configuration() }
        public static func bordered() -> Configuration { Configuration() }
        public static func borderedProminent() -> Configuration { Configuration() }
    }
}
