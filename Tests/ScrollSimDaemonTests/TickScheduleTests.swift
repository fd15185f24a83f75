import ScrollSimService
import Testing

@testable import ScrollSimDaemon

@Suite("the live tick's schedule (docs/daemon.md, Behind real time)")
struct TickScheduleTests {
    @Test(
        "lateness is how far past its due time a tick fires, never negative; the next is due an interval after the tick, not after its due time"
    )
    func lateness() {
        var schedule = TickSchedule(interval: 0.016, startingAt: 10)
        #expect(schedule.expected == 10.016)
        #expect(schedule.fire(at: 10.010) == 0)
        #expect(abs(schedule.expected - 10.026) < 1e-12)
        #expect(abs(schedule.fire(at: 12.026) - 2.0) < 1e-12)
        #expect(abs(schedule.expected - 12.042) < 1e-12)
        #expect(schedule.fire(at: 12.042) == 0)
    }

    @Test("one tick moves a realtime simulation at most four intervals; a reload's interval takes effect from the reload")
    func step() {
        var schedule = TickSchedule(interval: 0.016, startingAt: 0)
        #expect(schedule.maxStep == 0.064)
        schedule.restart(interval: 0.1, at: 5)
        #expect(schedule.maxStep == 0.4 && schedule.expected == 5.1)
    }

    @Test("streams are polled round-robin from the one after the stream polled last, whatever order they are listed in")
    func pollingOrder() {
        var schedule = TickSchedule(interval: 0.016, startingAt: 0)
        #expect(schedule.pollingOrder([7, 3, 1]) == [1, 3, 7])
        schedule.polled(3)
        #expect(schedule.pollingOrder([7, 3, 1]) == [7, 1, 3])
        schedule.polled(7)
        #expect(schedule.pollingOrder([1, 3, 7]) == [1, 3, 7])
        // The stream polled last has closed: the next one after it still goes first.
        schedule.polled(5)
        #expect(schedule.pollingOrder([1, 3, 7]) == [7, 1, 3])
        #expect(schedule.pollingOrder([]) == [])
    }
}

@Suite("the daemon's clock")
struct DaemonClockTests {
    @Test("the daemon's time continues from the state file's time; uptime counts from this start only")
    func continues() {
        let reading = EmbeddedDaemon.Clock()
        var clock = DaemonClock { reading.now }
        clock.base = 86_400
        reading.advance(2.5)
        #expect(clock() == 1_002.5)
        #expect(clock.now == 86_402.5)
        #expect(clock.uptime == 2.5)
    }
}

@Suite("the refusal report")
struct RefusalReportTests {
    @Test("refusals are reported at most once a second, counting the ones in between; room again reports what is left")
    func onceASecond() {
        var report = RefusalReport()
        #expect(report.refused(at: 10) == 1)
        #expect(report.refused(at: 10.2) == nil)
        #expect(report.refused(at: 10.9) == nil)
        #expect(report.refused(at: 11.0) == 3)
        #expect(report.roomAgain() == nil)
        #expect(report.refused(at: 11.5) == nil)
        #expect(report.roomAgain() == 1)
        #expect(report.roomAgain() == nil)
        // Room again does not restart the second: the next refusal is still held until 12.0.
        #expect(report.refused(at: 11.8) == nil)
        #expect(report.refused(at: 12.0) == 2)
    }
}

@Suite("the loop's figures")
struct LoopMetricsTests {
    @Test("GetStatus's figures come from the three windows: tick lateness, call waits (never negative) and busy turns")
    func report() {
        var metrics = LoopMetrics()
        metrics.tickFired(lateness: 0.002, at: 1)
        metrics.tickFired(lateness: 0.010, at: 2)
        metrics.callWaited(since: 3.0, at: 3.004)
        metrics.callWaited(since: 3.1, at: 3.0)
        metrics.busy(from: 4, to: 4.020)
        var status = SimulatorService.DaemonStatus()
        metrics.report(into: &status, at: 5)
        #expect(status.ticks == 2)
        #expect(abs(status.latenessMaxMs - 10) < 1e-9)
        #expect(abs(status.callWaitMaxMs - 4) < 1e-9 && status.callWaitP50Ms >= 0)
        #expect(abs(status.busyTurnMaxMs - 20) < 1e-9)
        // Figures older than the window leave it.
        var later = SimulatorService.DaemonStatus()
        metrics.report(into: &later, at: 5 + LatencyWindow.window + 3)
        #expect(later.latenessMaxMs == 0 && later.callWaitMaxMs == 0 && later.busyTurnMaxMs == 0 && later.ticks == 2)
    }
}
