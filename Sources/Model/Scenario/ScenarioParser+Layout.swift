import CompositionalLayout

/// The layout half of the scenario format: UIKit's layout objects spelled as JSON.
extension ScenarioParser {
    func parseSectionLayout(_ reader: JSONObjectReader) throws(ScenarioError) -> LayoutSection {
        var reader = reader
        guard let groupReader = try reader.object("group") else {
            throw reader.missing("group")
        }
        var section = LayoutSection(group: try parseGroup(groupReader, depth: 0))
        section.interGroupSpacing = try reader.number("interGroupSpacing") ?? 0
        section.contentInsets = try parseInsets(try reader.object("contentInsets"))
        if let reference = try reader.choice("contentInsetsReference", ContentInsetsReference.allCases.map(\.rawValue)) {
            section.contentInsetsReference = ContentInsetsReference(rawValue: reference)!
        }
        if let behavior = try reader.choice("orthogonalScrollingBehavior", OrthogonalScrollingBehavior.allCases.map(\.name)) {
            section.orthogonalScrollingBehavior = OrthogonalScrollingBehavior.allCases.first { $0.name == behavior }!
        }
        section.boundarySupplementaryItems = try parseBoundaryItems(
            reader.array("boundarySupplementaryItems"), path: reader.childPath("boundarySupplementaryItems"))
        section.supplementariesFollowContentInsets = try reader.bool("supplementariesFollowContentInsets") ?? true
        section.decorationItems = try parseDecorationItems(
            reader.array("decorationItems"), path: reader.childPath("decorationItems"))
        try reader.finish()
        return section
    }

    /// Section backgrounds (G1.13): `{ "elementKind", "contentInsets"?, "zIndex"? }`, one per kind.
    func parseDecorationItems(_ values: [JSONValue]?, path: String) throws(ScenarioError) -> [DecorationItem] {
        guard let values else { return [] }
        var kinds: Set<String> = []
        return try values.enumerated().map { (i, value) throws(ScenarioError) in
            var reader = try JSONObjectReader(value, path: "\(path)[\(i)]")
            let kind = try reader.requiredString("elementKind")
            guard !kind.isEmpty else { throw .invalid(path: reader.childPath("elementKind"), message: "must not be empty") }
            guard kinds.insert(kind).inserted else {
                throw .invalid(
                    path: reader.childPath("elementKind"),
                    message: "'\(kind)' is already a decoration item of this section: each kind once")
            }
            var item = DecorationItem.background(elementKind: kind)
            item.contentInsets = try parseInsets(try reader.object("contentInsets"))
            item.zIndex = try reader.integer("zIndex", in: -1_000_000...1_000_000) ?? 0
            try reader.finish()
            return item
        }
    }

    func parseList(_ reader: JSONObjectReader) throws(ScenarioError) -> ListConfiguration {
        var reader = reader
        let appearanceName = try reader.choice("appearance", ListConfiguration.Appearance.allCases.map(\.name)) ?? "plain"
        let appearance = ListConfiguration.Appearance.allCases.first { $0.name == appearanceName }!
        let header =
            try reader.choice("headerMode", ListConfiguration.HeaderMode.allCases.map(\.rawValue)).flatMap(
                ListConfiguration.HeaderMode.init) ?? .none
        let footer =
            try reader.choice("footerMode", ListConfiguration.FooterMode.allCases.map(\.rawValue)).flatMap(
                ListConfiguration.FooterMode.init) ?? .none
        var metrics = ListMetrics.standard(for: appearance)
        if var m = try reader.object("metrics") {
            metrics.rowHeight = try m.number("rowHeight", minimum: 0) ?? metrics.rowHeight
            metrics.headerHeight = try m.number("headerHeight", minimum: 0) ?? metrics.headerHeight
            metrics.footerHeight = try m.number("footerHeight", minimum: 0) ?? metrics.footerHeight
            metrics.sectionVerticalInset = try m.number("sectionVerticalInset", minimum: 0) ?? metrics.sectionVerticalInset
            metrics.sideInset = try m.number("sideInset", minimum: 0) ?? metrics.sideInset
            try m.finish()
        }
        try reader.finish()
        return ListConfiguration(appearance: appearance, headerMode: header, footerMode: footer, metrics: metrics)
    }

    func parseGroup(_ reader: JSONObjectReader, depth: Int) throws(ScenarioError) -> LayoutGroup {
        var reader = reader
        guard depth < Self.maxGroupDepth else {
            throw .invalid(path: reader.path, message: "groups nested deeper than \(Self.maxGroupDepth)")
        }
        let axis = try reader.choice("axis", ["horizontal", "vertical", "custom"])
        guard let axis else {
            throw .invalid(path: reader.childPath("axis"), message: "required: horizontal, vertical or custom")
        }
        let layoutSize = try parseLayoutSize(reader.object("layoutSize"), path: reader.childPath("layoutSize"))
        var group: LayoutGroup
        if axis == "custom" {
            guard let items = try reader.array("customItems") else {
                throw .invalid(path: reader.childPath("customItems"), message: "required for a custom group: the item frames")
            }
            let frames = try items.enumerated().map { (i, item) throws(ScenarioError) in
                try parseCustomItem(item, path: "\(reader.childPath("customItems"))[\(i)]")
            }
            group = .custom(layoutSize: layoutSize) { _ in frames }
        } else {
            guard let subitems = try reader.array("subitems") else { throw reader.missing("subitems") }
            guard !subitems.isEmpty else {
                throw .invalid(path: reader.childPath("subitems"), message: "required: at least one item or group")
            }
            let parsed = try subitems.enumerated().map { (i, value) throws(ScenarioError) in
                try parseSubitem(value, path: "\(reader.childPath("subitems"))[\(i)]", depth: depth)
            }
            group = LayoutGroup(
                layoutSize: layoutSize, arrangement: axis == "horizontal" ? .horizontal : .vertical, subitems: parsed)
            let count = try reader.integer("count", in: 1...10_000)
            let repeating = try reader.integer("repeatingCount", in: 1...10_000)
            switch (count, repeating) {
            case (let n?, nil): group.repetition = .count(n)
            case (nil, let n?): group.repetition = .repeating(n)
            case (nil, nil): group.repetition = .fill
            default:
                throw .invalid(
                    path: reader.childPath("repeatingCount"),
                    message: "use either count (iOS 13 subitem:count:) or repeatingCount (iOS 16), not both")
            }
            group.interItemSpacing = try parseSpacing(reader.object("interItemSpacing"))
        }
        group.contentInsets = try parseInsets(try reader.object("contentInsets"))
        group.edgeSpacing = try parseEdgeSpacing(reader.object("edgeSpacing"))
        try reader.finish()
        return group
    }

    private func parseSubitem(_ value: JSONValue, path: String, depth: Int) throws(ScenarioError) -> LayoutGroup.Subitem {
        var reader = try JSONObjectReader(value, path: path)
        if reader.has("axis") { return .group(try parseGroup(reader, depth: depth + 1)) }
        let layoutSize = try parseLayoutSize(reader.object("layoutSize"), path: reader.childPath("layoutSize"))
        let insets = try parseInsets(try reader.object("contentInsets"))
        let edges = try parseEdgeSpacing(reader.object("edgeSpacing"))
        let badges = try parseItemSupplementaries(
            reader.array("supplementaryItems"), path: reader.childPath("supplementaryItems"))
        try reader.finish()
        return .item(LayoutItem(layoutSize: layoutSize, contentInsets: insets, edgeSpacing: edges, supplementaryItems: badges))
    }

    static let anchorEdges: [(String, DirectionalRectEdge)] = [
        ("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing),
    ]

    /// An item's supplementary items (badges): `{ elementKind, layoutSize, containerAnchor: {
    /// edges, offset, fractionalOffset }, zIndex }`.
    private func parseItemSupplementaries(_ values: [JSONValue]?, path: String) throws(ScenarioError) -> [ItemSupplementaryItem] {
        guard let values else { return [] }
        return try values.enumerated().map { (i, value) throws(ScenarioError) in
            var reader = try JSONObjectReader(value, path: "\(path)[\(i)]")
            let kind = try reader.requiredString("elementKind")
            let size = try parseLayoutSize(reader.object("layoutSize"), path: reader.childPath("layoutSize"))
            guard var anchor = try reader.object("containerAnchor") else {
                throw .invalid(
                    path: reader.childPath("containerAnchor"), message: "required: { edges, offset, fractionalOffset }")
            }
            var edges: DirectionalRectEdge = []
            for (j, edge) in (try anchor.array("edges") ?? []).enumerated() {
                guard case .string(let name) = edge, let found = Self.anchorEdges.first(where: { $0.0 == name }) else {
                    throw .invalid(
                        path: "\(anchor.childPath("edges"))[\(j)]",
                        message: "expected one of \(Self.anchorEdges.map(\.0).joined(separator: ", "))")
                }
                edges.insert(found.1)
            }
            let fractional = try anchor.bool("fractionalOffset") ?? false
            var offset = Point.zero
            if var point = try anchor.object("offset") {
                offset = Point(x: try point.number("x") ?? 0, y: try point.number("y") ?? 0)
                try point.finish()
            }
            try anchor.finish()
            let z = try reader.integer("zIndex", in: -1_000_000...1_000_000) ?? 1
            try reader.finish()
            return ItemSupplementaryItem(
                elementKind: kind, layoutSize: size,
                containerAnchor: LayoutAnchor(edges: edges, offset: offset, isFractionalOffset: fractional), zIndex: z)
        }
    }

    private func parseCustomItem(_ value: JSONValue, path: String) throws(ScenarioError) -> CustomGroupItem {
        var reader = try JSONObjectReader(value, path: path)
        guard var frame = try reader.object("frame") else { throw reader.missing("frame") }
        let rect = Rect(
            x: try frame.number("x") ?? 0, y: try frame.number("y") ?? 0,
            width: try frame.number("width", minimum: 0) ?? 0, height: try frame.number("height", minimum: 0) ?? 0)
        try frame.finish()
        let z = try reader.integer("zIndex", in: -1_000_000...1_000_000) ?? 0
        try reader.finish()
        return CustomGroupItem(frame: rect, zIndex: z)
    }

    func parseBoundaryItems(_ values: [JSONValue]?, path: String) throws(ScenarioError) -> [BoundarySupplementaryItem] {
        guard let values else { return [] }
        return try values.enumerated().map { (i, value) throws(ScenarioError) in
            var reader = try JSONObjectReader(value, path: "\(path)[\(i)]")
            let kind = try reader.requiredString("elementKind")
            let size = try parseLayoutSize(reader.object("layoutSize"), path: reader.childPath("layoutSize"))
            let alignment =
                try reader.choice("alignment", RectAlignment.allCases.map(\.rawValue)).flatMap(RectAlignment.init) ?? .top
            var item = BoundarySupplementaryItem(elementKind: kind, layoutSize: size, alignment: alignment)
            if var offset = try reader.object("absoluteOffset") {
                item.absoluteOffset = Point(x: try offset.number("x") ?? 0, y: try offset.number("y") ?? 0)
                try offset.finish()
            }
            item.extendsBoundary = try reader.bool("extendsBoundary") ?? true
            item.pinToVisibleBounds = try reader.bool("pinToVisibleBounds") ?? false
            item.zIndex = try reader.integer("zIndex", in: -1_000_000...1_000_000) ?? 0
            item.contentInsets = try parseInsets(try reader.object("contentInsets"))
            try reader.finish()
            return item
        }
    }

    func parseLayoutSize(_ reader: JSONObjectReader?, path: String) throws(ScenarioError) -> LayoutSize {
        guard var reader else { throw .invalid(path: path, message: "required: { widthDimension, heightDimension }") }
        guard let width = try reader.object("widthDimension") else {
            throw reader.missing("widthDimension")
        }
        guard let height = try reader.object("heightDimension") else {
            throw reader.missing("heightDimension")
        }
        let size = LayoutSize(widthDimension: try parseDimension(width), heightDimension: try parseDimension(height))
        try reader.finish()
        return size
    }

    static let dimensionKinds = ["absolute", "fractionalWidth", "fractionalHeight", "estimated"]

    func parseDimension(_ reader: JSONObjectReader) throws(ScenarioError) -> Dimension {
        var reader = reader
        let present = reader.keys
        guard present.count == 1, let kind = present.first, Self.dimensionKinds.contains(kind) else {
            throw .invalid(
                path: reader.path,
                message: "expected one of \(Self.dimensionKinds.joined(separator: ", "))"
                    + (present.isEmpty ? "" : ", got \(present.joined(separator: ", "))"))
        }
        let value = try reader.number(kind, minimum: 0)!
        try reader.finish()
        switch kind {
        case "absolute": return .absolute(value)
        case "fractionalWidth": return .fractionalWidth(value)
        case "fractionalHeight": return .fractionalHeight(value)
        default: return .estimated(value)
        }
    }

    func parseSpacing(_ reader: JSONObjectReader?) throws(ScenarioError) -> Spacing? {
        guard var reader else { return nil }
        let present = reader.keys
        guard present.count == 1, let kind = present.first, kind == "fixed" || kind == "flexible" else {
            throw .invalid(
                path: reader.path,
                message: "expected one of fixed, flexible" + (present.isEmpty ? "" : ", got \(present.joined(separator: ", "))"))
        }
        let value = try reader.number(kind, minimum: 0)!
        try reader.finish()
        return kind == "fixed" ? .fixed(value) : .flexible(value)
    }

    func parseEdgeSpacing(_ reader: JSONObjectReader?) throws(ScenarioError) -> EdgeSpacing? {
        guard var reader else { return nil }
        let edges = EdgeSpacing(
            leading: try parseSpacing(reader.object("leading")), top: try parseSpacing(reader.object("top")),
            trailing: try parseSpacing(reader.object("trailing")), bottom: try parseSpacing(reader.object("bottom")))
        try reader.finish()
        return edges
    }

    func parseInsets(_ reader: JSONObjectReader?) throws(ScenarioError) -> DirectionalEdgeInsets {
        guard var reader else { return .zero }
        let insets = DirectionalEdgeInsets(
            top: try reader.number("top") ?? 0, leading: try reader.number("leading") ?? 0,
            bottom: try reader.number("bottom") ?? 0, trailing: try reader.number("trailing") ?? 0)
        try reader.finish()
        return insets
    }
}
