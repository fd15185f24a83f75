import CollectionView
import CompositionalLayout
import ScrollSimulation

/// Turns a scenario's JSON into a `Scenario`, strictly: every error names its JSON path and what
/// was expected; unknown keys are errors. No I/O: the data file comes through `loadData`.
public struct ScenarioParser {
    /// The largest item count a section may declare (10^9: laid out arithmetically, but a bound
    /// keeps absurd inputs from becoming absurd work elsewhere).
    public static let maxItems = 1_000_000_000
    /// How deep groups may nest.
    public static let maxGroupDepth = 16

    private let loadData: (String) throws(ScenarioError) -> JSONValue

    /// - Parameter loadData: reads the data file named by `data.file` (relative to the scenario).
    public init(
        loadData: @escaping (String) throws(ScenarioError) -> JSONValue = { file throws(ScenarioError) in
            throw .invalid(path: "data.file", message: "no data file can be read here ('\(file)')")
        }
    ) {
        self.loadData = loadData
    }

    /// Decodes one file's JSON; `file` names it in the error.
    public static func decodeJSON(_ bytes: some Collection<UInt8>, file: String) throws(ScenarioError) -> JSONValue {
        switch JSONValue.parse(bytes) {
        case .success(let value): return value
        case .failure(let error): throw .malformedJSON(file: file, message: error.message)
        }
    }

    public func parse(_ json: JSONValue) throws(ScenarioError) -> Scenario {
        var root = try JSONObjectReader(json, path: "")
        let name = try Self.printable(root.requiredString("name"), path: "name")
        let summary = try root.string("description")
        let viewport = try parseViewport(try root.object("viewport"))
        var configuration = try parseConfiguration(try root.object("configuration"))
        let flow = try root.object("flowLayout").map { reader throws(ScenarioError) in try parseFlowLayout(reader) }
        if let flow {
            // One layout per collection view: a flow layout has no compositional configuration.
            guard !root.has("configuration") else {
                throw .invalid(
                    path: "configuration",
                    message: "a flow layout has no compositional configuration: its properties go in \"flowLayout\"")
            }
            configuration = flow.configuration
        }
        let invalidation =
            try root.choice("invalidation", InvalidationPolicy.allCases.map(\.rawValue)).flatMap(InvalidationPolicy.init)
            ?? .uikit
        var prefetch = PrefetchPolicy.uikit
        if var reader = try root.object("prefetch") {
            prefetch = try parsePrefetch(&reader)
            try reader.finish()
        }
        var data: JSONValue?
        if var reader = try root.object("data") {
            // A file next to the scenario, or the same JSON inline (what a client sends the daemon
            // for a scenario file that has a data file).
            switch (try reader.string("file"), try reader.object("inline")) {
            case (let file?, nil): data = try loadData(file)
            case (nil, .some): data = reader.value("inline")
            default: throw .invalid(path: "data", message: "expected exactly one of file and inline")
            }
            try reader.finish()
        }
        guard let sectionValues = try root.array("sections") else { throw root.missing("sections") }
        guard !sectionValues.isEmpty else { throw .invalid(path: "sections", message: "needs at least one section") }
        var sections: [ScenarioSection] = []
        var ids: Set<String> = []
        for (i, value) in sectionValues.enumerated() {
            let section = try parseSection(value, path: "sections[\(i)]", data: data, flow: flow)
            guard ids.insert(section.id).inserted else {
                throw .invalid(path: "sections[\(i)].id", message: "duplicate section identifier \"\(section.id)\"")
            }
            sections.append(section)
        }
        let sectionIDs = sections.map(\.id)
        let feeds = try (root.array("feeds") ?? []).enumerated().map { (i, value) throws(ScenarioError) in
            try parseFeed(value, path: "feeds[\(i)]", sections: sectionIDs)
        }
        let rows = Set(
            sections.compactMap { section -> String? in
                guard case .compositional(let layout) = section.layout, layout.orthogonalScrollingBehavior.isOrthogonal else {
                    return nil
                }
                return section.id
            })
        let script = try parseScript(root.array("script") ?? [], sections: sectionIDs, rows: rows)
        let frameRate = try root.number("frameRate", minimum: 1) ?? 120
        guard frameRate <= 1_000 else { throw .invalid(path: "frameRate", message: "at most 1000 frames per second") }
        let rate = try root.choice("decelerationRate", ["normal", "fast"]) ?? "normal"
        try root.finish()
        var scenario = Scenario(
            name: name, summary: summary, viewport: viewport, configuration: configuration, invalidation: invalidation,
            prefetch: prefetch, sections: sections, feeds: feeds, script: script)
        scenario.flowStyle = flow?.style
        scenario.frameRate = frameRate
        scenario.deceleration = rate == "fast" ? .fast : .normal
        return scenario
    }

    private func parseViewport(_ reader: JSONObjectReader?) throws(ScenarioError) -> ScenarioViewport {
        guard var reader else { return ScenarioViewport() }
        var viewport = ScenarioViewport()
        viewport.width = try reader.number("width", minimum: 1) ?? viewport.width
        viewport.height = try reader.number("height", minimum: 1) ?? viewport.height
        viewport.scale = try reader.number("scale", minimum: 1) ?? viewport.scale
        viewport.safeAreaInsets = try parseInsets(try reader.object("safeAreaInsets"))
        try reader.finish()
        return viewport
    }

    private func parseConfiguration(_ reader: JSONObjectReader?) throws(ScenarioError) -> LayoutConfiguration {
        var configuration = LayoutConfiguration()
        guard var reader else { return configuration }
        if let direction = try reader.choice("scrollDirection", ["vertical", "horizontal"]) {
            configuration.scrollDirection = direction == "vertical" ? .vertical : .horizontal
        }
        configuration.interSectionSpacing = try reader.number("interSectionSpacing", minimum: 0) ?? 0
        if let reference = try reader.choice("contentInsetsReference", ContentInsetsReference.allCases.map(\.rawValue)) {
            configuration.contentInsetsReference = ContentInsetsReference(rawValue: reference)!
        }
        configuration.boundarySupplementaryItems = try parseBoundaryItems(
            reader.array("boundarySupplementaryItems"), path: reader.childPath("boundarySupplementaryItems"))
        configuration.selfSizingRequeriesProvider = try reader.bool("selfSizingRequeriesProvider") ?? true
        if var rules = try reader.object("rules") {
            var r = LayoutRules()
            r.fractionalInsetsBelowOne = try rules.bool("fractionalInsetsBelowOne") ?? r.fractionalInsetsBelowOne
            r.emptySectionKeepsInsets = try rules.bool("emptySectionKeepsInsets") ?? r.emptySectionKeepsInsets
            r.spacingAfterLastSection = try rules.bool("spacingAfterLastSection") ?? r.spacingAfterLastSection
            r.orthogonalContentIncludesInsets =
                try rules.bool("orthogonalContentIncludesInsets") ?? r.orthogonalContentIncludesInsets
            r.floorWhenFitting = try rules.bool("floorWhenFitting") ?? r.floorWhenFitting
            try rules.finish()
            configuration.rules = r
        }
        try reader.finish()
        return configuration
    }

    private func parseSection(
        _ value: JSONValue, path: String, data: JSONValue?, flow: FlowLayoutSpec?
    ) throws(ScenarioError) -> ScenarioSection {
        var reader = try JSONObjectReader(value, path: path)
        let id = try Self.printable(reader.requiredString("id"), path: reader.childPath("id"))
        guard !id.isEmpty else { throw .invalid(path: reader.childPath("id"), message: "must not be empty") }
        let cell = try Self.printable(reader.string("cell") ?? "Cell", path: reader.childPath("cell"))
        let identity = try reader.choice("identity", ["unique", "stable"]).flatMap(ItemIdentity.init) ?? .unique
        guard let itemsReader = try reader.object("items") else {
            throw reader.missing("items")
        }
        let items = try parseItems(itemsReader, data: data)

        let visibleItemsHandler = try reader.bool("visibleItemsInvalidationHandler") ?? false
        let layout: ScenarioSection.Layout
        if let flow {
            for key in ["layout", "list"] where reader.has(key) {
                throw .invalid(
                    path: reader.childPath(key),
                    message: "a flow layout's sections take \"flow\" (the delegate's answers), not \"\(key)\"")
            }
            layout = .flow(try parseFlowSection(reader.object("flow"), defaults: flow.defaults))
        } else if reader.has("flow") {
            throw .invalid(path: reader.childPath("flow"), message: "a \"flow\" section needs the scenario's \"flowLayout\"")
        } else {
            layout = try parseSectionLayoutChoice(&reader)
        }
        let measuredSizes = try parseMeasuredSizes(&reader, layout: layout)
        try reader.finish()
        return ScenarioSection(
            id: id, cell: cell, items: items, identity: identity, layout: layout, hasVisibleItemsHandler: visibleItemsHandler,
            measuredSizes: measuredSizes)
    }

    /// A section's `measuredSizes`: what its self-sizing cells measure, each a `width`, a
    /// `height` or both, cycled over the items. Only estimated sizes are measured (G1.10).
    private func parseMeasuredSizes(
        _ reader: inout JSONObjectReader, layout: ScenarioSection.Layout
    ) throws(ScenarioError) -> [MeasuredSize] {
        guard let values = try reader.array("measuredSizes") else { return [] }
        let path = reader.childPath("measuredSizes")
        switch layout {
        case .flow:
            throw .invalid(
                path: path,
                message:
                    "a flow section's items take their sizes from \"sizeForItemAt\"; measuredSizes is for layout and list sections"
            )
        case .compositional(let section) where !section.group.selfSizes:
            throw .invalid(
                path: path,
                message:
                    "the section's items have no estimated dimension, so nothing measures them (G1.10); use {\"estimated\": N}")
        default: break
        }
        guard !values.isEmpty else { throw .invalid(path: path, message: "must not be empty") }
        guard values.count <= Self.maxItems else { throw .invalid(path: path, message: "too many sizes") }
        var sizes: [MeasuredSize] = []
        for (index, value) in values.enumerated() {
            var entry = try JSONObjectReader(value, path: "\(path)[\(index)]")
            let size = MeasuredSize(
                width: try entry.number("width", minimum: 0), height: try entry.number("height", minimum: 0))
            guard size.width != nil || size.height != nil else {
                throw .invalid(path: entry.path, message: "give \"width\", \"height\" or both")
            }
            try entry.finish()
            sizes.append(size)
        }
        return sizes
    }

    /// A compositional section's `layout`, or a list section's `list`.
    private func parseSectionLayoutChoice(_ reader: inout JSONObjectReader) throws(ScenarioError) -> ScenarioSection.Layout {
        let layout: ScenarioSection.Layout
        switch (reader.has("layout"), reader.has("list")) {
        case (true, false):
            layout = .compositional(try parseSectionLayout(try reader.object("layout")!))
        case (false, true):
            layout = .list(try parseList(try reader.object("list")!))
        case (true, true):
            throw .invalid(path: reader.childPath("list"), message: "a section has either \"layout\" or \"list\", not both")
        case (false, false):
            // A misspelt "layout" is named as the typo it is, as any required key's is.
            if case .invalid(let path, let message) = reader.missing("layout"), message.hasPrefix("required; found") {
                throw .invalid(path: path, message: message)
            }
            throw .invalid(path: reader.childPath("layout"), message: "required (or \"list\" for a list section)")
        }
        return layout
    }

    private func parseItems(_ reader: JSONObjectReader, data: JSONValue?) throws(ScenarioError) -> InitialItems {
        var reader = reader
        let forms = ["count", "ids", "source", "outline"].filter { reader.has($0) }
        guard forms.count == 1 else {
            throw .invalid(
                path: reader.path,
                message:
                    "expected exactly one of count, ids, source, outline; got \(forms.isEmpty ? "none" : forms.joined(separator: ", "))"
            )
        }
        let items: InitialItems
        switch forms[0] {
        case "count":
            items = .count(try reader.integer("count", in: 0...Self.maxItems)!)
        case "ids":
            items = .ids(try strings(reader.array("ids")!, path: reader.childPath("ids")))
        case "source":
            let key = try reader.requiredString("source")
            items = .ids(try sourceIDs(key, data: data, path: reader.childPath("source")))
        default:
            items = .outline(
                try reader.array("outline")!.enumerated().map { (i, node) throws(ScenarioError) in
                    try parseOutline(node, path: "\(reader.childPath("outline"))[\(i)]", depth: 0)
                })
        }
        try reader.finish()
        return items
    }

    private func strings(_ values: [JSONValue], path: String) throws(ScenarioError) -> [String] {
        guard values.count <= Self.maxItems else { throw .invalid(path: path, message: "too many items") }
        var result: [String] = []
        result.reserveCapacity(values.count)
        for (i, value) in values.enumerated() {
            guard case .string(let s) = value else {
                throw .invalid(path: "\(path)[\(i)]", message: "expected a string, got \(describe(value))")
            }
            result.append(s)
        }
        return result
    }

    /// Identifiers for the elements of `data[key]`: a string element is its own identifier, an
    /// object's `"id"` is used when it is a string, otherwise the element's position.
    private func sourceIDs(_ key: String, data: JSONValue?, path: String) throws(ScenarioError) -> [String] {
        guard let data else { throw .invalid(path: path, message: "\"\(key)\" needs a data file (\"data\": { \"file\": … })") }
        guard case .object(let fields) = data, let list = fields[key] else {
            throw .invalid(path: path, message: "the data file has no list \"\(key)\"")
        }
        guard case .array(let elements) = list else {
            throw .invalid(path: path, message: "\"\(key)\" in the data file is \(list.typeName), expected an array")
        }
        return elements.enumerated().map { i, element in
            switch element {
            case .string(let s): s
            case .object(let object): if case .string(let s) = object["id"] { s } else { "\(key)[\(i)]" }
            default: "\(key)[\(i)]"
            }
        }
    }

    private func parseOutline(_ value: JSONValue, path: String, depth: Int) throws(ScenarioError) -> OutlineNode {
        guard depth < Self.maxGroupDepth * 4 else { throw .invalid(path: path, message: "outline nested too deeply") }
        var reader = try JSONObjectReader(value, path: path)
        let id = try Self.printable(reader.requiredString("id"), path: reader.childPath("id"))
        let children = try (reader.array("children") ?? []).enumerated().map { (i, child) throws(ScenarioError) in
            try parseOutline(child, path: "\(reader.childPath("children"))[\(i)]", depth: depth + 1)
        }
        let expanded = try reader.bool("expanded") ?? false
        try reader.finish()
        return OutlineNode(id: id, children: children, expanded: expanded)
    }

    /// `"prefetch"`: `{"enabled": false}`, `{"distance": 300}` (points) or `{"screens": 0.5}`
    /// (viewport lengths), with an optional `cellsPerFrame`; UIKit's default when absent.
    func parsePrefetch(_ reader: inout JSONObjectReader) throws(ScenarioError) -> PrefetchPolicy {
        if try reader.bool("enabled") == false { return .disabled }
        let points = try reader.number("distance", minimum: 0)
        let screens = try reader.number("screens", minimum: 0)
        guard points == nil || screens == nil else {
            throw .invalid(path: reader.childPath("screens"), message: "give either distance (points) or screens, not both")
        }
        guard (screens ?? 0) <= 10, (points ?? 0) <= 100_000 else {
            throw .invalid(path: reader.path, message: "at most 10 screens or 100000 points ahead")
        }
        var policy = PrefetchPolicy.uikit
        if let points { policy.distance = .points(points) }
        if let screens { policy.distance = .screens(screens) }
        policy.cellsPerPass = try reader.integer("cellsPerFrame", in: 1...1_000) ?? policy.cellsPerPass
        return policy
    }
}

extension ScenarioParser {
    /// A name or identifier that clients print: control characters are refused, so none reaches
    /// another user's terminal through the daemon.
    static func printable(_ text: String, path: String) throws(ScenarioError) -> String {
        if let scalar = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .invalid(
                path: path,
                message:
                    "contains the control character U+\(String(scalar.value, radix: 16, uppercase: true)); names and identifiers must be printable"
            )
        }
        return text
    }
}
