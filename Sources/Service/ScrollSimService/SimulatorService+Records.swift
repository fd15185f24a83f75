import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// Inputs as records: every state change is an `InputRecord`, stored before it takes effect and
/// applied the same way live and on replay.
extension SimulatorService {
    /// Applies an input record to its simulation.
    /// - Returns: why a performed input was rejected (it names something the screen does not
    ///   have; the simulation goes on), or nil.
    @discardableResult
    func apply(_ record: InputRecord, to entry: SimulationEntry, remembering: Bool = true) -> SimulationError? {
        if remembering { entry.remember(record) }
        switch record {
        case .advance(_, let time):
            entry.advance(to: time)
        case .perform(_, let time, let input):
            entry.advance(to: time)
            guard entry.failure == nil else { return nil }
            do throws(SimulationError) {
                try entry.simulation.perform(input)
            } catch {
                switch error {
                case .invalidSpec, .limitReached: return error  // refused; the simulation goes on
                default: entry.fail(error)
                }
            }
        case .open, .close, .clock, .nextSimulation:
            break
        }
        return nil
    }

    /// Applies one stored record (no persisting: it is already stored).
    /// - Throws: `ReplayError` when the record cannot be applied (e.g. an input for a
    ///   simulation that is not open, or an open whose scenario no longer loads).
    ///
    /// Every record is checked against what a client could have made before it is applied: ids
    /// of the form `sim-N` (N at most `maxSimulationNumber`) or `live-…`, no second open of an open
    /// id, no more simulations than the limit, a clock within `maxClock`, virtual-clock advances no
    /// longer than `secondsPerAdvance` and never backwards. A record that fails is reported, not
    /// applied, so a damaged or forged file cannot crash or stall a start.
    ///
    /// - Parameter deferred: only check and queue the simulations' inputs and time (a start does
    ///   this, then runs `restoreJobs` after it is ready, so a start costs O(records), not
    ///   O(uptime)); otherwise each record takes effect at once.
    package func replay(_ record: InputRecord, deferred: Bool = false) throws(ReplayError) {
        switch record {
        case .clock(let time):
            guard time >= 0, time <= Self.maxClock else {
                throw ReplayError("clock of \(time) s is outside 0…\(Int(Self.maxClock)) s (ten years)")
            }
            for entry in simulations.values where entry.clock == .realtime {
                entry.storedTime = Swift.max(entry.storedTime, time - entry.origin)
            }
            if !deferred { advanceRealtime(to: time) }
        case .nextSimulation(let next):
            nextID = Swift.max(nextID, next)
        case .open(let open):
            let id = open.simulation
            let number = id.hasPrefix("sim-") ? Int(id.dropFirst(4)) : nil
            guard id.hasPrefix("live-") || (number.map { $0 >= 1 && $0 <= Self.maxSimulationNumber } ?? false) else {
                throw ReplayError("open of \(id): not an id the daemon gives (sim-1…sim-\(Self.maxSimulationNumber) or live-…)")
            }
            guard simulations[id] == nil else { throw ReplayError("open of \(id), which is already open") }
            guard simulations.count < limits.simulations else {
                throw ReplayError("open of \(id): more than MaxSimulations (\(limits.simulations)) open")
            }
            do throws(ServiceError) {
                let plan = try planEntry(open)
                var replayed = plan
                replayed.replaying = true
                let entry = try replayed.build()
                chargeItems(of: entry, items: plan.items, replayed: true)
                simulations[id] = entry
            } catch {
                throw ReplayError("\(id) cannot be opened again: \(error.varlinkError)")
            }
            if let number { nextID = Swift.max(nextID, number) }
        case .close(let id):
            unregister(id)
        case .advance(let id, let time), .perform(let id, let time, _):
            guard let entry = simulations[id] else {
                throw ReplayError("\(record.operation) for unknown simulation \(id)")
            }
            let current = Swift.max(entry.simulation.time, entry.storedTime)
            guard time >= current - 1e-9 else {
                throw ReplayError("\(record.operation) of \(id) at \(time) s, before its time \(current) s")
            }
            if entry.clock == .virtual, time - current > limits.secondsPerAdvance {
                throw ReplayError(
                    "\(record.operation) of \(id) \(time - current) s ahead, more than MaxSecondsPerAdvance (\(limits.secondsPerAdvance) s)"
                )
            }
            entry.storedTime = time
            if deferred {
                entry.remember(record)
                entry.restoreQueue.append(record)
            } else {
                apply(record, to: entry)
            }
        }
    }

    /// After a deferred replay: a job per simulation with stored inputs or time to catch up, each
    /// running them in slices (a realtime simulation until it reaches `now`, the daemon's clock as
    /// the restore starts; the live tick takes it on from there). Calls about such a simulation
    /// wait until its job is done.
    package func restoreJobs(now: Double) -> [RestoreJob] {
        simulationIDs.compactMap { id in
            let entry = simulations[id]!
            let target = entry.clock == .realtime ? now - entry.origin : nil
            guard !entry.restoreQueue.isEmpty || (target.map { $0 > entry.simulation.time } ?? false) else { return nil }
            return RestoreJob(service: self, entry: entry, target: target)
        }
    }

    /// Whether calls about `id` must wait for its restore.
    package func isRestoring(_ id: String) -> Bool { simulations[id]?.isRestoring ?? false }

    /// The largest number in a `sim-N` id: ids are never reused, and this many is more than a
    /// daemon opens in its life (a forged larger one would overflow the counter).
    package static let maxSimulationNumber = 1_000_000_000
    /// The latest clock a state file may hold: ten years of uptime.
    package static let maxClock = 315_360_000.0

    /// The records that recreate every open simulation as it is now: each one's open record and
    /// inputs, then the daemon's time. The daemon rewrites its state file from these.
    package func compactRecords(clock: Double) -> [InputRecord] {
        [.nextSimulation(nextID)] + simulationIDs.flatMap { id in [.open(simulations[id]!.record)] + simulations[id]!.inputs }
            + [.clock(time: clock)]
    }

    /// Makes the live simulations match the configuration at the daemon's time `now`: keeps those
    /// already open (across a restart or a reload), opens the missing ones and closes those no
    /// longer configured. Returns a message per live simulation that could not be opened.
    package func reconcileLive(_ specs: [LiveSimulationSpec], at now: Double) -> [String] {
        startLive(prepareLive(specs, at: now), at: now)
    }

    /// The live simulations a configuration asks for, built but not yet started, and what could
    /// not be opened.
    package struct LiveOpening {
        fileprivate var built: [SimulationEntry] = []
        fileprivate var problems: [String] = []
    }

    /// The first half of `reconcileLive`: closes the live simulations no longer configured and
    /// builds the missing ones, which do not run until `startLive`. Building thousands takes
    /// seconds: given their time zero before the build, they would all begin that far behind.
    package func prepareLive(_ specs: [LiveSimulationSpec], at now: Double) -> LiveOpening {
        self.now = now
        var opening = LiveOpening()
        let wanted = Set(specs.map(\.id))
        for id in liveIDs where !wanted.contains(id) {
            do throws(ServiceError) {
                try persistOrFail(.close(simulation: id))
            } catch {
                opening.problems.append("\(id): \(error.varlinkError)")
                continue
            }
            simulations[id] = nil
        }
        var building: Set<String> = []
        for spec in specs where simulations[spec.id] == nil && building.insert(spec.id).inserted {
            let parameters = OpenParameters(
                source: .named(spec.scenario), viewport: ViewportSize(width: spec.width, height: spec.height),
                policy: spec.policy.flatMap(InvalidationPolicy.init(rawValue:)), seed: spec.seed, clock: .realtime,
                prefetch: spec.prefetch)
            do throws(ServiceError) {
                if let policy = spec.policy, InvalidationPolicy(rawValue: policy) == nil { throw .invalidParameter("policy") }
                guard parameters.viewport != nil else { throw .invalidParameter("viewport") }
                opening.built.append(try makeEntry(openRecord(parameters, id: spec.id, live: true)))
            } catch {
                opening.problems.append("\(spec.id): \(error.varlinkError)")
            }
        }
        return opening
    }

    /// The second half of `reconcileLive`: the simulations `prepareLive` built start together at
    /// the daemon's time `now`, each stored, then registered. Returns a message per live
    /// simulation that could not be opened.
    package func startLive(_ opening: LiveOpening, at now: Double) -> [String] {
        self.now = now
        var problems = opening.problems
        for entry in opening.built {
            entry.start(at: now)
            do throws(ServiceError) {
                try persistOrFail(.open(entry.record))
                simulations[entry.id] = entry
            } catch {
                problems.append("\(entry.id): \(error.varlinkError)")
            }
        }
        return problems
    }

    /// Forgets every simulation (before a replay).
    package func removeAll() {
        for entry in simulations.values { entry.engine?.releaseCharge() }
        simulations = [:]
        nextID = 0
    }
}
