import Foundation
import Spelling

extension DaemonConfiguration {
    /// What a start would find wrong beyond the file's text, so that `--check-config` says so:
    /// a scenario directory that is not there, and a live simulation naming a scenario no
    /// catalog holds (with the nearest name). A name may be a screen a host offers: with hosts
    /// configured, names the catalog lacks are left to the start.
    package func checkUsable() throws(ConfigurationError) {
        if let directory = scenarioDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .unusable(origin: "[Daemon] ScenarioDirectory=\(directory)", message: "no such directory")
            }
        }
        guard hosts.isEmpty else { return }
        let names = Daemon.catalog(self).names()
        for spec in live where !names.contains(spec.scenario) {
            let near = nearestName(spec.scenario, among: names).map { "; did you mean \($0)?" } ?? ""
            throw .unusable(
                origin: "[Live] Simulation=\(spec.scenario) \(Int(spec.width))x\(Int(spec.height))",
                message: "no scenario \(spec.scenario) (scenarios: \(names.joined(separator: ", ")))\(near)")
        }
    }
}
