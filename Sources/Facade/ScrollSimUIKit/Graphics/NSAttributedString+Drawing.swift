import Foundation

/// How text is measured (UIKit's `NSStringDrawingOptions`).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What a measurement reports back (UIKit's `NSStringDrawingContext`).
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    // Unchecked: made and read by the code that measures, on one thread.
    open var minimumScaleFactor: CGFloat = 0
    open var actualScaleFactor: CGFloat { 1 }
    open var totalBounds: CGRect = .zero
}

extension NSAttributedString {
    /// The rectangle the text takes within `size`, measured as labels are (AL3: every character
    /// half its font's point size wide, lines broken at spaces; the font of the first character).
    /// With `.usesLineFragmentOrigin` the text wraps at `size.width`, else it is one line.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect
    {
        let font = (length > 0 ? attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil) ?? .systemFont(ofSize: 12)
        let width = options.contains(.usesLineFragmentOrigin) && size.width.isFinite ? size.width : nil
        let measured = TextMetrics.size(of: string, font: font, numberOfLines: 0, width: width, scale: 1)
        let rect = CGRect(origin: .zero, size: CGSize(width: measured.width, height: min(measured.height, size.height)))
        context?.totalBounds = rect
        return rect
    }

    /// Draws nothing (there are no pixels).
    public func draw(in rect: CGRect) {}
    public func draw(at point: CGPoint) {}
}

extension String {
    /// The rectangle the string takes with `attributes` (see `NSAttributedString.boundingRect`).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

/// An image or file inside attributed text (UIKit's `NSTextAttachment`); stored.
open class NSTextAttachment: NSObject, @unchecked Sendable {
    // Unchecked: configured, then read where the text is used, on one thread.
    open var image: UIImage?
    open var bounds: CGRect = .zero
    open var contents: Data?
    open var fileType: String?

    public override init() { super.init() }
    public init(data contentData: Data?, ofType uti: String?) {
        contents = contentData
        fileType = uti
        super.init()
    }
    public convenience init(image: UIImage) {
        self.init()
        self.image = image
    }

    /// The character an attachment stands for in attributed text.
    public static let character = 0xFFFC
}

extension NSAttributedString.Key {
    public static let attachment = NSAttributedString.Key("NSAttachment")
}

extension NSAttributedString {
    /// One object-replacement character carrying the attachment, as UIKit makes it.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}
