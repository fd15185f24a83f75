import Foundation
import TestSupport
import Testing

/// `profile --svg`: the counts over time, one line per policy, a panel per count and viewport.
@Suite("scrollsimctl profile --svg")
struct ProfileChartTests {
    @Test(
        "each policy's line ends at the profile's own total (the sampled runs replay the profiled ones), one panel per count and viewport, the picture parses"
    )
    func linesEndAtTheTotals() throws {
        let directory = try Scratch.directory("chart")
        defer { Scratch.remove(directory) }
        let path = directory.appendingPathComponent("home.svg").path
        let result = try scrollsimctl([
            "profile", "home", "--local", "--seconds", "12", "--viewports", "375x667,390x844", "--svg", path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["svg"] as? String == path)
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 6)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        let parsed = try ProcessRunner.run(
            "python3", ["-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", path])
        #expect(parsed.status == 0, "the picture is well-formed XML: \(parsed.output)")
        let lines = svg.matches(of: /<polyline points="([^"]+)"[^>]*><title>([a-z0-9]+): ([0-9.]+) ([^<]+)<\/title>/)
        // 4 counts × 2 viewports × 3 policies.
        #expect(lines.count == 24)
        let titles = [
            "section-provider calls": "sectionProvider", "cell-provider calls": "cellProvider", "layout passes": "layoutPasses",
            "appends (completed data requests)": "dataRequestsCompleted",
        ]
        // Each line's final value, in panel order (viewport by viewport), equals some run's total of
        // that policy on that viewport; checked per viewport column.
        for run in runs {
            let policy = try #require(run["policy"] as? String)
            let counts = try #require(run["counts"] as? [String: Any])
            for (title, name) in titles {
                let total = try #require(counts[name] as? Double)
                let matching = lines.filter { String($0.output.2) == policy && String($0.output.4) == title }
                #expect(matching.count == 2, "\(policy) \(title): one line per viewport")
                #expect(
                    matching.contains { Double($0.output.3) == total }, "\(policy) \(title): a line ends at the total \(total)")
            }
        }
        #expect(LabelOverlapTests.overlaps(svg).isEmpty, "\(LabelOverlapTests.overlaps(svg))")
        // Lines only rise (counts so far) and each has a point per sample.
        for line in lines {
            let points = line.output.1.split(separator: " ").map { $0.split(separator: ",").map { Double($0)! } }
            #expect(points.count >= 100)
            for (a, b) in zip(points, points.dropFirst()) {
                #expect(b[0] >= a[0] && b[1] <= a[1] + 0.001, "x advances and y never falls (SVG y grows downwards)")
            }
        }
        if RenderCommandTests.hasRenderer {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            let check = try ProcessRunner.run("python3", [root.appendingPathComponent("render_check.py").path, path])
            #expect(check.status == 0 && check.output.hasPrefix("ok "), "\(check.output)")
        }
    }
}
