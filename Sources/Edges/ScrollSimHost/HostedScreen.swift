import CollectionView
import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScrollSimService
import ScrollSimUIKit
import ScrollSimulation
import Varlink

/// One screen simulation in a host: its simulator and how far the daemon has read its log.
@MainActor
final class HostedScreen {
    let simulator: ScrollSimulator
    /// The sequence number of the last event sent to the daemon.
    var sentEvents = 0
    /// UIKit's error (or the app's) that stopped the screen: it no longer runs.
    var failure: String?

    /// The screen's script: its next step is performed when the clock reaches it.
    var script: ScriptCursor

    init(width: Double, height: Double, script: ScriptCursor) {
        simulator = ScrollSimulator(device: Self.device(width: width, height: height))
        self.script = script
    }

    /// A preset with this size in either orientation (it keeps its safe area and scale), or a
    /// screen of this size without a safe area.
    static func device(width: Double, height: Double) -> ScrollSimulator.Device {
        if let preset = ScrollSimulator.Device.presets.first(where: {
            Double($0.size.width) == width && Double($0.size.height) == height
        }) {
            return preset
        }
        return ScrollSimulator.Device(
            name: "\(Int(width))×\(Int(height))", size: CGSize(width: width, height: height), safeAreaInsets: .zero, scale: 3)
    }

    /// The state after a call, with the events logged since the previous one.
    func state(reached: Bool) -> ScreenState {
        let total = simulator.eventCount
        let events = simulator.events(after: sentEvents, limit: Swift.max(0, total - sentEvents))
        sentEvents = total
        let names = simulator.sectionNames
        let sections = names.enumerated().map { index, name in
            SectionCounts(section: name, counts: simulator.counts(forSectionAt: index))
        }
        return ScreenState(
            time: simulator.time, reached: reached, total: simulator.counts, sections: sections, warnings: simulator.warnings,
            events: events, failure: failure)
    }

    /// Runs toward `target` for at most `budget` seconds of real time.
    func advance(to target: Double, budget: Double) -> ScreenState {
        guard failure == nil else { return state(reached: true) }
        let deadline = Date().addingTimeInterval(budget)
        do {
            // The script's steps land at their times, whatever the calls' slices.
            while let (time, step) = script.next, time <= target {
                guard try simulator.advance(to: time, while: { Date() < deadline }) else { return state(reached: false) }
                script.advance()
                do throws(HostCallError) {
                    try perform(step.input)
                } catch {
                    simulator.warn("the screen's script step at \(formatSeconds(time)) s was not performed: \(error)")
                }
                if failure != nil { return state(reached: true) }
            }
            return state(reached: try simulator.advance(to: target) { Date() < deadline })
        } catch {
            failure = "\(error)"
            return state(reached: true)
        }
    }

    /// Performs an input as scenarios spell it; what the screen does not have is `invalidInput`.
    func perform(_ json: JSONValue) throws(HostCallError) {
        guard failure == nil else { return }
        let input: SimulationInput
        do throws(ScenarioError) {
            input = try ScenarioParser().input(from: json, sections: nil)
        } catch {
            throw .invalidInput(error.description)
        }
        let names = simulator.sectionNames
        func index(_ section: String) throws(HostCallError) -> Int {
            guard let index = names.firstIndex(of: section) else {
                throw .invalidInput("the screen has no section \(section) (it has \(names.joined(separator: ", ")))")
            }
            return index
        }
        do {
            switch input {
            case .gesture(.fling(nil, let velocity)): try simulator.fling(velocity: velocity)
            case .gesture(.fling(let section?, let velocity)):
                try simulator.fling(section: try index(section), velocity: velocity)
            case .gesture(.drag(nil, let by, let duration)): try simulator.drag(by: by, duration: duration)
            case .gesture(.drag(let section?, let by, let duration)):
                try simulator.drag(section: try index(section), by: by, duration: duration)
            case .gesture(.tap(let section, let item)):
                try simulator.tap(itemAt: IndexPath(item: item, section: try index(section)))
            case .app(.scrollTo(let section, let item)):
                let path = IndexPath(item: item, section: try index(section))
                try simulator.perform {
                    simulator.collectionView?.scrollToItem(at: path, at: .top, animated: false)
                }
            case .rotate(let width, let height):
                if (width > height) != simulator.isLandscape { try simulator.rotate() }
            case .app(.apply), .app(.applyUsingReloadData):
                throw HostCallError.invalidInput("a screen's data comes from its own code, not from snapshot edits")
            }
        } catch let error as HostCallError {
            throw error
        } catch let error as ScrollSimulatorError {
            throw .invalidInput(error.description)
        } catch {
            failure = "\(error)"
        }
    }

    func layout(rect: Rect?) throws(HostCallError) -> [String: JSONValue] {
        guard let engine = simulator.engine else { throw .invalidInput("the screen shows no collection or table view") }
        do throws(ServiceError) {
            return try LayoutReply.of(engine, names: simulator.sectionNames, rect: rect, limit: 10_000).parameters
        } catch {
            throw .invalidInput(error.message)
        }
    }

    func visible() throws(HostCallError) -> [String: JSONValue] {
        guard let engine = simulator.engine else { throw .invalidInput("the screen shows no collection or table view") }
        return VisibleReply.of(engine, names: simulator.sectionNames).parameters
    }
}

func formatSeconds(_ time: Double) -> String { String(format: "%.3f", time) }

/// Why a host call is refused.
enum HostCallError: Error, CustomStringConvertible {
    case invalidParameter(String)
    case noSuchScreen(String)
    case noSuchSession(Int)
    case invalidInput(String)

    var description: String {
        switch self {
        case .invalidParameter(let name): "invalid parameter \(name)"
        case .noSuchScreen(let name): "no screen \(name)"
        case .noSuchSession(let number): "no session \(number)"
        case .invalidInput(let message): message
        }
    }

    var varlinkError: VarlinkError {
        switch self {
        case .invalidParameter(let name): .invalidParameter(name)
        case .noSuchScreen(let name):
            VarlinkError(ScreenHostProtocol.noSuchScreen, ["screen": .string(name), "message": .string("no screen \(name)")])
        case .noSuchSession(let number):
            VarlinkError(ScreenHostProtocol.noSuchSession, ["message": .string("no session \(number)")])
        case .invalidInput(let message): VarlinkError(ScreenHostProtocol.invalidInput, ["message": .string(message)])
        }
    }
}
