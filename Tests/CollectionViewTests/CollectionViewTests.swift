import CollectionView
import CompositionalLayout
import DiffableDataSource
import SeedScreens
import Testing

typealias CV = CollectionView<String, String>

/// The home screen of UIKit model 5d as a collection view: consult 3, company 5, expert 4.
func home(
    policy: InvalidationPolicy = .uikit, safeTop: Double = 0, prefetch: PrefetchPolicy = .disabled, company: Int = 5,
    consult: Int = 3
) throws -> CV {
    let order = ["consult", "company", "expert"]
    let sections = SeedSections.home()
    let layout = CompositionalLayout { index, _ in sections[index] }
    let context = LayoutContext(
        size: Size(width: 390, height: 844), safeAreaInsets: DirectionalEdgeInsets(top: safeTop, bottom: safeTop > 0 ? 34 : 0))
    let view = CV(layout: layout, context: context, policy: policy, prefetch: prefetch)
    for id in order { view.register(reuseIdentifier: id + "Cell") }
    view.cellProvider = { view, indexPath, _ in
        try view.dequeueReusableCell(withReuseIdentifier: order[indexPath.section] + "Cell", for: indexPath)
    }
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSections(order)
    try snapshot.appendItems((0..<consult).map { "consult-\($0)" }, toSection: "consult")
    try snapshot.appendItems((0..<company).map { "company-\($0)" }, toSection: "company")
    try snapshot.appendItems((0..<4).map { "expert-\($0)" }, toSection: "expert")
    try view.apply(snapshot, animatingDifferences: false)
    return view
}

func appendCompany(_ view: CV, count: Int = 5, animated: Bool = true) throws -> ApplyUpdate {
    var snapshot = view.dataSource.snapshot()
    let existing = snapshot.numberOfItems(inSection: "company")!
    try snapshot.appendItems((existing..<(existing + count)).map { "company-\($0)" }, toSection: "company")
    return try view.apply(snapshot, animatingDifferences: animated)
}

@Suite("Collection view: UIKit model 5d and the invocation model")
struct CollectionViewTests {
    @Test("5d first display: 3 section-provider calls, 8 cell-provider calls, one pass (2.2 row 1, 2.3 row 1)")
    func firstDisplay() throws {
        let view = try home()
        #expect(view.counts.total.sectionProvider == 3)
        #expect(view.counts.total.cellProvider == 8)
        #expect(view.counts.total.layoutPasses == 1)
        #expect(view.counts.sections["company"]?.cellProvider == 2)
        #expect(view.counts.sections["expert"]?.cellProvider == 3)
        #expect(view.counts.total.cellsCreated == 8)
    }

    @Test("5d with a top safe-area inset of 47: resting offset −47 and 5 cells (U4 [B])")
    func safeArea() throws {
        let view = try home(safeTop: 47)
        #expect(view.contentOffset == -47)
        #expect(view.counts.total.cellProvider == 5)
        #expect(view.counts.sections["expert"]?.cellProvider == 0)
    }

    @Test("appending 5 company items at ox 0 under uikit: 3 provider calls, no cell call (5d, 2.2 [O] A1)")
    func appendUIKit() throws {
        let view = try home()
        let update = try appendCompany(view)
        #expect(update.changeset?.itemInserts.count == 5)
        #expect(view.counts.total.sectionProvider == 6)
        #expect(view.counts.total.cellProvider == 8)
        #expect(view.counts.total.layoutPasses == 2)
        #expect(view.counts.sections["company"]?.inserted == 5)
        #expect(view.layout.orthogonalContentLength(ofSection: 1) == 3610)
    }

    @Test("the same append under targeted: 1 provider call (only the company section), no cell call")
    func appendTargeted() throws {
        let view = try home(policy: .targeted)
        _ = try appendCompany(view)
        #expect(view.counts.total.sectionProvider == 4)
        #expect(view.counts.sections["company"]?.sectionProvider == 2)
        #expect(view.counts.total.cellProvider == 8)
    }

    @Test("the same append under uikit14 (non-animated = reloadData): 3 provider calls and every visible cell again (D3.2)")
    func appendUIKit14() throws {
        let view = try home(policy: .uikit14)
        let update = try appendCompany(view, animated: false)
        #expect(update == .reloadData(.nonAnimatedApply))
        #expect(view.counts.total.sectionProvider == 6)
        #expect(view.counts.total.cellProvider == 16)
        #expect(view.counts.total.cellsCreated == 8)  // the re-requested cells come from the pools
        #expect(view.counts.total.cellsReused == 8)
    }

    @Test("an empty apply costs nothing on iOS 15+ (A2 [B])")
    func emptyApply() throws {
        let view = try home()
        try view.apply(view.dataSource.snapshot())
        #expect(view.counts.total.layoutPasses == 1)
        #expect(view.counts.total.sectionProvider == 3)
    }

    @Test("an inserted item that lands in the visible region gets a cell; the append at the end of a row does not (2.3)")
    func insertVisible() throws {
        let view = try home()
        var snapshot = view.dataSource.snapshot()
        try snapshot.insertItems(["company-new"], beforeItem: "company-0")
        try view.apply(snapshot)
        #expect(view.counts.total.cellProvider == 9)
        // company-1 moved out of the viewport (now at x 730): its cell ended.
        #expect(view.counts.sections["company"]?.cellsEnded == 1)
    }

    @Test("scrolling re-queries no section; items entering get cells, leaving ones go to the pool (B1.4, 2.3)")
    func scrolling() throws {
        let view = try home()
        try view.setOrthogonalOffset(700, section: "company")
        #expect(view.counts.total.sectionProvider == 3)
        // Row viewport [700, 1090): items 1 (370–720) and 2 (730–1080) visible; 0 ended.
        #expect(view.indexPathsForVisibleItems.filter { $0.section == 1 }.map(\.item) == [1, 2])
        #expect(view.counts.sections["company"]?.cellProvider == 3)
        #expect(view.counts.sections["company"]?.cellsEnded == 1)
        try view.setContentOffset(146)  // the bottom of the content (990 − 844)
        #expect(view.contentOffset == 146)
        try view.setContentOffset(10_000)  // clamped, no bounce
        #expect(view.contentOffset == 146)
        #expect(view.counts.total.layoutPasses == 1)
    }

    @Test("a row keeps its offset when the sections before it move: an offset a frame set by index stays the row's (G1.9)")
    func rowOffsetFollowsItsSection() throws {
        // Descriptions by identifier, so a section keeps its layout at a new index.
        let descriptions = ["consult": SeedSections.consult, "company": SeedSections.company, "expert": SeedSections.expert]
        var order = ["consult", "company", "expert"]
        let layout = CompositionalLayout { index, _ in descriptions[order[index]]! }
        let view = CV(
            layout: layout, context: LayoutContext(size: Size(width: 390, height: 844)), policy: .uikit, prefetch: .disabled)
        for id in order { view.register(reuseIdentifier: id + "Cell") }
        view.cellProvider = { view, indexPath, item in
            try view.dequeueReusableCell(withReuseIdentifier: String(item.prefix { $0 != "-" }) + "Cell", for: indexPath)
        }
        var snapshot = Snapshot<String, String>()
        try snapshot.appendSections(order)
        for (id, count) in [("consult", 3), ("company", 5), ("expert", 4)] {
            try snapshot.appendItems((0..<count).map { "\(id)-\($0)" }, toSection: id)
        }
        try view.apply(snapshot, animatingDifferences: false)
        try view.setOrthogonalOffset(700, section: "company")
        try view.setOrthogonalOffset(200, section: "expert")
        // Nothing read the offsets by identifier since: they were set by index (1 and 2).
        snapshot = view.dataSource.snapshot()
        try snapshot.moveSection("expert", beforeSection: "consult")
        order = ["expert", "consult", "company"]
        try view.apply(snapshot, animatingDifferences: false)
        #expect(view.orthogonalOffsets == ["company": 700, "expert": 200])
        #expect(view.rowOffset(of: "company") == 700)
        #expect(view.rowOffset(of: "expert") == 200)
        #expect(view.rowOffset(of: "consult") == nil)
        // Row viewport [700, 1090), as before the move: items 1 and 2, now in section 2.
        #expect(view.indexPathsForVisibleItems.filter { $0.section == 2 }.map(\.item) == [1, 2])
    }

    @Test("an item scrolled off and back on gets its cell requested again (2.3 row 4); cells come from the pool")
    func offAndBack() throws {
        let view = try home()
        try view.setOrthogonalOffset(1420, section: "company")  // items 3 and 4 from the pool
        try view.setOrthogonalOffset(0, section: "company")  // items 0 and 1 again
        #expect(view.counts.sections["company"]?.cellProvider == 6)
        #expect(view.counts.sections["company"]?.cellsCreated == 2)
        #expect(view.counts.sections["company"]?.cellsReused == 4)
    }

    @Test("reload on a visible item dequeues a new cell; off-screen reload costs nothing (2.3, D R13/R16)")
    func reload() throws {
        let view = try home()
        let before = view.liveCellsByIndexPath.first { $0.0 == ItemPath(item: 0, section: 0) }!.1
        var snapshot = view.dataSource.snapshot()
        try snapshot.reloadItems(["consult-0", "company-4"])
        try view.apply(snapshot)
        let after = view.liveCellsByIndexPath.first { $0.0 == ItemPath(item: 0, section: 0) }!.1
        #expect(after != before)
        #expect(view.counts.total.cellProvider == 9)
        #expect(view.counts.total.reloaded == 2)
    }

    @Test("reconfigure on a visible item configures the same cell, no prepareForReuse (B4.2); off-screen: nothing")
    func reconfigure() throws {
        let view = try home()
        let before = view.liveCellsByIndexPath.first { $0.0 == ItemPath(item: 1, section: 1) }!.1
        var snapshot = view.dataSource.snapshot()
        try snapshot.reconfigureItems(["company-1", "company-4"])
        try view.apply(snapshot)
        #expect(view.liveCellsByIndexPath.first { $0.0 == ItemPath(item: 1, section: 1) }!.1 == before)
        #expect(view.counts.total.cellProvider == 9)
        #expect(view.counts.total.reconfigures == 1)
        #expect(view.counts.total.cellsReused == 0)
        #expect(view.counts.total.layoutPasses == 1)  // reconfigure-only: no layout pass (2.2)
    }

    @Test("deleted and moved items cost no cell-provider call (2.3)")
    func deleteAndMove() throws {
        let view = try home()
        var snapshot = view.dataSource.snapshot()
        snapshot.deleteItems(["consult-2"])
        try snapshot.moveItem("consult-1", beforeItem: "consult-0")
        try view.apply(snapshot)
        #expect(view.counts.sections["consult"]?.cellProvider == 3)
        #expect(view.counts.total.deleted == 1)
        #expect(view.counts.total.moved == 1)
    }

    @Test("rotation is a bounds-size change: a full pass (2.2)")
    func rotation() throws {
        let view = try home()
        try view.setContext(LayoutContext(size: Size(width: 844, height: 390)))
        #expect(view.counts.total.layoutPasses == 2)
        #expect(view.counts.total.sectionProvider == 6)
    }

    @Test("in a long fling cells created plateau while cell-provider calls keep growing (B4.3)")
    func reusePlateau() throws {
        let view = try home(consult: 1_000)
        var createdAt: [Int] = []
        for step in 1...200 {
            try view.setContentOffset(Double(step) * 97)
            if step % 50 == 0 { createdAt.append(view.counts.sections["consult"]!.cellsCreated) }
        }
        #expect(createdAt.allSatisfy { $0 == createdAt[0] })
        #expect(createdAt[0] <= 6)  // visible (≤ 5 rows of 200 in 844) + 1
        #expect(view.counts.sections["consult"]!.cellProvider > 90)
        #expect(view.counts.total.sectionProvider == 3)
    }

    @Test("dequeuing an unregistered identifier and returning a foreign cell are UIKit's errors, as errors")
    func misuse() throws {
        let view = try home()
        view.cellProvider = { view, indexPath, _ in try view.dequeueReusableCell(withReuseIdentifier: "Nope", for: indexPath) }
        #expect(throws: CollectionViewError.unregisteredReuseIdentifier("Nope")) {
            try view.setOrthogonalOffset(700, section: "company")
        }
        view.cellProvider = { view, indexPath, _ in
            _ = try view.dequeueReusableCell(withReuseIdentifier: "consultCell", for: indexPath)
            return try view.dequeueReusableCell(withReuseIdentifier: "consultCell", for: ItemPath(item: 0, section: 0))
        }
        #expect(throws: CollectionViewError.self) { try view.setOrthogonalOffset(1420, section: "company") }
    }

    @Test("an apply from inside the cell provider (the seed app's pattern) is rejected, not performed (D3.4)")
    func applyFromCellProvider() throws {
        let view = try home()
        let original = view.cellProvider!
        let box = Box()
        view.cellProvider = { view, indexPath, item in
            if item == "company-2" {
                do {
                    _ = try appendCompany(view)
                } catch {
                    box.message = String(describing: error)
                }
            }
            return try original(view, indexPath, item)
        }
        try view.setOrthogonalOffset(700, section: "company")
        #expect(box.message?.contains("re-entrantly") == true)
        #expect(view.dataSource.snapshot().numberOfItems(inSection: "company") == 5)
    }
}

final class Box: @unchecked Sendable {
    // Unchecked: written by a synchronous provider call inside one test.
    var message: String?
}
