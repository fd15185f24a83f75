import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// A `Profile` of a host's screen: each run (a viewport under a policy) is a session of its own in
/// the host, running the screen's script to `seconds` in slices the daemon bounds, then closed.
/// The reply is a scenario profile's, so budgets and `scrollsimctl profile` read it the same.
package final class ScreenProfileJob: ServiceJob {
    struct Run {
        let policy: InvalidationPolicy
        let viewport: ViewportSize
    }

    let screen: String
    let channel: any ScreenChannel
    let seconds: Double
    let seed: UInt64
    let runs: [Run]
    private var current: ScreenSession?
    private var index = 0
    private var results: [JSONValue] = []
    package private(set) var failure: ServiceError?

    init(screen: String, channel: any ScreenChannel, seconds: Double, seed: UInt64, runs: [Run]) {
        self.screen = screen
        self.channel = channel
        self.seconds = seconds
        self.seed = seed
        self.runs = runs
    }

    package var isFinished: Bool { failure != nil || index == runs.count }

    package var progress: Double {
        guard !runs.isEmpty else { return 1 }
        let partial = current.map { $0.time / Swift.max(seconds, 1e-9) } ?? 0
        return Swift.min(1, (Double(index) + partial) / Double(runs.count))
    }

    package func step(while more: () -> Bool) {
        guard !isFinished else { return }
        let run = runs[index]
        do throws(SimulationError) {
            let session: ScreenSession
            if let current {
                session = current
            } else {
                session = try ScreenSession.open(screen, on: channel, viewport: run.viewport, seed: seed, policy: run.policy)
                current = session
                guard more() else { return }
            }
            guard try session.advance(to: seconds, while: more) else { return }
            results.append(
                ProfileRunReply(
                    policy: run.policy.rawValue, width: run.viewport.width, height: run.viewport.height,
                    counts: session.totalCounts,
                    sections: SimulatorService.sectionCounts(session.counts, sections: session.sectionNames),
                    warnings: session.warnings, sectionProviderPerAppend: nil, sizeForItemPerAppend: nil
                ).json)
            session.close()
            current = nil
            index += 1
        } catch {
            current?.close()
            current = nil
            failure = .profileRunFailed(
                policy: run.policy.rawValue, width: run.viewport.width, height: run.viewport.height, error)
        }
    }

    package func result() -> VarlinkReply {
        if let failure { return VarlinkReply(error: failure.varlinkError) }
        return VarlinkReply(parameters: ["progress": .number(1), "runs": .array(results)])
    }

    package func progressReply() -> VarlinkReply? {
        VarlinkReply(parameters: ["progress": .number(progress)], continues: true)
    }

    /// The run's session is the job's own: the host frees it.
    package func cancel() {
        current?.close()
        current = nil
    }
}

extension SimulatorService {
    /// A profile of a host's screen, when `source` names one and no scenario has that name.
    func screenProfile(_ parameters: ProfileParameters) throws(ServiceError) -> ScreenProfileJob? {
        guard case .named(let name) = parameters.source, catalog.version(of: name) == nil, let offer = screenOffer(name) else {
            return nil
        }
        let channel: any ScreenChannel
        switch screens!.channel(to: offer.host) {
        case .failure(let failure): throw .hostUnavailable(host: offer.host, message: failure.description)
        case .success(let line): channel = line
        }
        let viewports = parameters.viewports ?? ViewportSize.standard
        let runs = viewports.flatMap { size in parameters.policies.map { ScreenProfileJob.Run(policy: $0, viewport: size) } }
        guard runs.count <= limits.profileRuns else { throw .limitReached("profileRuns", maximum: Double(limits.profileRuns)) }
        return ScreenProfileJob(screen: name, channel: channel, seconds: parameters.seconds, seed: parameters.seed, runs: runs)
    }
}
