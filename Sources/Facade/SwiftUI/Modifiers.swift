import Foundation

/// A fixed or bounded frame (`.frame(width:height:)`): the size a hosting controller reads.
public struct FrameModifier: Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
}

// Layout.
extension View {
    public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, FrameModifier> {
        ModifiedContent(content: self, modifier: FrameModifier(width: width, height: height))
    }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, FrameModifier> {
        ModifiedContent(content: self, modifier: FrameModifier(width: idealWidth ?? minWidth, height: idealHeight ?? minHeight))
    }
    public func padding(_ insets: EdgeInsets) -> some View { named("padding") }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { named("padding") }
    public func padding(_ length: CGFloat) -> some View { named("padding") }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { named("offset") }
    public func offset(_ offset: CGSize) -> some View { named("offset") }
    public func fixedSize() -> some View { named("fixedSize") }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { named("fixedSize") }
    public func layoutPriority(_ value: Double) -> some View { named("layoutPriority") }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { named("aspectRatio") }
    public func scaledToFit() -> some View { named("scaledToFit") }
    public func scaledToFill() -> some View { named("scaledToFill") }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        named("ignoresSafeArea")
    }
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { named("edgesIgnoringSafeArea") }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { named("position") }
    public func zIndex(_ value: Double) -> some View { named("zIndex") }
}

/// Safe-area regions (`SafeAreaRegions`).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

// Appearance.
extension View {
    public func font(_ font: Font?) -> some View { named("font") }
    public func fontWeight(_ weight: Font.Weight?) -> some View { named("fontWeight") }
    public func bold(_ isActive: Bool = true) -> some View { named("bold") }
    public func italic(_ isActive: Bool = true) -> some View { named("italic") }
    public func foregroundColor(_ color: Color?) -> some View { named("foregroundColor") }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { named("foregroundStyle") }
    public func tint(_ tint: Color?) -> some View { named("tint") }
    public func accentColor(_ accentColor: Color?) -> some View { named("accentColor") }
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View { named("background") }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        named("background")
    }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        named("background")
    }
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View { named("overlay") }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { named("overlay") }
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { named("cornerRadius") }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { named("clipShape") }
    public func clipped(antialiased: Bool = false) -> some View { named("clipped") }
    public func mask<V: View>(_ mask: V) -> some View { named("mask") }
    public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { named("shadow") }
    public func opacity(_ opacity: Double) -> some View { named("opacity") }
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View { named("blur") }
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { named("border") }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { named("rotationEffect") }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View { named("scaleEffect") }
    public func lineLimit(_ number: Int?) -> some View { named("lineLimit") }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { named("multilineTextAlignment") }
    public func minimumScaleFactor(_ factor: CGFloat) -> some View { named("minimumScaleFactor") }
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { named("truncationMode") }
    public func textCase(_ textCase: Text.Case?) -> some View { named("textCase") }
    public func imageScale(_ scale: Image.Scale) -> some View { named("imageScale") }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { named("preferredColorScheme") }
    public func colorScheme(_ colorScheme: ColorScheme) -> some View { named("colorScheme") }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { named("animation") }
    public func animation(_ animation: Animation?) -> some View { named("animation") }
    public func transition(_ transition: AnyTransition) -> some View { named("transition") }
    public func hidden() -> some View { named("hidden") }
    public func disabled(_ disabled: Bool) -> some View { named("disabled") }
    public func redacted(reason: RedactionReasons) -> some View { named("redacted") }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { named("contentShape") }
    public func id<ID: Hashable>(_ id: ID) -> some View { named("id") }
    public func tag<V: Hashable>(_ tag: V) -> some View { named("tag") }
    public func labelsHidden() -> some View { named("labelsHidden") }
    public func listRowInsets(_ insets: EdgeInsets?) -> some View { named("listRowInsets") }
    public func listRowBackground<V: View>(_ view: V?) -> some View { named("listRowBackground") }
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        named("listRowSeparator")
    }
    public func accessibilityLabel(_ label: Text) -> some View { named("accessibilityLabel") }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { named("accessibilityLabel") }
    public func accessibilityHidden(_ hidden: Bool) -> some View { named("accessibilityHidden") }
    public func accessibilityIdentifier(_ identifier: String) -> some View { named("accessibilityIdentifier") }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        named("accessibilityElement")
    }
}

/// Fill rules (`FillStyle`).
public struct FillStyle: Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// Why content is redacted (`RedactionReasons`).
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
}

/// Shown or not (`Visibility`).
public enum Visibility: Sendable { case automatic, visible, hidden }

/// Top and bottom edges (`VerticalEdge`).
public enum VerticalEdge: Sendable {
    case top, bottom
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

/// How an accessibility element's children combine (`AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

// Events and presentation: stored, never triggered (previews are not run).
extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { named("onAppear") }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { named("onDisappear") }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { named("onTapGesture") }
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> some View {
        named("onLongPressGesture")
    }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View { named("onChange") }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        named("onChange")
    }
    public func onReceive<P>(_ publisher: P, perform action: @escaping (Any) -> Void) -> some View { named("onReceive") }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        named("task")
    }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { named("refreshable") }
    public func searchable(text: Binding<String>, prompt: Text? = nil) -> some View { named("searchable") }
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    )
        -> some View
    { named("sheet") }
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { named("fullScreenCover") }
    public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View {
        named("alert")
    }
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { named("alert") }
    public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> some View { named("confirmationDialog") }
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View { named("contextMenu") }
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    )
        -> some View
    { named("swipeActions") }
}

/// Leading or trailing (`HorizontalEdge`).
public enum HorizontalEdge: Sendable { case leading, trailing }

// Navigation.
extension View {
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { named("navigationTitle") }
    public func navigationTitle(_ title: Text) -> some View { named("navigationTitle") }
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { named("navigationBarTitle") }
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        named("navigationBarTitleDisplayMode")
    }
    public func navigationBarHidden(_ hidden: Bool) -> some View { named("navigationBarHidden") }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        named("navigationBarBackButtonHidden")
    }
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        named("navigationDestination")
    }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { named("toolbar") }
}

/// A navigation bar's title modes (`NavigationBarItem`).
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

/// A toolbar item (`ToolbarItem`).
public struct ToolbarItem<Content: View>: PrimitiveView {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

/// Where a toolbar item goes (`ToolbarItemPlacement`).
public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let navigationBarLeading = ToolbarItemPlacement()
    public static let navigationBarTrailing = ToolbarItemPlacement()
    public static let topBarLeading = ToolbarItemPlacement()
    public static let topBarTrailing = ToolbarItemPlacement()
    public static let principal = ToolbarItemPlacement()
    public static let bottomBar = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
    public static let confirmationAction = ToolbarItemPlacement()
}

// Styles.
public protocol ButtonStyle {}
public struct PlainButtonStyle: ButtonStyle { public init() {} }
public struct BorderlessButtonStyle: ButtonStyle { public init() {} }
public struct DefaultButtonStyle: ButtonStyle { public init() {} }
extension ButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { PlainButtonStyle() } }
extension ButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

public protocol PrimitiveButtonStyle {}
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

public protocol ListStyle {}
public struct PlainListStyle: ListStyle { public init() {} }
public struct GroupedListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public struct InsetListStyle: ListStyle { public init() {} }
public struct SidebarListStyle: ListStyle { public init() {} }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { PlainListStyle() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { GroupedListStyle() } }
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { InsetListStyle() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { SidebarListStyle() } }

public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { MenuPickerStyle() } }

public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension View {
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { named("buttonStyle") }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { named("buttonStyle") }
    public func listStyle<S: ListStyle>(_ style: S) -> some View { named("listStyle") }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { named("pickerStyle") }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { named("textFieldStyle") }
    public func keyboardType(_ type: UIKeyboardType) -> some View { named("keyboardType") }
    public func textContentType(_ textContentType: UITextContentType?) -> some View { named("textContentType") }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { named("autocorrectionDisabled") }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { named("submitLabel") }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { named("onSubmit") }
}

/// A return key's label (`SubmitLabel`).
public struct SubmitLabel: Sendable {
    public static let done = SubmitLabel()
    public static let go = SubmitLabel()
    public static let search = SubmitLabel()
    public static let send = SubmitLabel()
    public static let next = SubmitLabel()
    public static let `return` = SubmitLabel()
}

/// What submits (`SubmitTriggers`).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}
