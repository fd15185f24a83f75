import CompositionalLayout
import Testing

/// The section provider model: which invalidations re-query which sections (UIKit model 2.1, 2.2).
@Suite("Section provider and invalidation")
struct SectionProviderTests {
    static let context = SeedLayouts.iPhone13

    static func home() throws -> CompositionalLayout {
        try SeedLayouts.prepared(SeedLayouts.home(), counts: [3, 5, 4])
    }

    @Test("first layout with non-empty bounds queries every section once (2.2 row 1)")
    func firstLayout() throws {
        let layout = SeedLayouts.home()
        #expect(try layout.prepare(context: LayoutContext(size: .zero), itemCounts: [3, 5, 4]) == nil)
        #expect(layout.statistics.totalSectionProviderCalls == 0)
        let pass = try layout.prepare(context: Self.context, itemCounts: [3, 5, 4])
        #expect(pass == LayoutPass(number: 1, reasons: [.initial], queriedSections: [0, 1, 2]))
    }

    @Test("a pass runs only when stale: preparing again costs nothing (B1.4: scrolling re-queries nothing)")
    func noPassWhenClean() throws {
        let layout = try Self.home()
        #expect(try layout.prepare(context: Self.context, itemCounts: [3, 5, 4]) == nil)
        _ = layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: 300, width: 390, height: 844), orthogonalOffsets: [1: 500]))
        #expect(layout.statistics.sectionProviderCalls == [1, 1, 1])
    }

    @Test("invalidateLayout re-queries all N sections; several invalidations coalesce into one pass (2.2, B1.1)")
    func fullInvalidationCoalesces() throws {
        let layout = try Self.home()
        layout.invalidate(.everything)
        layout.invalidate(.everything)
        layout.invalidate(.sections([1]))
        layout.invalidate(.sections([2]))
        let pass = try layout.prepare(context: Self.context, itemCounts: [3, 5, 4])
        #expect(pass?.queriedSections == [0, 1, 2])
        #expect(pass?.reasons == [.everything, .sections([1, 2])])  // one entry per kind
        #expect(layout.statistics.sectionProviderCalls == [2, 2, 2])
        #expect(layout.statistics.layoutPasses == 2)
    }

    @Test("a bounds-size change (rotation) re-queries every section and re-solves fractions (2.2)")
    func rotation() throws {
        let layout = try Self.home()
        let landscape = LayoutContext(size: Size(width: 844, height: 390))
        let pass = try layout.prepare(context: landscape, itemCounts: [3, 5, 4])
        #expect(pass?.reasons == [.boundsSizeChange])
        #expect(pass?.queriedSections == [0, 1, 2])
        #expect(layout.frame(for: ItemPath(item: 0, section: 0)) == Rect(x: 2, y: 2, width: 840, height: 196))
        #expect(layout.contentSize.width == 844)
    }

    @Test("a safe-area change is an environment change: every section re-queried")
    func environmentChange() throws {
        let layout = try Self.home()
        let context = LayoutContext(size: Size(width: 390, height: 844), safeAreaInsets: DirectionalEdgeInsets(top: 47))
        #expect(try layout.prepare(context: context, itemCounts: [3, 5, 4])?.reasons == [.environmentChange])
    }

    @Test("assigning a configuration invalidates (R9); one built but never assigned has no effect")
    func configuration() throws {
        let layout = try Self.home()
        var unused = layout.configuration
        unused.interSectionSpacing = 50
        #expect(!layout.needsLayout)
        #expect(layout.contentSize.height == 990)
        layout.configuration = unused
        let pass = try layout.prepare(context: Self.context, itemCounts: [3, 5, 4])
        #expect(pass?.reasons == [.configurationChange])
        #expect(layout.contentSize.height == 1090)
    }

    @Test("a targeted invalidation re-queries only the named section; others keep their descriptions")
    func targeted() throws {
        let layout = try Self.home()
        layout.invalidate(.sections([1]))
        let pass = try layout.prepare(context: Self.context, itemCounts: [3, 10, 4])
        #expect(pass?.queriedSections == [1])
        #expect(layout.statistics.sectionProviderCalls == [1, 2, 1])
        #expect(layout.orthogonalContentLength(ofSection: 1) == 3610)
        #expect(layout.frame(for: ItemPath(item: 0, section: 2)) == Rect(x: 10, y: 830, width: 150, height: 150))
    }

    @Test("each section's scrolling behaviour is the one its description gave (G1.9.1); none outside the sections")
    func scrollingBehaviour() throws {
        let layout = try Self.home()
        #expect(
            (0..<3).map { layout.orthogonalScrollingBehavior(ofSection: $0) }
                == (0..<3).map {
                    layout.sectionDescription($0)?.orthogonalScrollingBehavior
                })
        #expect(layout.orthogonalScrollingBehavior(ofSection: 1) == .continuousGroupLeadingBoundary)
        #expect(layout.orthogonalScrollingBehavior(ofSection: 3) == nil)
        #expect(layout.orthogonalScrollingBehavior(ofSection: -1) == nil)
    }

    @Test("appending 5 company items: 3 provider calls under a full invalidation, 1 targeted (5d, 2.2 [O] A1)")
    func appendCost() throws {
        let uikit = try Self.home()
        uikit.invalidate(.everything)
        _ = try uikit.prepare(context: Self.context, itemCounts: [3, 10, 4])
        #expect(uikit.statistics.totalSectionProviderCalls - 3 == 3)

        let targeted = try Self.home()
        targeted.invalidate(.sections([1]))
        _ = try targeted.prepare(context: Self.context, itemCounts: [3, 10, 4])
        #expect(targeted.statistics.totalSectionProviderCalls - 3 == 1)
        #expect(uikit.allElements() == targeted.allElements())
    }

    @Test("new sections are always queried; the provider receives container and effective sizes (G1.1.1)")
    func newSectionsAndEnvironment() throws {
        let seen = EnvironmentRecorder()
        let layout = CompositionalLayout { index, environment in
            seen.record(index, environment)
            return SeedLayouts.consult
        }
        let context = LayoutContext(
            size: Size(width: 844, height: 390),
            safeAreaInsets: DirectionalEdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47))
        _ = try layout.prepare(context: context, itemCounts: [1])
        layout.invalidate(.sections([]))
        let pass = try layout.prepare(context: context, itemCounts: [1, 2])
        #expect(pass?.queriedSections == [1])
        let environment = try #require(seen.calls.last?.1)
        #expect(environment.container.contentSize == Size(width: 844, height: 390))
        // Vertical layout: only the leading/trailing safe area reaches the container (G1.1.2 [B]).
        #expect(environment.container.effectiveContentSize == Size(width: 750, height: 390))
        #expect(layout.frame(for: ItemPath(item: 0, section: 1)) == Rect(x: 49, y: 202, width: 746, height: 196))
    }

    @Test("init(section:) uses one description and calls no provider")
    func fixedSection() throws {
        let layout = CompositionalLayout(section: SeedLayouts.consult)
        let pass = try layout.prepare(context: Self.context, itemCounts: [2, 2])
        #expect(pass?.queriedSections == [0, 1])
        #expect(layout.statistics.totalSectionProviderCalls == 0)
        #expect(layout.contentSize.height == 800)
    }

    @Test("a description that cannot be laid out throws and leaves the layout stale")
    func errorLeavesLayoutStale() throws {
        var broken = SeedLayouts.consult
        broken.group.subitems = []
        let layout = CompositionalLayout { _, _ in broken }
        #expect(throws: LayoutError.emptyGroup(section: 0, path: "group")) {
            try layout.prepare(context: Self.context, itemCounts: [1])
        }
        #expect(layout.needsLayout)
        #expect(layout.statistics.sectionProviderCalls == [1])  // the call happened and is counted
    }
}

/// Collects the provider's arguments (the provider is a plain closure, so a reference box).
final class EnvironmentRecorder: @unchecked Sendable {
    // Unchecked: used from one test's synchronous provider calls only.
    var calls: [(Int, LayoutEnvironment)] = []
    func record(_ index: Int, _ environment: LayoutEnvironment) { calls.append((index, environment)) }
}
