import CollectionView
import CommandLineSpec
import CompositionalLayout
import Foundation
import JSONModel
import LayoutRender
import Scenario
import ScrollSimService

/// `scrollsimctl render SCENARIO`: an SVG picture of the layout at a time T and a timeline of
/// the run up to it.
enum RenderCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let time = arguments.number("time") ?? CommandSpec.defaultSeconds
        if let output = arguments.options["output"] { try OutputFile.check(output, format: "svg", option: "output") }
        var parameters = Backends.simulationParameters(arguments)
        parameters.merge(try Backends.scenarioParameters(arguments.positional[0], arguments)) { $1 }
        let backend = try Backends.make(arguments)
        var scene = try scene(backend, parameters, time: time)
        if arguments.options["crop"] == "viewport" { scene = scene.croppedToViewport() }
        let svg = LayoutRenderer.svg(scene)
        if let output = arguments.options["output"] {
            try OutputFile.write(Data(svg.utf8), to: output)
        }
        if arguments.flags.contains("json") {
            let size = svg.firstMatch(of: /width="([0-9.]+)" height="([0-9.]+)" viewBox/)
            try CommandLineTool.printJSON(
                .object([
                    "output": arguments.options["output"].map(JSONValue.string) ?? .null,
                    "width": .number(size.flatMap { Double($0.1) } ?? 0), "height": .number(size.flatMap { Double($0.2) } ?? 0),
                    "elements": .number(Double(scene.elements.count)),
                    "realised": .number(Double(scene.elements.count { $0.realised })),
                    "svg": arguments.options["output"] == nil ? .string(svg) : .null,
                ]))
        } else if arguments.options["output"] == nil {
            print(svg, terminator: "")
        }
        return .success
    }

    /// Runs the simulation to `time` and reads what the picture needs from the service.
    static func scene(_ backend: SimulatorBackend, _ parameters: [String: JSONValue], time: Double) throws -> LayoutScene {
        try RecordedRun.with(backend, parameters) { run in
            try run.advance(to: time)
            return try scene(of: run, time: time)
        }
    }

    /// What the picture needs of a simulation that has run to `time`.
    static func scene(of run: RecordedRun, time: Double) throws -> LayoutScene {
        let info = run.info
        let layout = try run.read("GetLayout")
        let visible = try run.read("GetVisible")
        let counts = try run.counts()
        let events = try run.events()
        let realised = Set(
            (visible["elements"]?.arrayValue ?? []).compactMap(\.objectValue).map {
                "\($0["section"]?.stringValue ?? "")#\(($0["item"]?.integerValue ?? -1))"
            })
        let elements = (layout["elements"]?.arrayValue ?? []).compactMap(\.objectValue).map { fields -> LayoutScene.Element in
            let frame = fields["frame"]?.objectValue ?? [:]
            let section = fields["section"]?.stringValue
            let item = fields["item"]?.integerValue
            let kind = fields["kind"]?.stringValue ?? "cell"
            return LayoutScene.Element(
                kind: kind, section: section, item: item, x: frame["x"]?.numberValue ?? 0, y: frame["y"]?.numberValue ?? 0,
                width: frame["width"]?.numberValue ?? 0, height: frame["height"]?.numberValue ?? 0,
                realised: kind == "cell" && realised.contains("\(section ?? "")#\(item ?? -1)"),
                isDecoration: fields["category"]?.stringValue == "decoration",
                zIndex: (fields["zIndex"]?.integerValue ?? 0))
        }
        var rows: [String: Double] = [:]
        for case .object(let row) in visible["rows"]?.arrayValue ?? [] {
            if let section = row["section"]?.stringValue { rows[section] = row["offset"]?.numberValue ?? 0 }
        }
        var groups: [String: Int] = [:]
        for case .object(let section) in layout["sections"]?.arrayValue ?? [] {
            if let id = section["section"]?.stringValue { groups[id] = (section["itemsPerGroup"]?.integerValue ?? 1) }
        }
        let total = counts.total
        let (width, height) = (info.width, info.height)
        var scene = LayoutScene(
            title: "\(info.scenario) at \(formatPoints(time)) s",
            subtitle:
                "\(formatPoints(width))×\(formatPoints(height)) · policy \(info.policy) · seed \(Int(exactly: info.seed) ?? 0) · \(total.layoutPasses) layout passes · \(total.sectionProvider) section-provider and \(total.cellProvider) cell-provider calls · \(total.dataRequestsCompleted) appends",
            viewportWidth: width, viewportHeight: height, contentWidth: layout["width"]?.numberValue ?? 0,
            contentHeight: layout["height"]?.numberValue ?? 0, contentOffset: visible["contentOffset"]?.numberValue ?? 0,
            rowOffsets: rows,
            sections: counts.sections.map(\.section),
            elements: elements, events: events, time: info.time)
        scene.itemsPerGroup = groups
        return scene
    }
}
