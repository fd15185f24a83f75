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
        let format = try PictureFormat(arguments, file: arguments.options["output"])
        if let output = arguments.options["output"] { try OutputFile.check(output, format: format.rawValue, option: "output") }
        var parameters = try Backends.runParameters(arguments.positional[0], arguments)
        let backend = try Backends.make(arguments)
        var scene = try scene(backend, parameters, time: time)
        if arguments.options["crop"] == "viewport" { scene = scene.croppedToViewport() }
        let svg = LayoutRenderer.svg(scene)
        if let output = arguments.options["output"] {
            try OutputFile.write(try format.encode(svg), to: output)
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
            if format == .png {
                FileHandle.standardOutput.write(try format.encode(svg))
            } else {
                print(svg, terminator: "")
            }
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
        let layout = try run.layout()
        let visible = try run.visible()
        let counts = try run.counts()
        let events = try run.events()
        struct Place: Hashable {
            let section: String?
            let item: Int?
        }
        let realised = Set(visible.elements.map { Place(section: $0.section, item: $0.item) })
        let elements = layout.elements.map { element in
            LayoutScene.Element(
                kind: element.kind, section: element.section, item: element.item, x: element.frame.minX,
                y: element.frame.minY, width: element.frame.size.width, height: element.frame.size.height,
                realised: element.kind == "cell" && realised.contains(Place(section: element.section, item: element.item)),
                isDecoration: element.category == "decoration", zIndex: element.zIndex)
        }
        let rows = Dictionary(visible.rows.map { ($0.section, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let groups = Dictionary(layout.sections.map { ($0.section, $0.itemsPerGroup) }, uniquingKeysWith: { first, _ in first })
        let total = counts.total
        let (width, height) = (info.width, info.height)
        var scene = LayoutScene(
            title: "\(info.scenario) at \(formatPoints(time)) s",
            subtitle:
                "\(formatPoints(width))×\(formatPoints(height)) · policy \(info.policy) · seed \(Int(exactly: info.seed) ?? 0) · \(total.layoutPasses) layout passes · \(total.sectionProvider) section-provider and \(total.cellProvider) cell-provider calls · \(total.dataRequestsCompleted) appends",
            viewportWidth: width, viewportHeight: height, contentWidth: layout.width,
            contentHeight: layout.height, contentOffset: visible.contentOffset,
            rowOffsets: rows,
            sections: counts.sections.map(\.section),
            elements: elements, events: events, time: info.time)
        scene.itemsPerGroup = groups
        return scene
    }
}
