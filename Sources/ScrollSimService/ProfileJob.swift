import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// One `Profile` call: a scenario run under several policies on several viewports, advanced in
/// slices of virtual time so the daemon's loop never stalls (a slice of 1 s is about 120 frames,
/// well under a millisecond). Pure: the daemon decides when to run the next slice.
public final class ProfileJob {
    struct Run {
        let policy: InvalidationPolicy
        let viewport: ScenarioViewport
    }

    let scenario: Scenario
    let seconds: Double
    let seed: UInt64
    let runs: [Run]
    private var current: Simulation?
    private var index = 0
    private var results: [JSONValue] = []
    /// UIKit's error that stopped a run (the profile then fails).
    public private(set) var failure: String?

    init(scenario: Scenario, seconds: Double, seed: UInt64, runs: [Run]) {
        self.scenario = scenario
        self.seconds = seconds
        self.seed = seed
        self.runs = runs
    }

    /// Done or failed.
    public var isFinished: Bool { failure != nil || index == runs.count }

    /// Fraction of the virtual time run so far, 0 to 1.
    public var progress: Double {
        guard !runs.isEmpty else { return 1 }
        let partial = current.map { $0.time / Swift.max(seconds, 1e-9) } ?? 0
        return Swift.min(1, (Double(index) + partial) / Double(runs.count))
    }

    /// Runs up to `slice` seconds of virtual time of the current run.
    public func step(slice: Double) {
        guard !isFinished else { return }
        do throws(SimulationError) {
            let simulation: Simulation
            if let current {
                simulation = current
            } else {
                let run = runs[index]
                simulation = try Simulation(spec: scenario.simulationSpec(viewport: run.viewport, policy: run.policy), seed: seed)
                current = simulation
            }
            try simulation.advance(to: Swift.min(seconds, simulation.time + slice))
            guard simulation.time >= seconds else { return }
            let run = runs[index]
            var fields = SimulatorService.counts(simulation.counts, sections: scenario.sections.map(\.id))
            fields["counts"] = fields.removeValue(forKey: "total")
            fields["policy"] = .string(run.policy.rawValue)
            fields["viewport"] = .object(["width": .number(run.viewport.width), "height": .number(run.viewport.height)])
            fields["warnings"] = .array(simulation.warnings.map(JSONValue.string))
            results.append(.object(fields))
            current = nil
            index += 1
        } catch {
            failure =
                "\(runs[index].policy.rawValue) on \(runs[index].viewport.width)×\(runs[index].viewport.height): \(error.description)"
        }
    }

    /// The final reply: every run, or the error that stopped one.
    public func result() -> VarlinkReply {
        if let failure { return VarlinkReply(error: SimulatorService.error("SimulationFailed", ["message": .string(failure)])) }
        return VarlinkReply(parameters: ["progress": .number(1), "runs": .array(results)])
    }

    /// A progress reply for `more` callers.
    public func progressReply() -> VarlinkReply {
        VarlinkReply(parameters: ["progress": .number(progress)], continues: true)
    }
}

extension SimulatorService {
    func profile(_ parameters: [String: JSONValue]) -> Result<ProfileJob, VarlinkError> {
        scenario(parameters).flatMap { scenario in
            var seconds = 30.0
            if let value = parameters["seconds"]?.numberValue {
                guard value > 0, value.isFinite else { return .failure(.invalidParameter("seconds")) }
                guard value <= limits.profileSeconds else {
                    return .failure(Self.limitReached("profileSeconds", limits.profileSeconds))
                }
                seconds = value
            }
            var policies = InvalidationPolicy.allCases
            if case .array(let names)? = parameters["policies"] {
                let parsed = names.compactMap { $0.stringValue.flatMap(InvalidationPolicy.init) }
                guard parsed.count == names.count, !parsed.isEmpty else { return .failure(.invalidParameter("policies")) }
                policies = parsed
            }
            var viewports = Scenario.standardViewports
            if case .array(let sizes)? = parameters["viewports"] {
                let parsed = sizes.compactMap { Self.viewport($0, over: scenario.viewport) }
                guard parsed.count == sizes.count, !parsed.isEmpty else { return .failure(.invalidParameter("viewports")) }
                viewports = parsed
            }
            var seed: UInt64 = 0
            if let value = parameters["seed"]?.numberValue {
                guard let exact = UInt64(exactly: value) else { return .failure(.invalidParameter("seed")) }
                seed = exact
            }
            let runs = viewports.flatMap { viewport in policies.map { ProfileJob.Run(policy: $0, viewport: viewport) } }
            guard runs.count <= limits.profileRuns else {
                return .failure(Self.limitReached("profileRuns", Double(limits.profileRuns)))
            }
            // Fails now, not after the first slice, when the scenario cannot be simulated at all.
            do throws(SimulationError) {
                _ = try Simulation(spec: scenario.simulationSpec(viewport: runs[0].viewport, policy: runs[0].policy), seed: seed)
            } catch {
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
            return .success(ProfileJob(scenario: scenario, seconds: seconds, seed: seed, runs: runs))
        }
    }
}
