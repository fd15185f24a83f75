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

    enum Kind {
        case outlineDisclosure(OutlineDisclosureOptions, (@MainActor () -> Void)?)
        case disclosureIndicator, checkmark, delete, reorder, label(String), customView(UIView)
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

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayed: displayed)
    }

    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayed: displayed)
    }

    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory(kind: .delete, displayed: displayed)
    }

    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayed: displayed)
    }

    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .label(text), displayed: displayed)
    }

    /// The outline disclosure's options and handler, if this is one.
    var outlineDisclosure: (options: OutlineDisclosureOptions, action: (@MainActor () -> Void)?)? {
        if case .outlineDisclosure(let options, let action) = kind { return (options, action) }
        return nil
    }
}
