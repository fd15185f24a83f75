import Foundation
import JSONModel

extension ScreenHost {
    /// One step of a screen's script: an input at a time after opening, spelled as a scenario's
    /// script step (docs/scenarios.md), so the daemon's simulations of the screen scroll it.
    public struct Step: Sendable {
        public var at: Double
        public var input: JSONValue

        public init(at: Double, input: JSONValue) {
            self.at = at
            self.input = input
        }

        /// A fling of the main scroll view (`section` nil) or of a row scrolling sideways, in
        /// points per second (positive toward the end).
        public static func fling(at: Double, section: String? = nil, velocity: Double) -> Step {
            var fields: [String: JSONValue] = ["velocity": .number(velocity)]
            if let section { fields["section"] = .string(section) }
            return Step(at: at, input: .object(["fling": .object(fields)]))
        }

        /// A finger drag by `distance` points over `duration` seconds.
        public static func drag(at: Double, section: String? = nil, by distance: Double, duration: Double = 0.25) -> Step {
            var fields: [String: JSONValue] = ["by": .number(distance), "duration": .number(duration)]
            if let section { fields["section"] = .string(section) }
            return Step(at: at, input: .object(["drag": .object(fields)]))
        }

        /// A tap on an item of a section (by the section identifier's description).
        public static func tap(at: Double, section: String, item: Int) -> Step {
            Step(at: at, input: .object(["tap": .object(["section": .string(section), "item": .number(Double(item))])]))
        }
    }
}

/// Where a screen's script stands: which step is next and, for a looping one, which round.
struct ScriptCursor {
    let steps: [ScreenHost.Step]
    /// Seconds one round takes when the script repeats (live simulations); nil: it runs once.
    let period: Double?
    private var index = 0
    private var round = 0

    init(steps: [ScreenHost.Step], period: Double?) {
        self.steps = steps.sorted { $0.at < $1.at }
        self.period = steps.isEmpty ? nil : period
    }

    /// The next step and the time it is due.
    var next: (time: Double, step: ScreenHost.Step)? {
        guard index < steps.count else { return nil }
        return (Double(round) * (period ?? 0) + steps[index].at, steps[index])
    }

    mutating func advance() {
        index += 1
        if index == steps.count, period != nil {
            index = 0
            round += 1
        }
    }
}
