import CollectionView
import CompositionalLayout
import ScrollSimulation
import SeedScreens
import Testing

/// The home screen (DESIGN seed 1) as a simulation spec; the company row's behaviour can change.
func homeSpec(
    feeds: [FeedSpec] = [], script: Script = Script(), company: Int = 5, consult: Int = 3,
    companyBehavior: OrthogonalScrollingBehavior = .continuousGroupLeadingBoundary,
    policy: InvalidationPolicy = .uikit, identity: ItemIdentity = .unique
) -> SimulationSpec {
    let sections = SeedSections.home(companyBehavior: companyBehavior)
    return SimulationSpec(
        name: "home",
        sections: [
            SectionSpec(id: "consult", reuseIdentifier: "ConsultCell", items: .count(consult)),
            SectionSpec(
                id: "company", reuseIdentifier: "CompanyCell",
                items: identity == .stable ? .ids((0..<company).map { "co\($0)" }) : .count(company), identity: identity),
            SectionSpec(id: "expert", reuseIdentifier: "ExpertCell", items: .count(4)),
        ],
        makeLayout: { CompositionalLayout { index, _ in sections[index] } },
        context: LayoutContext(size: Size(width: 390, height: 844)), policy: policy, feeds: feeds, script: script)
}

@Suite("Simulation")
struct SimulationTests {
    @Test("first display of home: 3 section-provider calls, 8 cell-provider calls, no frame while nothing moves (5d)")
    func firstDisplay() throws {
        let simulation = try ScenarioSimulation(spec: homeSpec())
        #expect(simulation.counts.total.sectionProvider == 3)
        #expect(simulation.counts.total.cellProvider == 8)
        try simulation.advance(by: 5)
        #expect(simulation.counts.total.frames == 0)
        let pass = simulation.log.records.first { $0.kind == .layoutPass }
        #expect(pass?.detail == "pass=1 reason=initial sections=consult,company,expert")
        #expect(pass?.cause == "initial")
    }

    @Test("an advance stopped after every event (a host's time budget) reaches the same counts and events as one advance")
    func slicedAdvance() throws {
        let whole = try ScenarioSimulation(spec: homeSpec(company: 40, consult: 100))
        let sliced = try ScenarioSimulation(spec: homeSpec(company: 40, consult: 100))
        for simulation in [whole, sliced] {
            try simulation.perform(.gesture(.fling(section: nil, velocity: 3000)))
            try simulation.perform(.gesture(.fling(section: "company", velocity: 3000)))
        }
        try whole.advance(to: 6)
        var slices = 0
        while try !sliced.advance(to: 6, while: { false }) { slices += 1 }
        #expect(slices > 100, "one event per slice: every frame of the fling")
        #expect(sliced.time == 6)
        #expect(sliced.counts == whole.counts)
        #expect(sliced.log.records == whole.log.records)
    }

    @Test("totalCounts equals counts.total after flings, appends and frames")
    func totalCounts() throws {
        let simulation = try ScenarioSimulation(spec: homeSpec())
        try simulation.perform(.gesture(.fling(section: "company", velocity: -3000)))
        try simulation.advance(by: 6)
        #expect(simulation.totalCounts.frames > 0)
        #expect(simulation.totalCounts == simulation.counts.total)
    }

    @Test("a gesture on a row that is off screen still runs, and the warnings say a user could not touch it; one on screen says nothing")
    func offScreenRow() throws {
        let below = try ScenarioSimulation(spec: homeSpec(consult: 100))
        try below.perform(.gesture(.fling(section: "company", velocity: 3000)))
        #expect(below.warnings.contains { $0.hasPrefix("a gesture on 'company', whose row is off screen (it spans ") }, "\(below.warnings)")
        let shown = try ScenarioSimulation(spec: homeSpec())
        try shown.perform(.gesture(.fling(section: "company", velocity: 3000)))
        try shown.perform(.gesture(.drag(section: "company", by: -200, duration: 0.2)))
        #expect(!shown.warnings.contains { $0.contains("off screen") }, "\(shown.warnings)")
    }

    @Test(
        "a fling toward an edge the view already rests at says it did nothing, with the sign convention; one that moves says nothing"
    )
    func flingThatDoesNothing() throws {
        let simulation = try ScenarioSimulation(spec: homeSpec(consult: 100))
        try simulation.perform(.gesture(.fling(section: nil, velocity: -3000)))
        try simulation.perform(.gesture(.fling(section: "company", velocity: -3000)))
        #expect(
            simulation.warnings.contains {
                $0.hasPrefix("a fling at -3000 pt/s did nothing: the page is already at its start (a positive velocity")
            })
        #expect(
            simulation.warnings.contains {
                $0.hasPrefix("a fling of 'company' at -3000 pt/s did nothing: the row is already at its start")
            })
        let moving = try ScenarioSimulation(spec: homeSpec(consult: 100))
        try moving.perform(.gesture(.fling(section: nil, velocity: 3000)))
        try moving.perform(.gesture(.fling(section: "company", velocity: 3000)))
        #expect(!moving.warnings.contains { $0.contains("did nothing") })
    }

    @Test("a main-axis fling of 1000 pt/s travels 499.5 pt at 0.998 in ≈ 3.45 s of frames (P1.4)")
    func mainFling() throws {
        var spec = homeSpec(consult: 100)
        spec.physics.minimumVelocity = 0  // stop only within 0.5 pt of rest, as P1.4's ε
        spec.script = Script(steps: [ScriptStep(at: 0, input: .gesture(.fling(section: nil, velocity: 1000)))])
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(by: 10)
        #expect(simulation.collectionView.contentOffset == Deceleration.normal.projection(velocity: 1))
        let seconds = Double(simulation.counts.total.frames) / 120
        #expect(abs(seconds - 3.45) < 0.02)
        #expect(simulation.counts.total.sectionProvider == 3)  // scrolling re-queries nothing (B1.4)
    }

    @Test("an orthogonal flick of 2 pt/ms settles at 1080 (5b, P2.3) and requests the cells it passes")
    func rowFling() throws {
        var spec = homeSpec(company: 10)
        spec.script = Script(steps: [ScriptStep(at: 0, input: .gesture(.fling(section: "company", velocity: 2000)))])
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(by: 3)
        #expect(simulation.collectionView.orthogonalOffsets["company"] == 1080)
        // Visible at 1080: items 2 (730–1080 ends at 1080: not visible), 3 and 4 (1090–1800 within 1080–1470).
        #expect(simulation.collectionView.indexPathsForVisibleItems.filter { $0.section == 1 }.map(\.item) == [3, 4])
        #expect(simulation.counts.sections["company"]!.cellProvider == 5)
    }

    @Test("a Texture-rule feed on the company row fires at offset 640 and not before (5b, P3.2)")
    func textureTrigger() throws {
        let feed = FeedSpec(section: "company", pageSize: 5, trigger: .leadingScreens(2), latency: 0.3)
        var spec = homeSpec(feeds: [feed], companyBehavior: .continuous)
        spec.script = Script(steps: [
            ScriptStep(at: 0, input: .gesture(.drag(section: "company", by: 639, duration: 0.1))),
            ScriptStep(at: 1, input: .gesture(.drag(section: "company", by: 1, duration: 0.1))),
        ])
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(to: 0.9)
        #expect(simulation.collectionView.orthogonalOffsets["company"] == 639)
        #expect(simulation.counts.total.dataRequests == 0)
        try simulation.advance(to: 1.2)
        #expect(simulation.counts.total.dataRequests == 1)
        try simulation.advance(to: 2)
        #expect(simulation.counts.total.dataRequestsCompleted == 1)
        #expect(simulation.collectionView.layout.orthogonalContentLength(ofSection: 1) == 3610)
        // After 5 more items the trigger moves to ox ≥ 2440: the check after the update does not fire.
        #expect(simulation.counts.total.dataRequests == 1)
    }

    @Test("appending a page costs 3 section-provider calls under uikit and 1 under targeted (5d); no cell off screen")
    func appendCost() throws {
        for (policy, calls) in [(InvalidationPolicy.uikit, 3), (.targeted, 1)] {
            let spec = homeSpec(
                script: Script(steps: [
                    ScriptStep(at: 1, input: .app(.apply(.appendItems(section: "company", count: 5), animatingDifferences: true)))
                ]),
                policy: policy)
            let simulation = try ScenarioSimulation(spec: spec)
            try simulation.advance(by: 2)
            #expect(simulation.counts.total.sectionProvider == 3 + calls)
            #expect(simulation.counts.total.cellProvider == 8)
            let pass = simulation.log.records.last { $0.kind == .layoutPass }!
            #expect(pass.cause.hasPrefix("apply#"))  // the append's cost is attributable
        }
    }

    @Test("itemsFromEnd: scrolling to the last item requests a page; a trigger while in flight is suppressed")
    func itemsFromEnd() throws {
        let feed = FeedSpec(section: "company", pageSize: 5, trigger: .itemsFromEnd(1), latency: 1.0)
        let spec = homeSpec(
            feeds: [feed],
            script: Script(steps: [
                ScriptStep(at: 0, input: .app(.scrollTo(section: "company", item: 4))),
                ScriptStep(at: 0.2, input: .app(.scrollTo(section: "company", item: 0))),
                ScriptStep(at: 0.4, input: .app(.scrollTo(section: "company", item: 4))),
            ]))
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(by: 0.5)
        #expect(simulation.counts.total.dataRequests == 1)
        #expect(simulation.counts.total.dataRequestsSuppressed == 1)
        try simulation.advance(by: 1)
        #expect(simulation.counts.total.dataRequestsCompleted == 1)
        #expect(simulation.collectionView.dataSource.snapshot().numberOfItems(inSection: "company") == 10)
    }

    @Test("displayedIndex: fires when that cell is requested, again only when it is requested again; warns (seed app)")
    func displayedIndex() throws {
        let feed = FeedSpec(section: "company", pageSize: 5, trigger: .displayedIndex(4), latency: 0)
        let spec = homeSpec(
            feeds: [feed],
            script: Script(steps: [
                ScriptStep(at: 0, input: .app(.scrollTo(section: "company", item: 4))),
                ScriptStep(at: 1, input: .app(.scrollTo(section: "company", item: 5))),
                ScriptStep(at: 2, input: .app(.scrollTo(section: "company", item: 0))),
                ScriptStep(at: 3, input: .app(.scrollTo(section: "company", item: 4))),
            ]))
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(by: 1.5)
        #expect(simulation.counts.total.dataRequests == 1)
        try simulation.advance(to: 3.5)
        #expect(simulation.counts.total.dataRequests == 2)
        #expect(simulation.warnings.contains { $0.contains("displayedIndex 4 is a fixed index") })
    }

    @Test("failures retry with doubling delays up to the limit (seeded, so the same every run)")
    func failureAndRetry() throws {
        let feed = FeedSpec(
            section: "company", pageSize: 5, trigger: .itemsFromEnd(1), latency: 0.1, failureRate: 1,
            retry: RetryPolicy(after: 0.5, limit: 3))
        let spec = homeSpec(
            feeds: [feed], script: Script(steps: [ScriptStep(at: 0, input: .app(.scrollTo(section: "company", item: 4)))]))
        let simulation = try ScenarioSimulation(spec: spec, seed: 7)
        try simulation.advance(by: 10)
        #expect(simulation.counts.total.dataRequests == 4)  // the first + 3 retries
        #expect(simulation.counts.total.dataRequestsFailed == 4)
        let retries = simulation.log.records.filter { $0.detail.hasPrefix("issued") }.map(\.time)
        #expect(retries.map { ($0 * 10).rounded() / 10 } == [0, 0.6, 1.7, 3.8])  // 0.1 latency, then 0.5, 1, 2 s
    }

    @Test("maxPages ends a feed")
    func maxPages() throws {
        let feed = FeedSpec(section: "company", pageSize: 2, maxPages: 2, trigger: .leadingScreens(100), latency: 0.1)
        let simulation = try ScenarioSimulation(spec: homeSpec(feeds: [feed]))
        try simulation.advance(by: 5)
        #expect(simulation.counts.total.dataRequestsCompleted == 2)
        #expect(simulation.collectionView.dataSource.snapshot().numberOfItems(inSection: "company") == 9)
    }

    @Test("stable identity re-appending the same data is UIKit's duplicate error, reported with the page")
    func stableDuplicates() throws {
        let feed = FeedSpec(section: "company", pageSize: 5, trigger: .leadingScreens(100), latency: 0.1)
        let simulation = try ScenarioSimulation(spec: homeSpec(feeds: [feed], identity: .stable))
        try simulation.advance(by: 1)
        #expect(
            simulation.warnings.contains {
                $0.contains("page 1: Fatal: supplied item identifiers are not unique. Duplicate identifiers: co0, co1")
            })
        #expect(simulation.collectionView.dataSource.snapshot().numberOfItems(inSection: "company") == 5)
    }

    @Test("the same spec and seed give identical event logs (determinism)")
    func determinism() throws {
        let feed = FeedSpec(
            section: "company", pageSize: 5, trigger: .leadingScreens(2), latency: 0.3, failureRate: 0.3,
            retry: RetryPolicy(after: 0.2, limit: 2))
        let script = Script(
            steps: [
                ScriptStep(at: 0.1, input: .gesture(.fling(section: nil, velocity: 1500))),
                ScriptStep(at: 0.5, input: .gesture(.fling(section: "company", velocity: 3000))),
                ScriptStep(at: 2, input: .gesture(.fling(section: "company", velocity: 3000))),
                ScriptStep(at: 3, input: .gesture(.fling(section: nil, velocity: -3000))),
            ], repeatEvery: 4)
        let logs = try (0..<2).map { _ -> [SimulationRecord] in
            let simulation = try ScenarioSimulation(spec: homeSpec(feeds: [feed], script: script), seed: 42)
            try simulation.advance(by: 20)
            return simulation.log.records
        }
        #expect(logs[0] == logs[1])
        #expect(logs[0].count > 100)
    }

    @Test("a long fling over a 1,000-item list: cells created plateau, cell-provider calls grow (B4.3)")
    func reuse() throws {
        var spec = homeSpec(consult: 1_000)
        spec.script = Script(steps: [ScriptStep(at: 0, input: .gesture(.fling(section: nil, velocity: 8000)))])
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(by: 1)
        let createdEarly = simulation.counts.sections["consult"]!.cellsCreated
        try simulation.advance(by: 5)
        #expect(simulation.counts.sections["consult"]!.cellsCreated == createdEarly)
        #expect(simulation.counts.sections["consult"]!.cellProvider > 20)
    }
}

@Suite("Simulation warnings")
struct WarningTests {
    @Test("an outline parent with no children is warned about, and tapping it does nothing")
    func childlessParent() throws {
        let list = ListConfiguration(appearance: .sidebar)
        let spec = SimulationSpec(
            name: "outline",
            sections: [
                SectionSpec(
                    id: "menu", reuseIdentifier: "Row",
                    items: .outline([OutlineNode(id: "Lonely"), OutlineNode(id: "Parent", children: [OutlineNode(id: "Child")])]),
                    identity: .stable)
            ],
            makeLayout: {
                CompositionalLayout { _, environment in LayoutSection.list(using: list, layoutEnvironment: environment) }
            },
            context: LayoutContext(size: Size(width: 390, height: 844)),
            script: Script(steps: [
                ScriptStep(at: 1, input: .gesture(.tap(section: "menu", item: 0))),
                ScriptStep(at: 2, input: .gesture(.tap(section: "menu", item: 1))),
            ]))
        let simulation = try ScenarioSimulation(spec: spec)
        #expect(simulation.warnings == ["section 'menu': outline parent 'Lonely' has no children, so tapping it does nothing"])
        try simulation.advance(to: 1.5)
        #expect(simulation.counts.total.layoutPasses == 1)  // the tap on 'Lonely' changed nothing
        try simulation.advance(to: 2.5)
        #expect(simulation.counts.total.layoutPasses == 2)  // 'Parent' expanded: its child was inserted
        #expect(simulation.counts.sections["menu"]?.inserted == 1)
    }
}

@Suite("Simulation gestures")
struct GestureTests {
    /// modern (DESIGN seed 4): ten full-width 200-pt pages with groupPaging, then a grid.
    static func pagesSpec(script: Script) -> SimulationSpec {
        let pages = SeedSections.row(width: 390, height: 200, behavior: .groupPaging)
        var paging = pages
        paging.interGroupSpacing = 0
        paging.contentInsets = .zero
        return SimulationSpec(
            name: "pages", sections: [SectionSpec(id: "pages", reuseIdentifier: "Page", items: .count(10))],
            makeLayout: { CompositionalLayout { _, _ in paging } }, context: LayoutContext(size: Size(width: 390, height: 844)),
            script: script)
    }

    @Test("a group-paging flick moves exactly one page, however fast, and rests there (P2.4 through the frame loop)")
    func groupPagingFling() throws {
        let spec = Self.pagesSpec(
            script: Script(steps: [
                ScriptStep(at: 0, input: .gesture(.fling(section: "pages", velocity: 9000))),
                ScriptStep(at: 2, input: .gesture(.fling(section: "pages", velocity: 100))),  // below the 0.2 pt/ms threshold: stays
            ]))
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(to: 1.5)
        #expect(simulation.collectionView.orthogonalOffsets["pages"] == 390)
        try simulation.advance(to: 4)
        #expect(simulation.collectionView.orthogonalOffsets["pages"] == 390)
        #expect(simulation.counts.total.sectionProvider == 1)
    }

    @Test("rotate is a bounds-size change: one full pass, fractions re-solved; a main-axis drag moves by its distance")
    func rotateAndDrag() throws {
        let spec = homeSpec(
            script: Script(steps: [
                ScriptStep(at: 0, input: .gesture(.drag(section: nil, by: 300, duration: 0.25))),
                ScriptStep(at: 1, input: .rotate(width: 844, height: 390)),
            ]), consult: 20)
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(to: 0.5)
        #expect(simulation.collectionView.contentOffset == 300)
        #expect(simulation.counts.total.frames == 30)  // 0.25 s at 120 Hz
        try simulation.advance(to: 1.5)
        #expect(simulation.counts.total.layoutPasses == 2)
        #expect(simulation.counts.total.sectionProvider == 6)
        #expect(simulation.collectionView.contentSize.width == 844)
    }
}
