import Foundation

/// Text (`Text`).
public struct Text: PrimitiveView, Equatable {
    public let content: String
    public init(_ content: String) { self.content = content }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.content = key.key
    }
    public init(_ date: Date, style: DateStyle) { self.content = "\(date)" }
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.content = format.format(input)
    }

    public enum DateStyle: Sendable { case time, date, relative, offset, timer }
    public enum TruncationMode: Sendable { case head, tail, middle }
    public enum Case: Sendable { case uppercase, lowercase }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(lhs.content + rhs.content) }

    public func bold() -> Text { self }
    public func bold(_ isActive: Bool) -> Text { self }
    public func italic() -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func font(_ font: Font?) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func monospacedDigit() -> Text { self }
    public func kerning(_ kerning: CGFloat) -> Text { self }
}

/// A localised string's key (`LocalizedStringKey`): the text itself here.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Sendable {
    public let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: DefaultStringInterpolation) { key = String(stringInterpolation: stringInterpolation) }
}

/// An image (`Image`).
public struct Image: PrimitiveView, Equatable {
    public let name: String
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public init(systemName: String) { self.name = systemName }
    public init(decorative name: String, bundle: Bundle? = nil) { self.name = name }
    public init(uiImage: UIImage) { self.name = "uiImage" }
    public enum ResizingMode: Sendable { case tile, stretch }
    public enum Scale: Sendable { case small, medium, large }
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image { self }
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    public enum TemplateRenderingMode: Sendable { case template, original }
    public enum Interpolation: Sendable { case none, low, medium, high }
}

/// How a symbol's layers are coloured (`SymbolRenderingMode`).
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
}

/// Flexible space (`Spacer`).
public struct Spacer: PrimitiveView {
    public init(minLength: CGFloat? = nil) {}
}

/// A line between views (`Divider`).
public struct Divider: PrimitiveView {
    public init() {}
}

/// Views in a column, a row or on top of each other (`VStack`, `HStack`, `ZStack` and the lazy ones).
public struct VStack<Content: View>: PrimitiveView {
    public let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct HStack<Content: View>: PrimitiveView {
    public let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct ZStack<Content: View>: PrimitiveView {
    public let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
}

public struct LazyVStack<Content: View>: PrimitiveView {
    public let content: Content
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct LazyHStack<Content: View>: PrimitiveView {
    public let content: Content
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

/// A grid's column or row (`GridItem`).
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { self.size = size }
}

public struct LazyVGrid<Content: View>: PrimitiveView {
    public let content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct LazyHGrid<Content: View>: PrimitiveView {
    public let content: Content
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

/// Which headers and footers a lazy stack pins (`PinnedScrollableViews`).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init() { rawValue = 0 }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A scrolling region (`ScrollView`).
public struct ScrollView<Content: View>: PrimitiveView {
    public let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// A view for each element (`ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public let data: Data
    public let content: (Data.Element) -> Content
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

/// A list (`List`).
public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { self.content = content() }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        self.content = ForEach(data, content: rowContent)
    }
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
        self.content = ForEach(data, id: id, content: rowContent)
    }
}

/// A section of a list or form (`Section`).
public struct Section<Parent: View, Content: View, Footer: View>: PrimitiveView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) where Parent == EmptyView, Footer == EmptyView { self.content = content() }
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) where Footer == EmptyView {
        self.content = content()
    }
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
    }
    public init(header: Parent, @ViewBuilder content: () -> Content) where Footer == EmptyView { self.content = content() }
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) { self.content = content() }
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) where Parent == Text, Footer == EmptyView {
        self.content = content()
    }
}

/// A form (`Form`).
public struct Form<Content: View>: PrimitiveView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// Navigation containers (`NavigationView`, `NavigationStack`) and links (`NavigationLink`).
public struct NavigationView<Content: View>: PrimitiveView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct NavigationStack<Root: View>: PrimitiveView {
    public let root: Root
    public init(@ViewBuilder root: () -> Root) { self.root = root() }
}

public struct NavigationLink<Label: View, Destination: View>: PrimitiveView {
    public let label: Label
    public init(destination: Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    public init<S: StringProtocol>(_ title: S, destination: Destination) where Label == Text { self.label = Text(title) }
    public init<V: Hashable>(value: V?, @ViewBuilder label: () -> Label) where Destination == Never { self.label = label() }
}

/// A button (`Button`).
public struct Button<Label: View>: PrimitiveView {
    public let label: Label
    public let action: () -> Void
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) where Label == Text {
        self.action = action
        self.label = Text(title)
    }
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) where Label == Text {
        self.action = action
        self.label = Text(title)
    }
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) where Label == Text {
        self.action = action
        self.label = Text(titleKey)
    }
}

/// A button's role (`ButtonRole`).
public struct ButtonRole: Equatable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

/// A labelled icon (`Label`).
public struct Label<Title: View, Icon: View>: PrimitiveView {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
    public init<S: StringProtocol>(_ title: S, systemImage name: String) where Title == Text, Icon == Image {}
    public init<S: StringProtocol>(_ title: S, image name: String) where Title == Text, Icon == Image {}
}

/// A switch (`Toggle`).
public struct Toggle<Label: View>: PrimitiveView {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) where Label == Text {}
}

/// A text field (`TextField`, `SecureField`).
public struct TextField<Label: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) where Label == Text {}
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) where Label == Text {}
}

public struct SecureField<Label: View>: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
}

/// A spinner or bar (`ProgressView`).
public struct ProgressView<Label: View, CurrentValueLabel: View>: PrimitiveView {
    public init() where Label == EmptyView, CurrentValueLabel == EmptyView {}
    public init<S: StringProtocol>(_ title: S) where Label == Text, CurrentValueLabel == EmptyView {}
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) where Label == EmptyView, CurrentValueLabel == EmptyView {}
}

/// A choice among values (`Picker`).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: PrimitiveView {
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
    where Label == Text {}
}

/// A link that opens a URL (`Link`).
public struct Link<Label: View>: PrimitiveView {
    public init(destination: URL, @ViewBuilder label: () -> Label) {}
    public init<S: StringProtocol>(_ title: S, destination: URL) where Label == Text {}
}

/// A menu (`Menu`).
public struct Menu<Label: View, Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) where Label == Text {}
}

/// The space offered, for content that reads it (`GeometryReader`).
public struct GeometryReader<Content: View>: PrimitiveView {
    public let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
}

/// The size a `GeometryReader` offers.
public struct GeometryProxy {
    public var size: CGSize
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }
}

/// A coordinate space (`CoordinateSpace`).
public enum CoordinateSpace: Sendable {
    case global, local
    case named(String)
}

/// An image loaded from a URL (`AsyncImage`).
public struct AsyncImage<Content: View>: PrimitiveView {
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {}
    public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> {}
}
