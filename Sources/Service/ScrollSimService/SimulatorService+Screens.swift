import ScrollSimulation

/// Screen simulations whose host failed: they keep their record and inputs, and are rebuilt by
/// replaying those when the host runs again, so their counts are what they were.
extension SimulatorService {
    /// The screen simulations that wait for `host` (or for any host, with nil).
    package func simulationsAwaiting(host: String? = nil) -> [String] {
        simulationIDs.filter { id in
            guard let entry = simulations[id], entry.awaitsHost, let screen = entry.record.screen else { return false }
            return host.map { $0 == screen.host } ?? true
        }
    }

    /// Fails the screen simulations of `host` that have not noticed yet (those idle when it
    /// died): a read of any of them says why at once, not at its next advance.
    package func hostFailed(_ host: String, reason: String) {
        for entry in simulations.values where entry.record.screen?.host == host && entry.failure == nil {
            entry.fail(.external(reason))
        }
    }

    /// Rebuilds the simulations waiting for `host`, now running again: each opens its screen
    /// anew and gets a job that replays its inputs (a realtime one up to the daemon's time
    /// `now`). Calls about them wait for their job, as after a start.
    package func rebuildScreens(of host: String, now: Double) -> [RestoreJob] {
        simulationsAwaiting(host: host).compactMap { id -> RestoreJob? in
            let old = simulations[id]!
            let entry: SimulationEntry
            do throws(ServiceError) {
                entry = try makeEntry(old.record, replaying: true)
            } catch {
                // The host runs but no longer offers the screen: nothing to replay into.
                old.awaitsHost = false
                old.failure = .external("\(host) no longer offers the screen \(old.name) (\(error.message)); close \(id)")
                return nil
            }
            guard !entry.awaitsHost, entry.failure == nil else {
                // Still waiting (the host failed again at once), or its build changed.
                entry.inputs = old.inputs
                entry.storedTime = old.storedTime
                simulations[id] = entry
                return nil
            }
            entry.inputs = old.inputs
            entry.restoreQueue = old.inputs
            entry.storedTime = old.storedTime
            simulations[id] = entry
            let target = entry.clock == .realtime ? now - entry.origin : nil
            return RestoreJob(service: self, entry: entry, target: target)
        }
    }
}
