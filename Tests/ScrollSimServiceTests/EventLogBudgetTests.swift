import JSONModel
import ScrollSimService
import Testing

/// `MaxEventRecords=`: the simulations' logs share one bound, so memory stays flat however long
/// live simulations run and however many are open (docs/daemon.md, "Limits").
@Suite("The event logs' shared budget")
struct EventLogBudgetTests {
    @Test("each simulation's share: the budget over MaxSimulations, between 100 and 10,000 records")
    func share() {
        var limits = SimulatorService.Limits()
        #expect(limits.logCapacity == 10_000, "the defaults keep a whole log for every one of 64 simulations")
        limits.simulations = 5_100
        #expect(limits.logCapacity == 392)
        limits.eventRecords = 0
        #expect(limits.logCapacity == 100, "never less than a GetEvents page")
        limits.simulations = 1
        limits.eventRecords = 1_000_000_000
        #expect(limits.logCapacity == 10_000)
    }

    @Test("a simulation keeps only its share, GetEvents' total still counts every record, GetStatus says the share")
    func openedSimulationsKeepTheirShare() throws {
        var limits = SimulatorService.Limits()
        limits.simulations = 10
        limits.eventRecords = 1_500
        let service = try makeService(limits: limits)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":120}}"#)
        let events = parameters(
            try call(
                service, #"{"method":"io.scrollsim.Simulator.GetEvents","parameters":{"simulation":"sim-1","limit":1000}}"#))
        let total = try #require(events["total"]?.numberValue)
        #expect(total > 150, "home logs a few records a second: two minutes pass the share")
        guard case .array(let kept)? = events["events"] else {
            Issue.record("no events")
            return
        }
        #expect(kept.count == 150)
        let first = try #require(kept.first?.objectValue?["sequence"]?.numberValue)
        #expect(first == total - 149, "the most recent are kept")
        let status = parameters(try call(service, #"{"method":"io.scrollsim.Simulator.GetStatus"}"#))
        #expect(status["eventLogCapacity"] == .number(150))
    }
}
