import CompositionalLayout

extension Scenario {
    /// A section provider over the scenario's sections, as the app's `createLayout()` would build
    /// it; each call is counted by the layout.
    public func makeLayout() -> CompositionalLayout {
        let sections = self.sections
        if isFlowLayout {
            // A flow layout lays every section out as a flow section; one without delegate
            // answers takes the layout's own properties, as in UIKit (FL5).
            let flows = sections.map { section in
                if case .flow(let flow) = section.layout { flow } else { FlowSection() }
            }
            return CompositionalLayout(flow: flowStyle ?? FlowLayoutStyle(), configuration: configuration) { flows[$0] }
        }
        return CompositionalLayout(configuration: configuration) { index, environment in
            switch sections[index].layout {
            case .compositional(let section): section
            case .list(let list): LayoutSection.list(using: list, layoutEnvironment: environment)
            case .flow: preconditionFailure("flow sections make a flow layout (isFlowLayout)")
            }
        }
    }

    /// Whether the screen uses a flow layout: it has the layout's properties or a flow section.
    public var isFlowLayout: Bool {
        flowStyle != nil || sections.contains { if case .flow = $0.layout { true } else { false } }
    }

    /// The initial item count of every section.
    public var initialItemCounts: [Int] { sections.map(\.items.visibleCount) }

    /// The layout after its first pass on `viewport` (the scenario's own by default).
    /// - Throws: `ScenarioError.layout` naming the section's JSON path when the description cannot
    ///   be solved.
    public func preparedLayout(viewport: ScenarioViewport? = nil) throws(ScenarioError) -> CompositionalLayout {
        let layout = makeLayout()
        do {
            _ = try layout.prepare(context: (viewport ?? self.viewport).layoutContext, itemCounts: initialItemCounts)
        } catch {
            throw ScenarioError(error, sections: sections)
        }
        return layout
    }
}

extension ScenarioError {
    /// A layout error located in the scenario: `sections[i].layout.<path>` plus the section's id.
    init(_ error: LayoutError, sections: [ScenarioSection]) {
        let index = error.section
        let id = sections.indices.contains(index) ? sections[index].id : "?"
        var path = "sections[\(index)]"
        if let inner = error.path {
            if case .list = sections.indices.contains(index) ? sections[index].layout : nil {
                path += ".list"
            } else {
                path += ".layout." + inner
            }
        }
        self = .layout(path: path, section: id, message: error.problem)
    }
}
