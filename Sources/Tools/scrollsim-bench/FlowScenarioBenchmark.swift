import CompositionalLayout

/// `scrollsim-bench flow`, the scenario half: the engine's flow layout (a scenario's
/// `flowLayout`) with delegate-sized items at 10^3 to 10^6 items: what a pass that asks the
/// delegate again costs, how many `sizeForItemAt` calls it counts, and a viewport query then.
enum FlowScenarioBenchmark {
    static func run() {
        print("== flow scenarios: the engine's flow layout, delegate-sized items ==")
        let context = LayoutContext(size: Size(width: 390, height: 844))
        // Three widths, so lines hold different numbers of items (the general path).
        let flow = FlowSection(
            itemSizes: [90, 120, 150].map { Size(width: $0, height: 100) }, sizesFromDelegate: true)
        for n in [1_000, 100_000, 1_000_000] {
            let layout = CompositionalLayout(flow: FlowLayoutStyle()) { _ in flow }
            guard (try? layout.prepare(context: context, itemCounts: [n])) != nil else {
                print("flow scenario, \(n) items: the layout failed")
                continue
            }
            layout.invalidate(.everything)
            let clock = ContinuousClock()
            let t0 = clock.now
            let pass = try? layout.prepare(context: context, itemCounts: [n])
            let invalidation = Measure.seconds(clock.now - t0) * 1e9
            let calls = pass?.sizeForItemCalls.reduce(0, +) ?? 0
            let rect = Rect(x: 0, y: layout.contentSize.height / 2, width: 390, height: 844)
            var found = 0
            let query = Measure.median { found &+= layout.elements(in: rect).count }
            precondition(found > 0)
            print(
                "flow scenario, \(n) items: one pass that asks the delegate \(Measure.format(ns: invalidation)) (\(calls) sizeForItemAt counted, \(Measure.format(ns: invalidation / Double(max(1, calls)))) per item), viewport query \(Measure.format(ns: query))"
            )
        }
    }
}
