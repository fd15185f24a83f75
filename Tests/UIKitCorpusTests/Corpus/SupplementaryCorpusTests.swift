import Testing
import UIKit

/// Headers, footers, badges, backgrounds and nested groups from Apple's sample, run as written.
@MainActor
@Suite("Corpus: supplementary views, decorations, nested groups")
struct SupplementaryCorpusTests {
    @Test(
        "Headers and footers: each section is 44 + 5 rows (5 pt apart) + 44 = 328; 12 cells and 5 supplementaries at rest (G1.8)")
    func headersAndFooters() throws {
        let screen = SectionHeadersFootersViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        let header = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: SectionHeadersFootersViewController.sectionHeaderElementKind, at: IndexPath(item: 0, section: 1))
        // Headers follow the section's 10-pt side insets (G1.8.1); section 1 starts at 328.
        #expect(header?.frame == CGRect(x: 10, y: 328, width: 370, height: 44))
        #expect(frame(collectionView, 2, 1) == CGRect(x: 10, y: 328 + 44 + 2 * 49, width: 370, height: 44))
        // [−91, 753): sections 0 and 1 whole, section 2's header (656) and rows at 700 and 749.
        #expect(simulator.counts.cellProvider == 12)
        // Headers 0, 1, 2 and footers 0 (284), 1 (612); footer 2 (940) is below.
        #expect(simulator.counts.supplementaryProvider == 5)
        #expect(simulator.counts.sectionProvider == 0)
    }

    @Test(
        "AL1, AL3: Apple's title header (a title-3 label 10 pt inside every edge) fits in 44 pt, the estimate the samples give it; a long title wraps only when the label may"
    )
    func titleHeaderFits() {
        let header = TitleSupplementaryView(frame: .zero)
        header.label.text = "Section 1"
        let fit = {
            header.systemLayoutSizeFitting(
                CGSize(width: 370, height: 44), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
        }
        // 10 + one 20-pt line (23.86 rounded up to the pixel: 24) + 10.
        #expect(fit() == CGSize(width: 370, height: 44))
        // One line only (numberOfLines 1): a title longer than the width is truncated, not wrapped.
        header.label.text = String(repeating: "Conference sessions ", count: 6)
        #expect(fit() == CGSize(width: 370, height: 44))
        header.label.numberOfLines = 0
        #expect(fit().height > 44)
    }

    @Test("Pinned headers: at offset 400 section 1's header sits at 400 + 91 = 491, not its resting 328 (G1.8.4)")
    func pinnedHeaders() throws {
        let screen = PinnedSectionHeaderFooterViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        collectionView.setContentOffset(CGPoint(x: 0, y: 400), animated: false)
        let kind = PinnedSectionHeaderFooterViewController.sectionHeaderElementKind
        let header = collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame.minY == 491)
        #expect(header?.zIndex == 2)
        // Section 0 (0…328) has scrolled under the bar: its header is pushed up by its section's end.
        let first = collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: 0))
        #expect(first?.frame.minY == CGFloat(328 - 44))
        // Moving the offset re-lays out pinned views without a provider call.
        #expect(simulator.counts.layoutPasses == 1)
    }

    @Test(
        "Badges: a 20-pt badge on each 87.5-pt cell's top-trailing corner, pushed out by 0.3 of its size; one request per visible cell"
    )
    func badges() throws {
        let screen = ItemBadgeSupplementaryViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Content 350 wide: slots 87.5 × 70, cells inset 5 → (25, 25, 77.5, 60).
        #expect(frame(collectionView, 0) == CGRect(x: 25, y: 25, width: 77.5, height: 60))
        let badge = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: ItemBadgeSupplementaryViewController.badgeElementKind, at: IndexPath(item: 0, section: 0))
        // Trailing edge on the cell's (102.5 − 20), then +0.3 × 20 across and −0.3 × 20 up.
        #expect(badge?.frame == CGRect(x: 88.5, y: 19, width: 20, height: 20))
        // Rows at 20 + 70k below 753: k = 0…10, 44 cells, each with its badge (hidden ones too:
        // the provider runs before the app hides a zero count).
        #expect(simulator.counts.cellProvider == 44)
        #expect(simulator.counts.supplementaryProvider == 44)
    }

    @Test("Section backgrounds: 5 inside each 260-pt section; three made for the first screen, no provider call (G1.13)")
    func sectionBackgrounds() throws {
        let screen = SectionDecorationViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        let kind = SectionDecorationViewController.sectionBackgroundDecorationElementKind
        let background = collectionView.collectionViewLayout.layoutAttributesForDecorationView(
            ofKind: kind, at: IndexPath(item: 0, section: 2))
        #expect(background?.frame == CGRect(x: 5, y: 520 + 5, width: 380, height: 250))
        #expect(background?.representedElementCategory == .decorationView)
        // Sections at 0, 260, 520 meet [−91, 753); 780 does not.
        #expect(simulator.counts.decorationsCreated == 3)
        #expect(simulator.counts.supplementaryProvider == 0)
        #expect(simulator.counts.cellProvider == 15)
        // To the end (1300 − 844 + 34 = 490): sections 3 and 4 come into reach before section 0
        // leaves it, so two more are made and none is reused.
        try simulator.fling(velocity: 4000)
        try simulator.runUntilIdle()
        #expect(close(collectionView.contentOffset.y, 490))
        #expect(simulator.counts.decorationsCreated == 5)
        #expect(simulator.counts.decorationsReused == 0)
    }

    @Test("Nested groups: 0.4 of 844 high; the leading item 0.7 wide, two trailing slots each half the height (G1.4.6, G1.5.1)")
    func nestedGroups() throws {
        let screen = NestedGroupsViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        let height = 0.4 * 844.0
        #expect(close(frame(collectionView, 0), CGRect(x: 10, y: 10, width: 273 - 20, height: height - 20)))
        // count 2 overrides the trailing item's 0.3 height: two equal slots of height / 2.
        #expect(close(frame(collectionView, 2), CGRect(x: 283, y: height / 2 + 10, width: 97, height: height / 2 - 20)))
        #expect(close(frame(collectionView, 3), CGRect(x: 10, y: height + 10, width: 253, height: height - 20)))
        // Groups at 337.6k: groups 0 and 1 whole; of group 2 (675.2) the leading item and the
        // first trailing slot (685.2) meet 753, the second (854) does not — eight cells. Five
        // provider calls: five sections.
        #expect(simulator.counts.cellProvider == 8)
        #expect(simulator.counts.sectionProvider == 5)
    }
}
