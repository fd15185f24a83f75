import Foundation
import TestSupport
import Testing

/// Pictures whose labels never cover one another: every text in `render`'s and `profile --svg`'s
/// pictures, measured as the renderer measures it (0.6 em per character, 0.65 bold), is checked
/// against every other.
@Suite("scrollsimctl pictures: labels")
struct LabelOverlapTests {
    struct Label {
        var text: String
        var left: Double
        var right: Double
        var top: Double
        var bottom: Double
    }

    /// The texts of an SVG picture with the boxes they are drawn in.
    static func labels(_ svg: String) -> [Label] {
        svg.matches(
            of:
                /<text x="([-0-9.]+)" y="([-0-9.]+)" [^>]*font-size="([0-9.]+)" [^>]*text-anchor="([a-z]+)" font-weight="([a-z]+)">([^<]*)<\/text>/
        ).map { match in
            let text = String(match.output.6).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
                of: "&lt;", with: "<"
            )
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            let x = Double(match.output.1)!
            let y = Double(match.output.2)!
            let size = Double(match.output.3)!
            let width = Double(text.count) * size * (match.output.5 == "bold" ? 0.65 : 0.6)
            let left =
                switch match.output.4 {
                case "middle": x - width / 2
                case "end": x - width
                default: x
                }
            return Label(text: text, left: left, right: left + width, top: y - size * 0.8, bottom: y + size * 0.2)
        }
    }

    static func overlaps(_ svg: String) -> [String] {
        let all = labels(svg)
        var found: [String] = []
        for i in all.indices {
            for j in all.indices where j > i {
                let a = all[i]
                let b = all[j]
                if a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 {
                    found.append("'\(a.text)' and '\(b.text)'")
                }
            }
        }
        return found
    }

    @Test(
        "render: no two labels overlap, for every shipped scenario at 0, 5 and 12 s, content and viewport crops",
        arguments: ["home", "home-split", "shop-home", "modern", "workspace", "photos"])
    func render(_ scenario: String) throws {
        for time in ["0", "5", "12"] {
            for crop in ["content", "viewport"] {
                let result = try scrollsimctl(["render", scenario, "--local", "--time", time, "--crop", crop, "--json"])
                #expect(result.status == 0, "\(result.stderr)")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let svg = try #require(object["svg"] as? String)
                #expect(Self.labels(svg).count > 10)
                #expect(Self.overlaps(svg).isEmpty, "\(scenario) at \(time) s (\(crop)): \(Self.overlaps(svg))")
            }
        }
    }

    @Test("the overlap check finds overlapping labels (two texts at the same place)")
    func checkerFindsOverlaps() {
        let svg = """
            <text x="10" y="20" font-family="Helvetica" font-size="12" fill="#222" text-anchor="start" font-weight="normal">first label</text>
            <text x="30" y="22" font-family="Helvetica" font-size="12" fill="#222" text-anchor="start" font-weight="normal">second</text>
            <text x="10" y="60" font-family="Helvetica" font-size="12" fill="#222" text-anchor="start" font-weight="normal">apart</text>
            """
        #expect(Self.labels(svg).count == 3)
        #expect(Self.overlaps(svg) == ["'first label' and 'second'"])
    }
}
