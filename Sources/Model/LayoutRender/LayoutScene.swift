import ScrollSimulation

/// What a picture shows: a simulation's layout at one moment, with what was realised there, and
/// its event log up to that moment. Plain values, filled from `GetLayout`, `GetVisible` and
/// `GetEvents` replies (daemon or in-process), so the renderer needs no engine.
public struct LayoutScene: Sendable, Hashable {
    /// A laid-out cell or supplementary view; orthogonal rows' frames unscrolled.
    public struct Element: Sendable, Hashable {
        public var kind: String
        public var section: String?
        public var item: Int?
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// A live cell at this moment (visible or prefetched).
        public var realised: Bool
        /// A section background the layout places (drawn behind, never scrolled with a row).
        public var isDecoration: Bool
        /// The stacking order: higher is drawn later, in front (a pinned header over its cells).
        public var zIndex: Int

        public init(
            kind: String, section: String?, item: Int?, x: Double, y: Double, width: Double, height: Double, realised: Bool,
            isDecoration: Bool = false, zIndex: Int = 0
        ) {
            self.isDecoration = isDecoration
            self.zIndex = zIndex
            self.kind = kind
            self.section = section
            self.item = item
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.realised = realised
        }
    }

    public var title: String
    /// One line under the title (viewport, policy, counts).
    public var subtitle: String
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var contentWidth: Double
    public var contentHeight: Double
    /// The main (vertical) scroll offset.
    public var contentOffset: Double
    /// Orthogonal rows and their horizontal offsets, by section.
    public var rowOffsets: [String: Double]
    /// Sections in order.
    public var sections: [String]
    /// How many consecutive items one group instance holds, by section (groups are drawn around
    /// their items where they hold more than one).
    public var itemsPerGroup: [String: Int] = [:]
    public var elements: [Element]
    /// The event log (the timeline's input).
    public var events: [SimulationRecord]
    /// The moment drawn, in seconds of virtual time.
    public var time: Double
    /// Where the drawn part starts in the content, and how tall the whole content is (a picture
    /// cropped to the viewport draws only the part around it: `croppedToViewport`).
    public var cropTop = 0.0
    public var fullContentHeight: Double?

    public init(
        title: String, subtitle: String, viewportWidth: Double, viewportHeight: Double, contentWidth: Double,
        contentHeight: Double, contentOffset: Double, rowOffsets: [String: Double], sections: [String], elements: [Element],
        events: [SimulationRecord], time: Double
    ) {
        self.title = title
        self.subtitle = subtitle
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.contentOffset = contentOffset
        self.rowOffsets = rowOffsets
        self.sections = sections
        self.elements = elements
        self.events = events
        self.time = time
    }
}

extension LayoutScene {
    /// The part of the content around the main viewport, `margin` points above and below it:
    /// the elements that meet it, moved up so the picture starts there (a 70-row screen is drawn
    /// the size of a screen, not 3,000 points tall).
    public func croppedToViewport(margin: Double = 60) -> LayoutScene {
        let top = Swift.max(0, contentOffset - margin)
        let bottom = Swift.min(contentHeight, contentOffset + viewportHeight + margin)
        guard top > 0 || bottom < contentHeight else { return self }
        var scene = self
        // An element the crop's edge cuts is drawn from the edge, never over the title above.
        scene.elements = elements.filter { $0.y + $0.height > top && $0.y < bottom }.map { element in
            var moved = element
            let start = Swift.max(element.y, top)
            moved.height = Swift.min(element.y + element.height, bottom) - start
            moved.y = start - top
            return moved
        }
        scene.contentHeight = bottom - top
        scene.contentOffset = contentOffset - top
        scene.cropTop = cropTop + top
        scene.fullContentHeight = fullContentHeight ?? contentHeight
        return scene
    }
}
