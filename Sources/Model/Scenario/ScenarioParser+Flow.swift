import CompositionalLayout

/// A flow layout in a scenario (`docs/scenarios.md`, "Flow layouts"): `flowLayout` holds the
/// layout's properties, each section's optional `flow` its delegate's answers, both spelled as
/// UIKit spells them.
struct FlowLayoutSpec {
    var style: FlowLayoutStyle
    var configuration: LayoutConfiguration
    /// The layout's own answers, which a section's delegate answers override.
    var defaults: FlowSection
}

extension ScenarioParser {
    func parseFlowLayout(_ reader: JSONObjectReader) throws(ScenarioError) -> FlowLayoutSpec {
        var reader = reader
        var configuration = LayoutConfiguration()
        if let direction = try reader.choice("scrollDirection", ["vertical", "horizontal"]) {
            configuration.scrollDirection = direction == "vertical" ? .vertical : .horizontal
        }
        let references: [(String, ContentInsetsReference)] = [
            ("fromContentInset", .none), ("fromSafeArea", .safeArea), ("fromLayoutMargins", .layoutMargins),
        ]
        if let name = try reader.choice("sectionInsetReference", references.map(\.0)),
            let reference = references.first(where: { $0.0 == name })?.1
        {
            configuration.contentInsetsReference = reference
        }
        // A self-sized cell lays the whole flow out again without asking the delegate (FL6).
        configuration.selfSizingRequeriesProvider = true
        var defaults = FlowSection()
        if let size = try parseSize(reader.object("itemSize"), positive: true) { defaults.itemSizes = [size] }
        defaults.minimumLineSpacing = try reader.number("minimumLineSpacing", minimum: 0) ?? defaults.minimumLineSpacing
        defaults.minimumInteritemSpacing =
            try reader.number("minimumInteritemSpacing", minimum: 0) ?? defaults.minimumInteritemSpacing
        defaults.inset = try parseEdgeInsets(reader.object("sectionInset")) ?? defaults.inset
        defaults.headerReferenceSize = try parseSize(reader.object("headerReferenceSize"), positive: false) ?? .zero
        defaults.footerReferenceSize = try parseSize(reader.object("footerReferenceSize"), positive: false) ?? .zero
        let style = FlowLayoutStyle(
            sectionHeadersPinToVisibleBounds: try reader.bool("sectionHeadersPinToVisibleBounds") ?? false,
            sectionFootersPinToVisibleBounds: try reader.bool("sectionFootersPinToVisibleBounds") ?? false)
        try reader.finish()
        return FlowLayoutSpec(style: style, configuration: configuration, defaults: defaults)
    }

    /// A section's delegate answers (`UICollectionViewDelegateFlowLayout`); a method left out
    /// falls back to the layout's property, as when the delegate does not implement it (FL5).
    func parseFlowSection(_ reader: JSONObjectReader?, defaults: FlowSection) throws(ScenarioError) -> FlowSection {
        var section = defaults
        guard var reader else { return section }
        if let values = try reader.array("sizeForItemAt") {
            let path = reader.childPath("sizeForItemAt")
            guard !values.isEmpty else { throw .invalid(path: path, message: "needs at least one size") }
            guard values.count <= Self.maxItems else { throw .invalid(path: path, message: "too many sizes") }
            var sizes: [Size] = []
            sizes.reserveCapacity(values.count)
            for (i, value) in values.enumerated() {
                sizes.append(try parseRequiredSize(JSONObjectReader(value, path: "\(path)[\(i)]"), positive: true))
            }
            section.itemSizes = sizes
            section.sizesFromDelegate = true
        }
        section.inset = try parseEdgeInsets(reader.object("insetForSectionAt")) ?? section.inset
        section.minimumLineSpacing =
            try reader.number("minimumLineSpacingForSectionAt", minimum: 0) ?? section.minimumLineSpacing
        section.minimumInteritemSpacing =
            try reader.number("minimumInteritemSpacingForSectionAt", minimum: 0) ?? section.minimumInteritemSpacing
        section.headerReferenceSize =
            try parseSize(reader.object("referenceSizeForHeaderInSection"), positive: false) ?? section.headerReferenceSize
        section.footerReferenceSize =
            try parseSize(reader.object("referenceSizeForFooterInSection"), positive: false) ?? section.footerReferenceSize
        try reader.finish()
        return section
    }

    private func parseSize(_ reader: JSONObjectReader?, positive: Bool) throws(ScenarioError) -> Size? {
        guard let reader else { return nil }
        return try parseRequiredSize(reader, positive: positive)
    }

    /// A `CGSize`: `{ "width": …, "height": … }`, both required; `positive` for an item's size.
    private func parseRequiredSize(_ reader: JSONObjectReader, positive: Bool) throws(ScenarioError) -> Size {
        var reader = reader
        let width = try reader.number("width", minimum: 0)
        let height = try reader.number("height", minimum: 0)
        guard let width else { throw reader.missing("width") }
        guard let height else { throw reader.missing("height") }
        if positive, width == 0 || height == 0 {
            throw .invalid(path: reader.path, message: "an item's width and height must be more than 0")
        }
        try reader.finish()
        return Size(width: width, height: height)
    }

    /// A `UIEdgeInsets`: `top`, `left`, `bottom`, `right` (a flow layout's insets are not
    /// directional).
    private func parseEdgeInsets(_ reader: JSONObjectReader?) throws(ScenarioError) -> DirectionalEdgeInsets? {
        guard var reader else { return nil }
        let insets = DirectionalEdgeInsets(
            top: try reader.number("top") ?? 0, leading: try reader.number("left") ?? 0,
            bottom: try reader.number("bottom") ?? 0, trailing: try reader.number("right") ?? 0)
        try reader.finish()
        return insets
    }
}
