import Foundation

/// A visual effect (UIKit's `UIVisualEffect`): stored, nothing is blurred.
@preconcurrency @MainActor
open class UIVisualEffect {
    public init() {}
}

/// A blur (UIKit's `UIBlurEffect`).
open class UIBlurEffect: UIVisualEffect {
    /// The blur's material (UIKit's `UIBlurEffect.Style`).
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark, regular = 4, prominent
        case systemUltraThinMaterial = 6, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }
}

/// Vibrancy over a blur (UIKit's `UIVibrancyEffect`).
open class UIVibrancyEffect: UIVisualEffect {
    public init(blurEffect: UIBlurEffect) { super.init() }
}

/// A view with a visual effect behind its content (UIKit's `UIVisualEffectView`): put subviews in
/// `contentView`, as on iOS.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    open var effect: UIVisualEffect?
    public let contentView = UIView(frame: .zero)

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }
}
