import Foundation

/// An accessory of a list cell (UIKit's `UICellAccessory`). The outline disclosure is the one
/// with behaviour: a simulated tap on its cell expands or collapses the item (D5.8).
@preconcurrency @MainActor
public struct UICellAccessory {
    /// When an accessory shows (UIKit's `UICellAccessory.DisplayedState`).
    public enum DisplayedState: Int, Sendable { case always = 0, whenEditing, whenNotEditing }

    /// The options of an outline disclosure (UIKit's `UICellAccessory.OutlineDisclosureOptions`).
    public struct OutlineDisclosureOptions {
        /// `.header`: tapping anywhere on the cell toggles; `.cell`: only the disclosure does;
        /// `.automatic`: header style for a cell whose item has children.
        public enum Style: Int, Sendable { case automatic = 0, header, cell }

        public var style: Style
        public var isHidden: Bool?
        public var tintColor: UIColor?

        public init(style: Style = .automatic, isHidden: Bool? = nil, tintColor: UIColor? = nil) {
            self.style = style
            self.isHidden = isHidden
            self.tintColor = tintColor
        }
    }

    /// Options of the plain accessories (UIKit's `DisclosureIndicatorOptions`, `CheckmarkOptions`,
    /// `DeleteOptions`, `InsertOptions`, `ReorderOptions`, `DetailOptions`,
    /// `MultiselectOptions`): stored, never drawn.
    public struct Options {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var backgroundColor: UIColor?
        public var showsVerticalSeparator = true

        public init(
            isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
            backgroundColor: UIColor? = nil, showsVerticalSeparator: Bool = true
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
            self.showsVerticalSeparator = showsVerticalSeparator
        }
    }

    public typealias DisclosureIndicatorOptions = Options
    public typealias CheckmarkOptions = Options
    public typealias DeleteOptions = Options
    public typealias InsertOptions = Options
    public typealias ReorderOptions = Options
    public typealias DetailOptions = Options
    public typealias MultiselectOptions = Options

    /// The options of a label accessory (UIKit's `LabelOptions`).
    public struct LabelOptions {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var font: UIFont?
        public var adjustsFontForContentSizeCategory = true

        public init(
            isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil,
            adjustsFontForContentSizeCategory: Bool = true
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.font = font
            self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        }
    }

    /// The width an accessory reserves (UIKit's `UICellAccessory.LayoutDimension`).
    public enum LayoutDimension: Sendable, Hashable {
        case actual, standard, custom(CGFloat)
    }

    /// Which side a custom accessory goes (UIKit's `UICellAccessory.Placement`); the closure
    /// says where among the other accessories.
    public enum Placement {
        case leading(displayed: DisplayedState = .always, at: @MainActor ([UICellAccessory]) -> Int = { _ in 0 })
        case trailing(displayed: DisplayedState = .always, at: @MainActor ([UICellAccessory]) -> Int = { $0.count })
    }

    /// A custom view as an accessory (UIKit's `UICellAccessory.CustomViewConfiguration`).
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: UIColor?
        public var maintainsFixedSize: Bool

        public init(
            customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension = .actual,
            tintColor: UIColor? = nil, maintainsFixedSize: Bool = false
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    enum Kind {
        case outlineDisclosure(OutlineDisclosureOptions, (@MainActor () -> Void)?)
        case disclosureIndicator, checkmark, reorder, multiselect
        case delete((@MainActor () -> Void)?), insert((@MainActor () -> Void)?), detail((@MainActor () -> Void)?)
        case label(String), customView(CustomViewConfiguration)
    }

    let kind: Kind
    public let displayed: DisplayedState

    /// The outline disclosure; with no action handler it toggles the item's expansion in the
    /// data source's section snapshot (through `sectionSnapshotHandlers`).
    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
        actionHandler: (@MainActor () -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure(options, actionHandler), displayed: displayed)
    }

    public static func disclosureIndicator(displayed: DisplayedState = .always, options: Options = Options()) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayed: displayed)
    }

    public static func checkmark(displayed: DisplayedState = .always, options: Options = Options()) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayed: displayed)
    }

    /// The red delete control shown while editing; with no handler, a tap reveals the row's
    /// trailing swipe actions, as in UIKit.
    public static func delete(
        displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(kind: .delete(actionHandler), displayed: displayed)
    }

    public static func insert(
        displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(kind: .insert(actionHandler), displayed: displayed)
    }

    public static func detail(
        displayed: DisplayedState = .always, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(kind: .detail(actionHandler), displayed: displayed)
    }

    public static func reorder(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayed: displayed)
    }

    public static func multiselect(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> UICellAccessory {
        UICellAccessory(kind: .multiselect, displayed: displayed)
    }

    public static func label(
        text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions()
    )
        -> UICellAccessory
    {
        UICellAccessory(kind: .label(text), displayed: displayed)
    }

    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let displayed: DisplayedState
        switch configuration.placement {
        case .leading(let state, _), .trailing(let state, _): displayed = state
        }
        return UICellAccessory(kind: .customView(configuration), displayed: displayed)
    }

    /// Whether it shows in the given editing mode.
    public func isShown(editing: Bool) -> Bool {
        switch displayed {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }

    /// The action a tap on this accessory runs, if it has one (delete, insert, detail, outline).
    var tapAction: (@MainActor () -> Void)? {
        switch kind {
        case .delete(let action), .insert(let action), .detail(let action): action
        case .outlineDisclosure(_, let action): action
        default: nil
        }
    }

    var isDelete: Bool {
        if case .delete = kind { return true }
        return false
    }

    /// The outline disclosure's options and handler, if this is one.
    var outlineDisclosure: (options: OutlineDisclosureOptions, action: (@MainActor () -> Void)?)? {
        if case .outlineDisclosure(let options, let action) = kind { return (options, action) }
        return nil
    }
}
