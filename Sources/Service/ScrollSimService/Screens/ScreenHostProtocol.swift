import CollectionView
import JSONModel
import ScrollSimulation

/// The private protocol between scrollsimd and a screen host (`io.scrollsim.ScreenHost`): Varlink
/// messages over a socketpair, one call at a time. docs/screen-hosts.md describes each method.
package enum ScreenHostProtocol {
    package static let interfaceName = "io.scrollsim.ScreenHost"
    /// Bumped when a method or a field changes meaning: a daemon refuses a host of another version.
    package static let version = 1

    /// The methods, by their short names (`method(_:)` makes the qualified one).
    package enum Method: String, Sendable, CaseIterable {
        /// → `version`, `screens: [{name, description}]`.
        case describe = "Describe"
        /// `screen, width, height, seed, policy, loop` → `session`, `state`.
        case open = "Open"
        /// `session, to, budget` (seconds of real time) → `state`.
        case advance = "Advance"
        /// `session, input` (a gesture as scenarios write it) → `state`, or `InvalidInput`.
        case perform = "Perform"
        /// `session, rect?` → a GetLayout reply's parameters.
        case layout = "Layout"
        /// `session` → a GetVisible reply's parameters.
        case visible = "Visible"
        /// `session` → {}.
        case close = "Close"
    }

    package static func method(_ method: Method) -> String { "\(interfaceName).\(method.rawValue)" }

    /// The host's errors: the input names what the screen does not have, or no such screen or
    /// session (a daemon's bug, or a host restarted under it).
    package static let invalidInput = "\(interfaceName).InvalidInput"
    package static let noSuchScreen = "\(interfaceName).NoSuchScreen"
    package static let noSuchSession = "\(interfaceName).NoSuchSession"
}

/// A screen as a host offers it.
package struct ScreenDescription: Sendable, Hashable {
    package var name: String
    package var summary: String
    /// Steps in the screen's script (what its simulations do by themselves; live ones repeat it).
    package var steps: Int

    package init(name: String, summary: String, steps: Int = 0) {
        self.name = name
        self.summary = summary
        self.steps = steps
    }

    package var json: JSONValue {
        .object(["name": .string(name), "description": .string(summary), "steps": .number(Double(steps))])
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "Screen")
        self.init(
            name: try fields.required("name", \.stringValue), summary: try fields.optional("description", \.stringValue) ?? "",
            steps: try fields.optional("steps", \.integerValue) ?? 0)
    }
}

/// Where a screen simulation stands after a host call: its time, its counts, the events since the
/// previous state, and UIKit's error if the screen stopped.
package struct ScreenState: Sendable, Hashable {
    package var time: Double
    /// Whether an Advance reached its target (false: its real-time budget ran out first).
    package var reached: Bool
    package var total: Counts
    /// Per section, in the snapshot's order.
    package var sections: [SectionCounts]
    package var warnings: [String]
    /// The events logged since the previous state, oldest first.
    package var events: [SimulationRecord]
    /// UIKit's error that stopped the screen (the app would have crashed).
    package var failure: String?

    package init(
        time: Double, reached: Bool, total: Counts, sections: [SectionCounts], warnings: [String], events: [SimulationRecord],
        failure: String? = nil
    ) {
        self.time = time
        self.reached = reached
        self.total = total
        self.sections = sections
        self.warnings = warnings
        self.events = events
        self.failure = failure
    }

    package var json: JSONValue {
        var fields: [String: JSONValue] = [
            "time": .number(time), "reached": .bool(reached), "total": .object(total.jsonFields),
            "sections": .array(sections.map(\.json)), "warnings": .array(warnings.map(JSONValue.string)),
            "events": .array(events.map(\.json)),
        ]
        if let failure { fields["failure"] = .string(failure) }
        return .object(fields)
    }

    /// - Throws: `ReplyError` naming the field that is missing or of another type.
    package init(json: JSONValue) throws(ReplyError) {
        let fields = try ReplyFields(json, "ScreenState")
        let time = try fields.required("time", \.numberValue)
        guard time.isFinite, time >= 0 else { throw ReplyError("ScreenState.time: not a time (\(time))") }
        var events: [SimulationRecord] = []
        for value in try fields.required("events", \.arrayValue) {
            if let record = try SimulationRecord(json: value) { events.append(record) }
        }
        self.init(
            time: time, reached: try fields.required("reached", \.boolValue), total: try fields.counts("total"),
            sections: try fields.sectionCounts("sections"), warnings: try fields.strings("warnings"), events: events,
            failure: try fields.optional("failure", \.stringValue))
    }
}
