import Testing

@testable import ScrollSimDaemon

@Suite("the workers' share of a busy loop (docs/internals.md, Live simulations on worker threads)")
struct WorkerShareTests {
    @Test("a batch runs handlers for up to 2 ms")
    func batchLength() {
        var share = WorkerShare(at: 0)
        share.batchStarts(at: 10)
        #expect(share.keepDispatching(at: 10.0019))
        #expect(!share.keepDispatching(at: 10.0021))
    }

    @Test("back-to-back batches for 2 ms that kept a worker waiting make the loop step aside; then the count starts again")
    func busyLoop() {
        var share = WorkerShare(at: 0)
        var stepsAside: [Bool] = []
        share.batchStarts(at: 1)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0015))
        // The next batch comes less than 1 ms later: the loop is still busy since 1.0.
        share.batchStarts(at: 1.0016)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0021))
        share.steppedAside(until: 1.0031)
        share.batchStarts(at: 1.0031)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0041))
        #expect(stepsAside == [false, true, false])
    }

    @Test("workers asleep until their next tick are owed nothing, however busy the loop")
    func nothingOwed() {
        var share = WorkerShare(at: 0)
        var stepsAside: [Bool] = []
        share.batchStarts(at: 1)
        stepsAside.append(share.batchEnded(heldBack: false, at: 1.5))
        #expect(stepsAside == [false])
    }

    @Test("a gap of 1 ms between batches counts as the workers' time: the busy spell starts again")
    func gap() {
        var share = WorkerShare(at: 0)
        var stepsAside: [Bool] = []
        share.batchStarts(at: 1)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0015))
        share.batchStarts(at: 1.0030)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0045))
        // Busy since the batch after the gap, not since 1.0.
        share.batchStarts(at: 1.0046)
        stepsAside.append(share.batchEnded(heldBack: true, at: 1.0055))
        #expect(stepsAside == [false, false, true])
    }
}
