import CollectionTypes
import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

extension SimulatorService {
    static func error(_ name: String, _ parameters: [String: JSONValue]) -> VarlinkError {
        VarlinkError("\(interfaceName).\(name)", parameters)
    }

    static func noSuchSimulation(_ id: JSONValue?) -> VarlinkError {
        error("NoSuchSimulation", ["simulation": id ?? .string("")])
    }

    func entry(_ parameters: [String: JSONValue]) -> Result<Entry, VarlinkError> {
        guard case .string(let id)? = parameters["simulation"], let entry = simulations[id] else {
            return .failure(Self.noSuchSimulation(parameters["simulation"]))
        }
        return .success(entry)
    }

    func listScenarios() -> Result<[String: JSONValue], VarlinkError> {
        var list: [JSONValue] = []
        for name in scenarioNames() {
            guard let scenario = try? loadScenario(name) else { continue }
            list.append(
                .object([
                    "name": .string(name), "description": .string(scenario.summary ?? ""),
                    "sections": .number(Double(scenario.sections.count)),
                ]))
        }
        return .success(["scenarios": .array(list)])
    }

    func open(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        guard simulations.count < limits.simulations else {
            return .failure(
                Self.error("LimitReached", ["limit": .string("simulations"), "maximum": .number(Double(limits.simulations))]))
        }
        var scenario: Scenario
        switch (parameters["scenario"] ?? .null, parameters["definition"] ?? .null) {
        case (.string(let name), .null):
            do throws(ScenarioError) {
                scenario = try loadScenario(name)
            } catch {
                if case .notFound = error { return .failure(Self.error("NoSuchScenario", ["scenario": .string(name)])) }
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
        case (.null, .object):
            do throws(ScenarioError) {
                scenario = try ScenarioParser().parse(parameters["definition"]!)
            } catch {
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
        default:
            return .failure(.invalidParameter("scenario"))  // exactly one of scenario and definition
        }
        var viewport = scenario.viewport
        if case .object(let size)? = parameters["viewport"], case .number(let w)? = size["width"],
            case .number(let h)? = size["height"]
        {
            guard w >= 1, h >= 1, w <= 100_000, h <= 100_000 else { return .failure(.invalidParameter("viewport")) }
            viewport.width = w
            viewport.height = h
        }
        var policy = scenario.invalidation
        if case .string(let name)? = parameters["policy"], let value = InvalidationPolicy(rawValue: name) { policy = value }
        var seed: UInt64 = 0
        if case .number(let n)? = parameters["seed"] {
            guard n >= 0 else { return .failure(.invalidParameter("seed")) }
            seed = UInt64(n)
        }
        scenario.invalidation = policy
        let simulation: Simulation
        do throws(SimulationError) {
            simulation = try Simulation(spec: scenario.simulationSpec(viewport: viewport, policy: policy), seed: seed)
        } catch {
            return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
        }
        nextID += 1
        let id = "sim-\(nextID)"
        let entry = Entry(scenario: scenario, viewport: viewport, policy: policy, seed: seed, simulation: simulation)
        simulations[id] = entry
        return .success(["simulation": info(id, entry)])
    }

    func advance(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            guard case .number(let seconds)? = parameters["seconds"], seconds >= 0 else {
                return .failure(.invalidParameter("seconds"))
            }
            guard seconds <= limits.secondsPerAdvance else {
                return .failure(
                    Self.error(
                        "LimitReached", ["limit": .string("secondsPerAdvance"), "maximum": .number(limits.secondsPerAdvance)]))
            }
            do throws(SimulationError) {
                try entry.simulation.advance(by: seconds)
            } catch {
                return .failure(Self.error("SimulationFailed", ["message": .string(error.description)]))
            }
            return .success(["simulation": info(id(of: entry), entry)])
        }
    }

    func perform(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            let gesture: Gesture
            do throws(ScenarioError) {
                gesture = try ScenarioParser().gesture(
                    from: parameters["gesture"] ?? .null, sections: entry.scenario.sections.map(\.id))
            } catch {
                return .failure(Self.error("InvalidGesture", ["message": .string(error.description)]))
            }
            do throws(SimulationError) {
                try entry.simulation.perform(gesture)
            } catch {
                if case .invalidSpec(let message) = error {
                    return .failure(Self.error("InvalidGesture", ["message": .string(message)]))
                }
                return .failure(Self.error("SimulationFailed", ["message": .string(error.description)]))
            }
            return .success(["simulation": info(id(of: entry), entry)])
        }
    }

    func id(of entry: Entry) -> String {
        simulations.first { $0.value.simulation === entry.simulation }!.key
    }

    func info(_ id: String, _ entry: Entry) -> JSONValue {
        .object([
            "simulation": .string(id), "scenario": .string(entry.scenario.name),
            "viewport": .object(["width": .number(entry.viewport.width), "height": .number(entry.viewport.height)]),
            "policy": .string(entry.policy.rawValue), "seed": .number(Double(entry.seed)), "time": .number(entry.simulation.time),
            "warnings": .array(entry.simulation.warnings.map(JSONValue.string)),
        ])
    }

    func counts(_ entry: Entry) -> [String: JSONValue] {
        let counts = entry.simulation.counts
        return [
            "total": .object(counts.total.jsonFields),
            "sections": .array(
                entry.scenario.sections.map {
                    .object(["section": .string($0.id), "counts": .object((counts.sections[$0.id] ?? Counts()).jsonFields)])
                }),
        ]
    }

    func element(_ attributes: LayoutAttributes, sections: [String]) -> JSONValue {
        let frame = attributes.frame
        return .object([
            "kind": .string(attributes.elementKind ?? "cell"),
            "section": attributes.category == .layoutSupplementaryView ? .null : .string(sections[attributes.indexPath.section]),
            "item": attributes.category == .cell ? .number(Double(attributes.indexPath.item)) : .null,
            "frame": .object([
                "x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.size.width),
                "height": .number(frame.size.height),
            ]),
        ])
    }

    func layout(_ entry: Entry, rect: JSONValue?) -> Result<[String: JSONValue], VarlinkError> {
        let layout = entry.simulation.collectionView.layout
        let sections = entry.simulation.collectionView.dataSource.snapshot().sectionIdentifiers
        let elements: [LayoutAttributes]
        if case .object(let r)? = rect, case .number(let x)? = r["x"], case .number(let y)? = r["y"],
            case .number(let w)? = r["width"],
            case .number(let h)? = r["height"]
        {
            elements = layout.elements(in: Rect(x: x, y: y, width: w, height: h))
        } else {
            let total = (0..<layout.numberOfSections).reduce(0) { $0 + layout.numberOfItems(inSection: $1) }
            guard total <= limits.elementsPerReply else {
                return .failure(
                    Self.error(
                        "LimitReached",
                        ["limit": .string("elementsPerReply"), "maximum": .number(Double(limits.elementsPerReply))]))
            }
            elements = layout.allElements()
        }
        guard elements.count <= limits.elementsPerReply else {
            return .failure(
                Self.error(
                    "LimitReached", ["limit": .string("elementsPerReply"), "maximum": .number(Double(limits.elementsPerReply))]))
        }
        return .success([
            "width": .number(layout.contentSize.width), "height": .number(layout.contentSize.height),
            "elements": .array(elements.map { element($0, sections: sections) }),
        ])
    }

    func visible(_ entry: Entry) -> [String: JSONValue] {
        let view = entry.simulation.collectionView
        let sections = view.dataSource.snapshot().sectionIdentifiers
        let elements = view.liveCellsByIndexPath.compactMap { path, _ -> JSONValue? in
            guard let frame = view.layout.frame(for: path) else { return nil }
            return element(LayoutAttributes(category: .cell, indexPath: path, frame: frame), sections: sections)
        }
        return ["contentOffset": .number(view.contentOffset), "elements": .array(elements)]
    }

    func events(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            var after = 0
            if case .number(let n)? = parameters["after"] { after = Int(Swift.max(0, Swift.min(n, Double(Int.max / 2)))) }
            var limit = 100
            if case .number(let n)? = parameters["limit"] {
                guard n >= 1 else { return .failure(.invalidParameter("limit")) }
                guard n <= Double(limits.eventsPerPage) else {
                    return .failure(
                        Self.error(
                            "LimitReached", ["limit": .string("eventsPerPage"), "maximum": .number(Double(limits.eventsPerPage))])
                    )
                }
                limit = Int(n)
            }
            let log = entry.simulation.log
            let records = log.records(after: after, limit: limit).map { record -> JSONValue in
                .object([
                    "sequence": .number(Double(record.sequence)), "time": .number(record.time),
                    "kind": .string(record.kind.rawValue),
                    "section": record.section.map(JSONValue.string) ?? .null,
                    "item": record.item.map { .number(Double($0)) } ?? .null,
                    "detail": .string(record.detail), "cause": .string(record.cause),
                ])
            }
            return .success(["events": .array(records), "total": .number(Double(log.total))])
        }
    }
}
