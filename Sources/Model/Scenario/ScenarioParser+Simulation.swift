import ScrollSimulation
import Spelling

/// The moving half of the scenario format: feeds and the script.
extension ScenarioParser {
    /// The longest latency or retry delay accepted, in seconds.
    static let maxDelay = 3_600.0
    /// The most steps a script may have.
    static let maxScriptSteps = 10_000

    func parseFeed(_ value: JSONValue, path: String, sections: [String]) throws(ScenarioError) -> FeedSpec {
        var reader = try JSONObjectReader(value, path: path)
        let section = try sectionReference(&reader, "section", sections: sections)
        let pageSize = try reader.integer("pageSize", in: 1...100_000) ?? 10
        let maxPages = try reader.integer("maxPages", in: 0...1_000_000)
        guard var trigger = try reader.object("trigger") else {
            throw reader.missing("trigger")
        }
        let kinds = trigger.keys
        guard kinds.count == 1, let kind = kinds.first, ["itemsFromEnd", "leadingScreens", "displayedIndex"].contains(kind) else {
            throw .invalid(
                path: trigger.path,
                message: "expected one of itemsFromEnd, leadingScreens, displayedIndex"
                    + (kinds.isEmpty ? "" : ", got \(kinds.joined(separator: ", "))"))
        }
        let parsedTrigger: FeedTrigger
        switch kind {
        case "itemsFromEnd": parsedTrigger = .itemsFromEnd(try trigger.integer(kind, in: 0...1_000_000)!)
        case "leadingScreens": parsedTrigger = .leadingScreens(try trigger.number(kind, minimum: 0)!)
        default: parsedTrigger = .displayedIndex(try trigger.integer(kind, in: 0...1_000_000_000)!)
        }
        try trigger.finish()
        let latency = try reader.number("latency", minimum: 0) ?? 0.3
        guard latency <= Self.maxDelay else {
            throw .invalid(path: reader.childPath("latency"), message: "at most \(Int(Self.maxDelay)) seconds")
        }
        let failureRate = try reader.number("failureRate", minimum: 0) ?? 0
        guard failureRate <= 1 else {
            throw .invalid(path: reader.childPath("failureRate"), message: "a probability between 0 and 1, got \(failureRate)")
        }
        var retry: RetryPolicy?
        if var r = try reader.object("retry") {
            let after = try r.number("after", minimum: 0) ?? 1
            guard after <= Self.maxDelay else {
                throw .invalid(path: r.childPath("after"), message: "at most \(Int(Self.maxDelay)) seconds")
            }
            retry = RetryPolicy(after: after, limit: try r.integer("limit", in: 0...100) ?? 3)
            try r.finish()
        }
        let animated = try reader.bool("animatingDifferences") ?? true
        try reader.finish()
        return FeedSpec(
            section: section, pageSize: pageSize, maxPages: maxPages, trigger: parsedTrigger, latency: latency,
            failureRate: failureRate, retry: retry, animatingDifferences: animated)
    }

    static let inputKinds = ["fling", "drag", "scrollTo", "tap", "apply", "rotate"]
    /// The largest side a rotation may give the screen (as `ViewportSize.maximumSide`).
    public static let maxViewportSide = 100_000.0

    /// - Parameter rows: the sections that scroll sideways, the only ones a fling or drag may name.
    func parseScript(_ values: [JSONValue], sections: [String], rows: Set<String>) throws(ScenarioError) -> Script {
        guard values.count <= Self.maxScriptSteps else {
            throw .invalid(path: "script", message: "at most \(Self.maxScriptSteps) steps")
        }
        var steps: [ScriptStep] = []
        var repeatEvery: Double?
        for (i, value) in values.enumerated() {
            var reader = try JSONObjectReader(value, path: "script[\(i)]")
            if reader.has("every") {
                guard i == values.count - 1 else {
                    throw .invalid(path: reader.childPath("every"), message: "the repeat step must be the last one")
                }
                let every = try reader.number("every", minimum: 0)!
                guard every > 0 else { throw .invalid(path: reader.childPath("every"), message: "must be greater than 0") }
                if try reader.choice("repeat", ["all"]) == nil {
                    throw .invalid(path: reader.childPath("repeat"), message: "required: \"all\"")
                }
                guard steps.allSatisfy({ $0.at < every }) else {
                    throw .invalid(
                        path: reader.childPath("every"), message: "every step's \"at\" must be below the repeat period \(every)")
                }
                try reader.finish()
                repeatEvery = every
                continue
            }
            guard let at = try reader.number("at", minimum: 0) else {
                throw .invalid(path: reader.childPath("at"), message: "required (seconds)")
            }
            let kinds = reader.keys.filter { Self.inputKinds.contains($0) }
            guard kinds.count == 1 else {
                // A misspelled step ("flng") is named with the step it is closest to.
                let suggestion = reader.keys.filter { $0 != "at" && !Self.inputKinds.contains($0) }.lazy
                    .compactMap { key in nearestName(key, among: Self.inputKinds).map { " (\"\(key)\": did you mean \"\($0)\"?)" }
                    }
                    .first
                throw .invalid(
                    path: reader.path,
                    message: "expected exactly one of \(Self.inputKinds.joined(separator: ", "))"
                        + (kinds.isEmpty ? suggestion ?? "" : ", got \(kinds.joined(separator: ", "))"))
            }
            steps.append(ScriptStep(at: at, input: try parseInput(kinds[0], &reader, sections: sections, rows: rows)))
            try reader.finish()
        }
        return Script(steps: steps, repeatEvery: repeatEvery)
    }

    /// An input given on its own, as a client's `Perform` sends it (its `gesture` parameter):
    /// `{"fling": {"section": "company", "velocity": 3000}}`.
    /// - Parameter sections: the screen's sections, which the input must name; nil to leave that
    ///   check to the simulation (a stored record, checked when it was first performed).
    public func input(from value: JSONValue, sections: [String]?) throws(ScenarioError) -> SimulationInput {
        var reader = try JSONObjectReader(value, path: "gesture")
        let kinds = reader.keys.filter { Self.inputKinds.contains($0) }
        guard kinds.count == 1, reader.keys.count == 1 else {
            throw .invalid(path: "gesture", message: "expected exactly one of \(Self.inputKinds.joined(separator: ", "))")
        }
        let input = try parseInput(kinds[0], &reader, sections: sections, rows: nil)
        try reader.finish()
        return input
    }

    private func parseInput(
        _ kind: String, _ step: inout JSONObjectReader, sections: [String]?, rows: Set<String>?
    ) throws(ScenarioError) -> SimulationInput {
        guard var reader = try step.object(kind) else {
            throw .invalid(path: step.childPath(kind), message: "expected an object")
        }
        let input: SimulationInput
        switch kind {
        case "fling":
            let section = reader.has("section") ? try rowReference(&reader, sections: sections, rows: rows) : nil
            guard let velocity = try reader.number("velocity") else {
                throw .invalid(path: reader.childPath("velocity"), message: "required (pt/s)")
            }
            guard abs(velocity) <= 100_000 else {
                throw .invalid(path: reader.childPath("velocity"), message: "at most 100000 pt/s")
            }
            input = .gesture(.fling(section: section, velocity: velocity))
        case "drag":
            let section = reader.has("section") ? try rowReference(&reader, sections: sections, rows: rows) : nil
            guard let by = try reader.number("by") else {
                throw .invalid(path: reader.childPath("by"), message: "required (points)")
            }
            guard abs(by) <= 1_000_000_000 else {
                throw .invalid(path: reader.childPath("by"), message: "at most 1000000000 points")
            }
            let duration = try reader.number("duration", minimum: 0) ?? 0.3
            guard duration <= 60 else { throw .invalid(path: reader.childPath("duration"), message: "at most 60 seconds") }
            input = .gesture(.drag(section: section, by: by, duration: duration))
        case "scrollTo", "tap":
            let section = try sectionReference(&reader, "section", sections: sections)
            let item = try reader.integer("item", in: 0...1_000_000_000) ?? 0
            input = kind == "tap" ? .gesture(.tap(section: section, item: item)) : .app(.scrollTo(section: section, item: item))
        case "rotate":
            guard let width = try reader.number("width", minimum: 1), let height = try reader.number("height", minimum: 1) else {
                throw .invalid(path: reader.path, message: "required: width and height")
            }
            // The same bound as a viewport given to OpenSimulation.
            for (key, value) in [("width", width), ("height", height)] where value > Self.maxViewportSide {
                throw .invalid(path: reader.childPath(key), message: "at most \(Int(Self.maxViewportSide)) points, got \(value)")
            }
            input = .rotate(width: width, height: height)
        default:
            let edits = ["appendItems", "deleteItems", "reloadItems", "reconfigureItems", "applySnapshotUsingReloadData"]
            let present = reader.keys.filter { $0 != "animatingDifferences" }
            guard present.count == 1, let edit = present.first, edits.contains(edit) else {
                throw .invalid(path: reader.path, message: "expected one of \(edits.joined(separator: ", "))")
            }
            guard var body = try reader.object(edit) else {
                throw .invalid(path: reader.childPath(edit), message: "expected an object")
            }
            if edit == "applySnapshotUsingReloadData" {
                try body.finish()
                if reader.has("animatingDifferences") {
                    throw .invalid(
                        path: reader.childPath("animatingDifferences"),
                        message: "applySnapshotUsingReloadData never animates")
                }
                input = .app(.applyUsingReloadData)
                break
            }
            let section = try sectionReference(&body, "section", sections: sections)
            let count = try body.integer("count", in: 0...1_000_000) ?? 1
            try body.finish()
            let animated = try reader.bool("animatingDifferences") ?? true
            let change: SnapshotEdit
            switch edit {
            case "appendItems": change = .appendItems(section: section, count: count)
            case "deleteItems": change = .deleteItems(section: section, count: count)
            case "reloadItems": change = .reloadItems(section: section, count: count)
            default: change = .reconfigureItems(section: section, count: count)
            }
            input = .app(.apply(change, animatingDifferences: animated))
        }
        try reader.finish()
        return input
    }

    /// The section a fling or drag moves on its own: one that scrolls sideways (among `rows`, when
    /// given), as the simulation requires.
    private func rowReference(
        _ reader: inout JSONObjectReader, sections: [String]?, rows: Set<String>?
    ) throws(ScenarioError) -> String {
        let id = try sectionReference(&reader, "section", sections: sections)
        guard let rows, !rows.contains(id) else { return id }
        throw .invalid(
            path: reader.childPath("section"),
            message:
                "section \"\(id)\" does not scroll sideways (no orthogonalScrollingBehavior): only a row can be flung or dragged on its own; leave out \"section\" to move the page"
                + (rows.isEmpty ? "" : " (rows: \(rows.sorted().joined(separator: ", ")))"))
    }

    /// A section identifier that must exist (among `sections`, when given).
    private func sectionReference(
        _ reader: inout JSONObjectReader, _ key: String, sections: [String]?
    ) throws(ScenarioError) -> String {
        let id = try reader.requiredString(key)
        guard let sections else { return id }
        guard sections.contains(id) else {
            throw .invalid(
                path: reader.childPath(key), message: "no section \"\(id)\" (sections: \(sections.joined(separator: ", ")))")
        }
        return id
    }
}
