import CollectionTypes
import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

extension SimulatorService {
    static func noSuchSimulation(_ id: JSONValue?) -> VarlinkError {
        error("NoSuchSimulation", ["simulation": id ?? .string("")])
    }

    func entry(_ parameters: [String: JSONValue]) -> Result<SimulationEntry, VarlinkError> {
        guard let id = parameters["simulation"]?.stringValue, let entry = simulations[id] else {
            return .failure(Self.noSuchSimulation(parameters["simulation"]))
        }
        return .success(entry)
    }

    func status() -> [String: JSONValue] {
        let daemon = daemonStatus()
        return [
            "version": .string(version), "simulations": .number(Double(simulations.count)),
            "liveSimulations": .number(Double(simulations.values.count { $0.live })),
            "scenarios": .number(Double(catalog.names().count)), "connections": .number(Double(daemon.connections)),
            "streams": .number(Double(daemon.streams)), "uptime": .number(daemon.uptime),
            "ticks": .object([
                "ticks": .number(Double(daemon.ticks)), "intervalMs": .number(daemon.tickIntervalMs),
                "latenessP50Ms": .number(daemon.latenessP50Ms), "latenessP99Ms": .number(daemon.latenessP99Ms),
                "latenessMaxMs": .number(daemon.latenessMaxMs), "behindMs": .number(daemon.behindMs),
            ]),
        ]
    }

    func listScenarios() -> Result<[String: JSONValue], VarlinkError> {
        var list: [JSONValue] = []
        for name in catalog.names() {
            guard let scenario = try? catalog.load(name) else { continue }
            list.append(
                .object([
                    "name": .string(name), "description": .string(scenario.summary ?? ""),
                    "sections": .number(Double(scenario.sections.count)),
                ]))
        }
        return .success(["scenarios": .array(list)])
    }

    func advance(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            guard case .number(let seconds)? = parameters["seconds"], seconds >= 0, seconds.isFinite else {
                return .failure(.invalidParameter("seconds"))
            }
            guard seconds <= limits.secondsPerAdvance else {
                return .failure(Self.limitReached("secondsPerAdvance", limits.secondsPerAdvance))
            }
            guard entry.clock == .virtual else { return .failure(Self.error("RealtimeClock", ["simulation": .string(entry.id)])) }
            if let failure = entry.failure { return .failure(Self.error("SimulationFailed", ["message": .string(failure)])) }
            let record: JSONValue = .object([
                "op": "advance", "simulation": .string(entry.id), "to": .number(entry.simulation.time + seconds),
            ])
            if let failure = persistFailure(record) { return .failure(failure) }
            apply(record, to: entry)
            if let failure = entry.failure { return .failure(Self.error("SimulationFailed", ["message": .string(failure)])) }
            return .success(["simulation": info(entry)])
        }
    }

    func perform(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            do throws(ScenarioError) {
                _ = try ScenarioParser().gesture(
                    from: parameters["gesture"] ?? .null, sections: entry.scenario.sections.map(\.id))
            } catch {
                return .failure(Self.error("InvalidGesture", ["message": .string(error.description)]))
            }
            // A realtime simulation may trail the clock (budgeted ticks): catch it up first, so
            // the input lands at the time the client meant and replays there.
            if entry.clock == .realtime { entry.advance(to: now() - entry.origin) }
            if let failure = entry.failure { return .failure(Self.error("SimulationFailed", ["message": .string(failure)])) }
            let record: JSONValue = .object([
                "op": "perform", "simulation": .string(entry.id), "at": .number(entry.simulation.time),
                "gesture": parameters["gesture"]!,
            ])
            if let failure = persistFailure(record) { return .failure(failure) }
            if let rejected = apply(record, to: entry) {
                return .failure(Self.error("InvalidGesture", ["message": .string(rejected)]))
            }
            if let failure = entry.failure { return .failure(Self.error("SimulationFailed", ["message": .string(failure)])) }
            return .success(["simulation": info(entry)])
        }
    }

    func close(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            if let failure = persistFailure(.object(["op": "close", "simulation": .string(entry.id)])) {
                return .failure(failure)
            }
            simulations[entry.id] = nil
            return .success([:])
        }
    }

    func info(_ entry: SimulationEntry) -> JSONValue {
        var fields: [String: JSONValue] = [
            "simulation": .string(entry.id), "scenario": .string(entry.scenario.name),
            "viewport": .object(["width": .number(entry.viewport.width), "height": .number(entry.viewport.height)]),
            "policy": .string(entry.policy.rawValue), "seed": .number(Double(entry.seed)), "clock": .string(entry.clock.rawValue),
            "live": .bool(entry.live), "time": .number(entry.simulation.time),
            "warnings": .array(entry.simulation.warnings.map(JSONValue.string)),
        ]
        if let failure = entry.failure { fields["failure"] = .string(failure) }
        return .object(fields)
    }

    static func counts(_ counts: CountSet<String>, sections: [String]) -> [String: JSONValue] {
        [
            "total": .object(counts.total.jsonFields),
            "sections": .array(
                sections.map {
                    .object(["section": .string($0), "counts": .object((counts.sections[$0] ?? Counts()).jsonFields)])
                }),
        ]
    }

    func counts(_ entry: SimulationEntry) -> [String: JSONValue] {
        Self.counts(entry.simulation.counts, sections: entry.scenario.sections.map(\.id))
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

    func layout(_ entry: SimulationEntry, rect: JSONValue?) -> Result<[String: JSONValue], VarlinkError> {
        let layout = entry.simulation.collectionView.layout
        let sections = entry.simulation.collectionView.dataSource.snapshot().sectionIdentifiers
        let limit = Self.limitReached("elementsPerReply", Double(limits.elementsPerReply))
        let elements: [LayoutAttributes]
        if case .object(let r)? = rect, case .number(let x)? = r["x"], case .number(let y)? = r["y"],
            case .number(let w)? = r["width"], case .number(let h)? = r["height"]
        {
            guard [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0 else { return .failure(.invalidParameter("rect")) }
            elements = layout.elements(in: Rect(x: x, y: y, width: w, height: h))
        } else {
            let total = (0..<layout.numberOfSections).reduce(0) { $0 + layout.numberOfItems(inSection: $1) }
            guard total <= limits.elementsPerReply else { return .failure(limit) }
            elements = layout.allElements()
        }
        guard elements.count <= limits.elementsPerReply else { return .failure(limit) }
        let sectionLayouts = sections.enumerated().map { index, id -> JSONValue in
            let frame = layout.sectionFrame(index) ?? Rect(x: 0, y: 0, width: 0, height: 0)
            return .object([
                "section": .string(id),
                "frame": .object([
                    "x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.size.width),
                    "height": .number(frame.size.height),
                ]),
                "itemsPerGroup": .number(Double(layout.itemsPerGroup(inSection: index))),
                "orthogonal": .bool(layout.orthogonalContentLength(ofSection: index) != nil),
            ])
        }
        return .success([
            "width": .number(layout.contentSize.width), "height": .number(layout.contentSize.height),
            "sections": .array(sectionLayouts), "elements": .array(elements.map { element($0, sections: sections) }),
        ])
    }

    func visible(_ entry: SimulationEntry) -> [String: JSONValue] {
        let view = entry.simulation.collectionView
        let sections = view.dataSource.snapshot().sectionIdentifiers
        let elements = view.liveCellsByIndexPath.compactMap { path, _ -> JSONValue? in
            guard let frame = view.layout.frame(for: path) else { return nil }
            return element(LayoutAttributes(category: .cell, indexPath: path, frame: frame), sections: sections)
        }
        let rows = sections.compactMap { section -> JSONValue? in
            guard view.isOrthogonal(section) else { return nil }
            return .object(["section": .string(section), "offset": .number(view.orthogonalOffsets[section] ?? 0)])
        }
        return ["contentOffset": .number(view.contentOffset), "rows": .array(rows), "elements": .array(elements)]
    }

    static func event(_ record: SimulationRecord) -> JSONValue {
        .object([
            "sequence": .number(Double(record.sequence)), "time": .number(record.time), "kind": .string(record.kind.rawValue),
            "section": record.section.map(JSONValue.string) ?? .null, "item": record.item.map { .number(Double($0)) } ?? .null,
            "detail": .string(record.detail), "cause": .string(record.cause),
        ])
    }

    func events(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        entry(parameters).flatMap { entry in
            var after = 0
            if case .number(let n)? = parameters["after"] { after = Int(Swift.max(0, Swift.min(n, Double(Int.max / 2)))) }
            var limit = 100
            if case .number(let n)? = parameters["limit"] {
                guard n >= 1 else { return .failure(.invalidParameter("limit")) }
                guard n <= Double(limits.eventsPerPage) else {
                    return .failure(Self.limitReached("eventsPerPage", Double(limits.eventsPerPage)))
                }
                limit = Int(n)
            }
            let log = entry.simulation.log
            let records = log.records(after: after, limit: limit).map(Self.event)
            return .success(["events": .array(records), "total": .number(Double(log.total))])
        }
    }
}
