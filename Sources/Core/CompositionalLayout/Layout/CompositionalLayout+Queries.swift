extension CompositionalLayout {
    /// The number of sections of the last pass.
    public var numberOfSections: Int { sections.count }

    /// The size of the scrollable content (G1.7.3): the container's cross length and the stacked
    /// sections' main length.
    public var contentSize: Size {
        guard let context else { return .zero }
        let main = configuration.scrollDirection
        return Size(axis: main, along: contentLength, across: context.size.length(along: main.other))
    }

    /// The description section `index` was laid out with.
    public func sectionDescription(_ index: Int) -> LayoutSection? {
        index >= 0 && index < sections.count ? sections[index].section : nil
    }

    /// How section `index` scrolls along the cross axis (G1.9); nil for an index out of range.
    /// Read in place: `sectionDescription(_:)` copies the whole description, which a per-frame
    /// question (a row's offset range) should not pay for.
    public func orthogonalScrollingBehavior(ofSection index: Int) -> OrthogonalScrollingBehavior? {
        index >= 0 && index < sections.count ? sections[index].section.orthogonalScrollingBehavior : nil
    }

    /// The number of items section `index` was laid out with.
    public func numberOfItems(inSection index: Int) -> Int {
        index >= 0 && index < sections.count ? sections[index].itemCount : 0
    }

    /// The frame of section `index` along the main axis, full cross width.
    public func sectionFrame(_ index: Int) -> Rect? {
        guard index >= 0, index < sections.count, let context else { return nil }
        let main = configuration.scrollDirection
        return Rect(
            axis: main, along: origins[index], across: 0, alongLength: sections[index].length,
            acrossLength: context.size.length(along: main.other))
    }

    /// For an orthogonal section, the length of its row's content (G1.9.4); nil otherwise.
    public func orthogonalContentLength(ofSection index: Int) -> Double? {
        guard index >= 0, index < sections.count, sections[index].isOrthogonal else { return nil }
        return sections[index].orthogonalContentLength
    }

    /// The pitch between group instances of section `index` and the extent of one unmeasured group
    /// along the axis they repeat on (the numbers paging and snapping use, P2.3 to P2.5).
    public func groupPitch(ofSection index: Int) -> (groupLength: Double, pitch: Double)? {
        guard index >= 0, index < sections.count else { return nil }
        let run = sections[index].run
        return (run.extent, run.pitch)
    }

    /// How many items one group instance of section `index` holds.
    public func itemsPerGroup(inSection index: Int) -> Int {
        index >= 0 && index < sections.count ? sections[index].leavesPerInstance : 0
    }

    /// The frame of the cell at `indexPath` in content coordinates (unscrolled for orthogonal
    /// sections, U3).
    /// - Complexity: O(1); O(log n) once the section has measured cells.
    public func frame(for indexPath: ItemPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            let local = sections[indexPath.section].frame(ofItem: indexPath.item)
        else { return nil }
        return local.offset(by: origins[indexPath.section], along: configuration.scrollDirection)
    }

    /// The elements whose frames intersect `rect`, with orthogonal items tested in unscrolled
    /// coordinates (U3). Order: layout headers, then per section its decorations, its
    /// supplementaries, its items in item order and its items' badges in item order, then layout
    /// footers.
    /// - Complexity: O(log sections + sections intersecting + elements returned).
    public func elements(in rect: Rect) -> [LayoutAttributes] {
        collect(rect: rect, items: .rect(rect), pinning: nil)
    }

    /// The elements whose frames intersect `rect` for a view scrolled as `pinning` says: pinned
    /// headers and footers where they are shown (G1.8.4), so a query finds them there and not at
    /// their resting place. Orthogonal items are tested unscrolled, as in `elements(in:)`.
    /// - Complexity: O(log sections + sections intersecting + elements returned).
    public func elements(in rect: Rect, pinning: Pinning) -> [LayoutAttributes] {
        collect(rect: rect, items: .rect(rect), pinning: pinning)
    }

    /// One boundary supplementary item (header or footer) of a section, or a badge (by its item's
    /// index path), of kind `kind`; pinned where `pinning` puts it (nil: its resting frame).
    /// - Complexity: O(supplementaries of the section).
    public func supplementary(ofKind kind: String, at indexPath: ItemPath, pinning: Pinning?) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else {
            return allElements().first {
                $0.category == .layoutSupplementaryView && $0.elementKind == kind && $0.indexPath == indexPath
            }
        }
        let main = configuration.scrollDirection
        let s = indexPath.section
        let origin = origins[s]
        if let placed = sections[s].supplementaries.first(where: { $0.item.elementKind == kind && $0.index == indexPath.item }) {
            var frame = placed.frame.offset(by: origin, along: main)
            var pinned = false
            if let pinning, placed.item.pinToVisibleBounds {
                let pinnedFrame = pin(
                    frame, sectionStart: origin, sectionEnd: origin + sections[s].length, boundary: pinning.boundary,
                    viewportEnd: pinning.viewportEnd, alignment: placed.item.alignment)
                pinned = pinnedFrame != frame
                frame = pinnedFrame
            }
            var result = attributes(of: placed, section: s, frame: frame)
            result.isPinned = pinned
            return result.attributes
        }
        guard let cell = frame(for: indexPath) else {
            return allElements().first {
                $0.category == .layoutSupplementaryView && $0.elementKind == kind && $0.indexPath == indexPath
            }
        }
        return collect(rect: cell, items: .rect(cell), pinning: nil).first {
            $0.category == .supplementaryView && $0.elementKind == kind && $0.indexPath == indexPath
        }
    }

    /// The decoration view of kind `kind` at `indexPath` (`[section, 0]`), e.g. a section
    /// background (G1.13).
    /// - Complexity: O(decorations of the section).
    public func decoration(ofKind kind: String, at indexPath: ItemPath) -> LayoutAttributes? {
        guard indexPath.item == 0, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        guard let i = section.decorations.firstIndex(where: { $0.item.elementKind == kind }) else { return nil }
        return decoration(
            i, of: section,
            frame: section.decorationFrame(i).offset(by: origins[indexPath.section], along: configuration.scrollDirection)
        ).attributes
    }

    /// The elements visible in `viewport`: each orthogonal section's items tested against the
    /// viewport shifted by that section's offset (B3.2), its headers and decorations against the
    /// unshifted one (G1.8.5, G1.13.3), pinned headers at their pinned position (G1.8.4).
    /// - Complexity: O(log sections + sections intersecting + elements returned).
    public func visibleElements(in viewport: Viewport) -> [LayoutAttributes] {
        collect(rect: viewport.rect, items: .viewport(viewport), pinning: pinning(of: viewport))
    }

    /// The elements visible in `viewport`, in `visibleElements(in:)`'s order, each with whether it
    /// is visible in `inner` as well: one walk for a collection view with prefetching, which asks
    /// both about the region where cells stay prepared and about the smaller one it prepares
    /// them in. Each element is tested against `inner` exactly as `visibleElements(in: inner)`
    /// tests it, so the marked elements are that query's answer in its order — provided `inner`
    /// lies within `viewport` (its rectangle and its rows' windows) and pins as it does.
    /// Elements come as `VisitedElement`s, valid during the call (keep `attributes`): a plain
    /// value, since a collection view visits every element of its regions on every frame.
    /// - Complexity: O(log sections + sections intersecting + elements visited).
    public func forEachVisibleElement(
        in viewport: Viewport, marking inner: Viewport, _ body: (VisitedElement, _ inInner: Bool) -> Void
    ) {
        let pinning = pinning(of: viewport)
        precondition(pinning == self.pinning(of: inner), "the inner viewport pins headers where the outer one does")
        walk(
            rect: viewport.rect, items: .viewport(viewport), pinning: pinning, inner: (inner.rect, .viewport(inner)), body)
    }

    /// What a walk tests a section's items against: one rectangle for every section, or a
    /// viewport, whose orthogonal rows each have a window of their own. A value rather than a
    /// closure: a closure over a viewport was a heap context, and a copy of the viewport's
    /// dictionaries, per query, and a call that retained the layout's sections per section.
    private enum ItemWindow {
        case rect(Rect)
        case viewport(Viewport)
    }

    /// The rectangle section `section`'s items are tested against: an orthogonal row's window is
    /// the viewport shifted by the row's offset and widened by its margins.
    private func itemRect(_ window: ItemWindow, section: Int, isOrthogonal: Bool) -> Rect {
        switch window {
        case .rect(let rect):
            return rect
        case .viewport(let viewport):
            return isOrthogonal ? viewport.rowWindow(section, across: configuration.scrollDirection.other) : viewport.rect
        }
    }

    private func pinning(of viewport: Viewport) -> Pinning {
        Pinning(
            boundary: viewport.pinningBoundary ?? viewport.rect.min(along: configuration.scrollDirection),
            viewportEnd: viewport.pinningEnd ?? viewport.rect.max(along: configuration.scrollDirection))
    }

    /// The items of orthogonal section `index` whose frames intersect the row's viewport
    /// `[offset, offset + length)` along the cross axis (G1.9.5), as index → unscrolled frame.
    public func orthogonalItems(inSection index: Int, offset: Double, viewportLength: Double) -> [(item: Int, frame: Rect)] {
        guard index >= 0, index < sections.count else { return [] }
        let main = configuration.scrollDirection
        let section = sections[index]
        let rect = Rect(
            axis: main, along: 0, across: offset, alongLength: section.length, acrossLength: viewportLength)
        var result: [(Int, Rect)] = []
        section.forEachItem(intersecting: rect) { item, frame in
            result.append((item, frame.offset(by: origins[index], along: main)))
        }
        return result
    }

    /// A sample of the elements that costs what it returns, not what the layout holds (a section
    /// of 10^9 items is summarised, not materialised): the layout-wide headers and footers, and
    /// per section its decorations, its own headers and footers, its first `firstItems` cells and
    /// its last cell, in `allElements()`'s order.
    /// - Returns: the elements, and how many cells each section leaves out.
    public func sampleElements(firstItems: Int) -> (elements: [LayoutAttributes], omittedItems: [Int]) {
        var omitted: [Int] = []
        let result = eachSectionsElements { s, _, result in
            let count = numberOfItems(inSection: s)
            var items = Array(0..<Swift.min(Swift.max(0, firstItems), count))
            if count > items.count { items.append(count - 1) }
            for item in items {
                let path = ItemPath(item: item, section: s)
                guard let frame = frame(for: path) else { continue }
                result.append(LayoutAttributes(category: .cell, indexPath: path, frame: frame))
            }
            omitted.append(count - items.count)
        }
        return (result, omitted)
    }

    /// The layout-wide headers, then per section its decorations, its own headers and footers and
    /// what `items` adds (its cells), then the layout-wide footers: the order `allElements()` and
    /// `sampleElements(firstItems:)` share.
    private func eachSectionsElements(
        _ items: (Int, SectionGeometry, inout [LayoutAttributes]) -> Void
    ) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let main = configuration.scrollDirection
        forEachLayoutSupplementary(headers: true) { result.append($0.attributes) }
        for (s, section) in sections.enumerated() {
            for i in section.decorations.indices {
                result.append(
                    decoration(i, of: section, frame: section.decorationFrame(i).offset(by: origins[s], along: main)).attributes)
            }
            for placed in section.supplementaries {
                result.append(
                    attributes(of: placed, section: s, frame: placed.frame.offset(by: origins[s], along: main)).attributes)
            }
            items(s, section, &result)
        }
        forEachLayoutSupplementary(headers: false) { result.append($0.attributes) }
        return result
    }

    /// Every element with its frame: the brute-force answer the fast queries are tested against.
    /// - Complexity: O(items).
    public func allElements() -> [LayoutAttributes] {
        let main = configuration.scrollDirection
        return eachSectionsElements { s, section, result in
            for (item, frame) in section.allItemFrames().enumerated() {
                result.append(
                    LayoutAttributes(
                        category: .cell, indexPath: ItemPath(item: item, section: s),
                        frame: frame.offset(by: origins[s], along: main)))
            }
            for (item, placed, frame) in section.allItemSupplementaries() {
                result.append(
                    itemSupplementary(placed, item: item, section: s, frame: frame.offset(by: origins[s], along: main)).attributes
                )
            }
        }
    }

    private func collect(rect: Rect, items: ItemWindow, pinning: Pinning?) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        walk(rect: rect, items: items, pinning: pinning, inner: nil) { element, _ in result.append(element.attributes) }
        return result
    }

    /// Calls `body` with every element intersecting `rect` (items: `items`' rectangle), in the
    /// queries' order, and whether it also intersects `inner` (tested as a walk over `inner`
    /// itself would test it; false without one).
    private func walk(
        rect: Rect, items: ItemWindow, pinning: Pinning?, inner: (rect: Rect, items: ItemWindow)?,
        _ body: (VisitedElement, Bool) -> Void
    ) {
        // Local copies (one retain each) keep the loop free of per-access exclusivity checks.
        let sections = self.sections
        let origins = self.origins
        let main = configuration.scrollDirection
        let innerRect = inner?.rect
        forEachLayoutSupplementary(headers: true) { attributes in
            if attributes.frame.intersects(rect) { body(attributes, innerRect.map(attributes.frame.intersects) ?? false) }
        }
        let low = rect.min(along: main)
        let high = rect.max(along: main)
        // Sections are visited over the rect widened by the supplementary overhang; every element
        // is still tested against the rect itself.
        let reachAfter = high + supplementaryOverhang.before
        var s = firstSection(endingAfter: low - supplementaryOverhang.after)
        while s < sections.count, origins[s] < reachAfter || (sections[s].length == 0 && origins[s] <= reachAfter) {
            // Read in place: copying a SectionGeometry retains every array it holds.
            let origin = origins[s]
            let sectionLength = sections[s].length
            for i in sections[s].decorations.indices {
                let frame = sections[s].decorationFrame(i).offset(by: origin, along: main)
                if frame.intersects(rect) {
                    body(decoration(i, of: sections[s], frame: frame), innerRect.map(frame.intersects) ?? false)
                }
            }
            for placed in sections[s].supplementaries {
                var frame = placed.frame.offset(by: origin, along: main)
                var pinned = false
                if let pinning, placed.item.pinToVisibleBounds {
                    let pinnedFrame = pin(
                        frame, sectionStart: origin, sectionEnd: origin + sectionLength, boundary: pinning.boundary,
                        viewportEnd: pinning.viewportEnd, alignment: placed.item.alignment)
                    pinned = pinnedFrame != frame
                    frame = pinnedFrame
                }
                if frame.intersects(rect) {
                    var attributes = attributes(of: placed, section: s, frame: frame)
                    attributes.isPinned = pinned
                    attributes.isPinnable = pinning != nil && placed.item.pinToVisibleBounds
                    body(attributes, innerRect.map(frame.intersects) ?? false)
                }
            }
            // Items are tested in section-local coordinates, the inner window as the outer one.
            let isOrthogonal = sections[s].isOrthogonal
            let local = itemRect(items, section: s, isOrthogonal: isOrthogonal).offset(by: -origin, along: main)
            let innerLocal = inner.map {
                itemRect($0.items, section: s, isOrthogonal: isOrthogonal).offset(by: -origin, along: main)
            }
            sections[s].forEachItem(intersecting: local) { item, frame in
                var element = VisitedElement(
                    category: .cell, kind: nil, indexPath: ItemPath(item: item, section: s),
                    frame: frame.offset(by: origin, along: main))
                element.movesWithRow = isOrthogonal
                body(element, innerLocal.map(frame.intersects) ?? false)
            }
            sections[s].forEachItemSupplementary(intersecting: local) { item, placed, frame in
                var element = itemSupplementary(placed, item: item, section: s, frame: frame.offset(by: origin, along: main))
                element.movesWithRow = isOrthogonal
                body(element, innerLocal.map(frame.intersects) ?? false)
            }
            s += 1
        }
        forEachLayoutSupplementary(headers: false) { attributes in
            if attributes.frame.intersects(rect) { body(attributes, innerRect.map(attributes.frame.intersects) ?? false) }
        }
    }

    /// G1.8.4 [B]: a pinned header stays between the pinning boundary and its section's end; a
    /// pinned footer between the viewport's end and its section's start.
    private func pin(
        _ frame: Rect, sectionStart: Double, sectionEnd: Double, boundary: Double, viewportEnd: Double,
        alignment: RectAlignment
    ) -> Rect {
        let main = configuration.scrollDirection
        let length = frame.size.length(along: main)
        let natural = frame.min(along: main)
        let target: Double
        if alignment.side(along: main) == 1 {
            target = Swift.max(Swift.min(natural, viewportEnd - length), sectionStart)
        } else {
            target = Swift.min(Swift.max(natural, boundary), sectionEnd - length)
        }
        return frame.offset(by: target - natural, along: main)
    }

    /// The first section whose end lies after `position` (binary search).
    private func firstSection(endingAfter position: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if origins[mid] + sections[mid].length > position { high = mid } else { low = mid + 1 }
        }
        // Zero-length sections at the position still count as touching it.
        while low > 0, sections[low - 1].length == 0, origins[low - 1] >= position { low -= 1 }
        return low
    }

    private func attributes(of placed: PlacedSupplementary, section: Int, frame: Rect) -> VisitedElement {
        VisitedElement(
            category: .supplementaryView, kind: placed.item.kind,
            indexPath: ItemPath(item: placed.index, section: section), frame: frame, zIndex: placed.item.zIndex)
    }

    /// A decoration's attributes: index path `[section, 0]`, its kind and z-index (G1.13).
    private func decoration(_ i: Int, of section: SectionGeometry, frame: Rect) -> VisitedElement {
        let item = section.decorations[i].item
        return VisitedElement(
            category: .decorationView, kind: item.kind, indexPath: ItemPath(item: 0, section: section.index),
            frame: frame, zIndex: item.zIndex)
    }

    /// A badge's attributes: its item's index path, its own kind (G1.8.6).
    private func itemSupplementary(_ placed: PlacedItemSupplementary, item: Int, section: Int, frame: Rect) -> VisitedElement {
        VisitedElement(
            category: .supplementaryView, kind: placed.item.kind,
            indexPath: ItemPath(item: item, section: section),
            frame: frame, zIndex: placed.item.zIndex)
    }

    /// The layout-wide headers (or footers), in order.
    private func forEachLayoutSupplementary(headers: Bool, _ body: (VisitedElement) -> Void) {
        let main = configuration.scrollDirection
        for placed in layoutSupplementaries where (placed.item.alignment.side(along: main) == 1) != headers {
            body(
                VisitedElement(
                    category: .layoutSupplementaryView, kind: placed.item.kind,
                    indexPath: ItemPath(item: placed.index, section: 0), frame: placed.frame, zIndex: placed.item.zIndex))
        }
    }
}
