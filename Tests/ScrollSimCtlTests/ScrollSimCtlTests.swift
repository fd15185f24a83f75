import CollectionView
import Foundation
import LayoutRender
import TestSupport
import Testing

/// Runs the real `scrollsimctl` binary, as a user or a CI job would.
func scrollsimctl(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.run(
        try #require(ProcessRunner.builtProduct("scrollsimctl"), "scrollsimctl is not built"), arguments,
        environment: environment)
}

@Suite("scrollsimctl (local commands)")
struct ScrollSimCtlTests {
    @Test("--prefetch 0 turns UIKit's prefetching off: the numbers of a visible-only model; the default prepares cells ahead")
    func prefetchOption() throws {
        func totals(_ extra: [String]) throws -> [String: Any] {
            let result = try scrollsimctl(["run", "home", "--local", "--json", "--seconds", "20"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(object["counts"] as? [String: Any])
        }
        let off = try totals(["--prefetch", "0"])
        #expect(off["prefetched"] as? Double == 0)
        #expect(off["cellProvider"] as? Double == 74)
        let on = try totals([])
        #expect((on["prefetched"] as? Double ?? 0) > 0)
        let bad = try scrollsimctl(["run", "home", "--local", "--prefetch", "11"])
        #expect(bad.status == 64)
    }

    @Test("layout home --json: the 5d numbers, parsed back")
    func layoutJSON() throws {
        let result = try scrollsimctl(["layout", "home", "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let size = try #require(json["contentSize"] as? [String: Double])
        #expect(size == ["width": 390, "height": 990])
        #expect(json["sectionProviderCalls"] as? Int == 3)
        #expect(json["visibleCells"] as? Int == 8)
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.count == 12)
        let first = try #require(elements.first)
        #expect(first["kind"] as? String == "cell")
        #expect(first["section"] as? String == "consult")
        #expect(first["frame"] as? [String: Double] == ["x": 2, "y": 2, "width": 386, "height": 196])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["id"] as? String } == ["consult", "company", "expert"])
        #expect(sections[1]["orthogonalContentWidth"] as? Double == 1810)
    }

    @Test("layout prints an aligned table with the section summary")
    func layoutText() throws {
        let result = try scrollsimctl(["layout", "home", "--viewport", "375x667"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("viewport 375×667 @3x"))
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("company ") }
        #expect(row?.split(separator: " ").prefix(6) == ["company", "600", "220", "5", "1", "2"])
        // 375 × 667: the expert row (y ≥ 820) is below the first viewport.
        let expert = result.stdout.split(separator: "\n").first { $0.hasPrefix("expert ") }
        #expect(expert?.split(separator: " ")[5] == "0")
    }

    @Test("validate: exit 65 and the JSON path for an invalid scenario; 0 for a valid one")
    func validate() throws {
        let file = Scratch.path("scrollsim-bad", extension: "json")
        try #"{"name": "x", "sections": [{"id": "a", "items": {"count": 1}, "layout": {"group": {"axis": "diagonal"}}}]}"#.write(
            to: file, atomically: true, encoding: .utf8)
        defer { Scratch.remove(file) }
        let bad = try scrollsimctl(["validate", file.path, "--local"])
        #expect(bad.status == 65)
        #expect(
            bad.stderr.contains("sections[0].layout.group.axis: expected one of horizontal, vertical, custom, got \"diagonal\""))
        let badJSON = try scrollsimctl(["validate", file.path, "--json", "--local"])
        #expect(badJSON.status == 65)
        #expect(try JSONSerialization.jsonObject(with: Data(badJSON.stdout.utf8)) as? [String: Any] != nil)
        #expect(try scrollsimctl(["validate", "Config/scenarios/workspace.json", "--local"]).status == 0)
        #expect(try scrollsimctl(["validate", "home", "--local"]).status == 0)
        #expect(try scrollsimctl(["validate", "home", "--address", "unix:/nonexistent.sock"]).status == 69)
        // Lays out (arithmetically), but no simulation can hold three million items.
        try
            #"{"name": "huge", "sections": [{"id": "a", "items": {"count": 3000000}, "layout": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let huge = try scrollsimctl(["validate", file.path, "--local"])
        #expect(huge.status == 65, "\(huge.stdout)\(huge.stderr)")
        #expect(huge.stderr.contains("3000000 items; a simulation holds at most 2000000"))
    }

    @Test("every command has its --help (exit 0); --version")
    func helps() throws {
        for command in [
            "run", "profile", "render", "layout", "validate", "scenarios", "live", "status", "simulations", "counts", "watch",
        ] {
            let result = try scrollsimctl([command, "--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.hasPrefix("usage: scrollsimctl \(command)"), "\(command): \(result.stdout.prefix(80))")
        }
        #expect(try scrollsimctl(["--version"]).stdout.hasPrefix("scrollsimctl "))
    }

    @Test("usage errors exit 64; missing files exit 66")
    func errors() throws {
        #expect(try scrollsimctl([]).status == 64)
        #expect(try scrollsimctl(["frobnicate"]).status == 64)
        #expect(try scrollsimctl(["layout", "home", "--nope"]).status == 64)
        #expect(try scrollsimctl(["layout", "home", "--viewport", "wide"]).status == 64)
        let missing = try scrollsimctl(["layout", "no-such-scenario"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no scenario named 'no-such-scenario'"))
        #expect(try scrollsimctl(["--version"]).stdout.hasPrefix("scrollsimctl "))
    }

    @Test("run home --json: docs/scenarios.md's shape, parsed back; each page appended costs every section a provider call")
    func runJSON() throws {
        let result = try scrollsimctl(["run", "home", "--seconds", "20", "--json", "--local"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["time"] as? Double == 20)
        let counts = try #require(json["counts"] as? [String: Any])
        let sections = try #require(counts["sections"] as? [String: [String: Int]])
        #expect(Set(sections.keys) == ["consult", "company", "expert"])
        let pages = try #require(sections["company"]?["dataRequestsCompleted"])
        #expect(pages >= 2)
        #expect(counts["sectionProvider"] as? Int == 3 * (1 + pages))
        #expect((json["warnings"] as? [String])?.isEmpty == false)
    }

    @Test("run is deterministic and compares policies: targeted re-queries only the appended section")
    func runPolicies() throws {
        func providerCalls(_ policy: String) throws -> Int {
            let result = try scrollsimctl(["run", "home", "--seconds", "20", "--json", "--policy", policy, "--local"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require((json["counts"] as? [String: Any])?["sectionProvider"] as? Int)
        }
        let uikit = try providerCalls("uikit")
        #expect(try providerCalls("uikit") == uikit)
        #expect(try providerCalls("targeted") < uikit)
    }

    @Test("run --all-viewports returns one run per device; bad options are usage errors")
    func runViewports() throws {
        let result = try scrollsimctl(["run", "modern", "--seconds", "5", "--all-viewports", "--json", "--local"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["runs"] as? [Any])?.count == 3)
        #expect(try scrollsimctl(["run", "home", "--policy", "ios9"]).status == 64)
        #expect(try scrollsimctl(["run", "home", "--seconds", "-1"]).status == 64)
        let text = try scrollsimctl(["run", "home", "--seconds", "2", "--local"])
        #expect(text.stdout.contains("section provider"))
    }

    @Test(
        "layout prints every shipped scenario: a list layout's sections have no provider calls, a flow layout's column is sizeForItemAt (FL5)"
    )
    func layoutTables() throws {
        for name in ["workspace", "photos"] {
            let result = try scrollsimctl(["layout", name, "--local"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let photos = try scrollsimctl(["layout", "photos", "--local"]).stdout
        #expect(photos.contains("flow layout: 6 sizeForItemAt calls in 1 layout pass"))
        let json = try scrollsimctl(["layout", "photos", "--local", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        #expect(sections.map { $0["sizeForItemCalls"] as? Int } == [6, 0])
        #expect(object["sizeForItemCalls"] as? Int == 6 && object["sectionProviderCalls"] as? Int == 0)
    }

    @Test("scenarios --json lists the five seed screens and the flow layout example")
    func scenarios() throws {
        let result = try scrollsimctl(["scenarios", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(
            list.compactMap { $0["name"] as? String } == ["home", "home-split", "modern", "photos", "shop-home", "workspace"])
    }
}

@Suite("scrollsimctl profile and budgets")
struct ProfileCommandTests {
    @Test("profile --json: every policy on every viewport; targeted costs one section-provider call per append, uikit three")
    func profileJSON() throws {
        let result = try scrollsimctl(["profile", "home", "--seconds", "30", "--json", "--local"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 9)
        for run in runs {
            let counts = try #require(run["counts"] as? [String: Double])
            let perAppend = (counts["sectionProvider"]! - 3) / counts["dataRequestsCompleted"]!
            #expect(perAppend == (run["policy"] as? String == "targeted" ? 1 : 3))
        }
        let text = try scrollsimctl(["profile", "home", "--local", "--viewports", "390x844"])
        #expect(
            text.stdout.contains(
                "One append costs 3.0 under uikit, 3.0 under uikit14, 1.0 under targeted section-provider calls."))
    }

    @Test("'per append' is what a feed's page costs: the script's own edits and rotations do not count in it")
    func perAppendIgnoresTheScriptsEdits() throws {
        let directory = try Scratch.directory("per-append")
        defer { Scratch.remove(directory) }
        var home = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "Config/scenarios/home.json")))
                as? [String: Any])
        var script = try #require(home["script"] as? [[String: Any]])
        script.insert(["at": 0.2, "apply": ["appendItems": ["section": "expert", "count": 2]]], at: 0)
        script.insert(["at": 0.3, "rotate": ["width": 844, "height": 390]], at: 1)
        home["script"] = script
        home["data"] = ["file": FileManager.default.currentDirectoryPath + "/Config/scenarios/data/home-data.json"]
        let file = directory.appendingPathComponent("edited.json")
        try JSONSerialization.data(withJSONObject: home).write(to: file)
        let result = try scrollsimctl([
            "profile", file.path, "--local", "--viewports", "390x844", "--policies", "uikit", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let runs = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])
        let run = try #require(runs.first)
        // Three sections re-queried per page, as in the unedited screen; the old quotient (all
        // calls after the first display over the pages) counted the edit's and the rotation's.
        #expect(run["sectionProviderPerAppend"] as? Double == 3)
        let counts = try #require(run["counts"] as? [String: Double])
        #expect((counts["sectionProvider"]! - 3) / counts["dataRequestsCompleted"]! > 3)
    }

    @Test("the shipped budget passes; a tighter one exits 3 and names each count over its limit")
    func budgets() throws {
        let pass = try scrollsimctl(["profile", "home", "--local", "--budget", "Config/budgets/home.json"])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("budget: every count within its limit"))
        let directory = try Scratch.directory("budget")
        defer { Scratch.remove(directory) }
        let tight = directory.appendingPathComponent("tight.json")
        try
            #"{"policies": ["uikit"], "viewports": [{"width": 390, "height": 844}], "total": {"sectionProvider": 10}, "sections": {"company": {"cellProvider": 50}}}"#
            .write(to: tight, atomically: true, encoding: .utf8)
        let over = try scrollsimctl(["profile", "home", "--local", "--budget", tight.path])
        #expect(over.status == 3)
        #expect(over.stdout.contains("390×844 uikit: sectionProvider 15 > 10 (total)"))
        #expect(over.stdout.contains("390×844 uikit: cellProvider 120 > 50 (section company)"))
        let json = try scrollsimctl(["profile", "home", "--local", "--json", "--budget", tight.path])
        #expect(json.status == 3)
        let budget = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["budget"] as? [String: Any])
        #expect(budget["ok"] as? Bool == false && (budget["exceeded"] as? [String])?.count == 2)
        let bad = directory.appendingPathComponent("bad.json")
        try #"{"total": {"sectionProviders": 1}}"#.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try scrollsimctl(["profile", "home", "--local", "--budget", bad.path])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(#"total.sectionProviders: not a count (did you mean "sectionProvider"?)"#))
        let missing = try scrollsimctl([
            "profile", "home", "--local", "--budget", directory.appendingPathComponent("none.json").path,
        ])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test(
        "a budget that names a policy, viewport or section no run has is an error (65) naming it with a suggestion, never a pass or 'exceeded'"
    )
    func budgetsThatCheckNothing() throws {
        let directory = try Scratch.directory("budget-unmatched")
        defer { Scratch.remove(directory) }
        func profile(_ budget: String) throws -> ProcessRunner.Result {
            let file = directory.appendingPathComponent("budget.json")
            try budget.write(to: file, atomically: true, encoding: .utf8)
            return try scrollsimctl([
                "profile", "home", "--local", "--seconds", "5", "--viewports", "390x844", "--policies", "uikit,uikit14",
                "--budget", file.path,
            ])
        }
        let misspelled = try profile(#"{"policies": ["uikitt"], "total": {"sectionProvider": 100}}"#)
        #expect(misspelled.status == 65)
        #expect(
            misspelled.stderr.contains(#"policies: "uikitt" is not a policy (did you mean "uikit"?)"#), "\(misspelled.stderr)")
        let policy = try profile(#"{"policies": ["targeted"], "total": {"sectionProvider": 100}}"#)
        #expect(policy.status == 65)
        #expect(policy.stderr.contains(#"policy "targeted" matches no run (profiled: uikit, uikit14)"#), "\(policy.stderr)")
        #expect(!policy.stdout.contains("within its limit"))
        let viewport = try profile(#"{"viewports": [{"width": 400, "height": 800}], "total": {"sectionProvider": 100}}"#)
        #expect(viewport.status == 65)
        #expect(viewport.stderr.contains("viewport 400×800 matches no run (profiled: 390×844)"), "\(viewport.stderr)")
        let section = try profile(#"{"sections": {"compny": {"cellProvider": 1}}}"#)
        #expect(section.status == 65)
        #expect(section.stderr.contains(#"section "compny" is in no run (did you mean "company"?)"#), "\(section.stderr)")
        #expect(!section.stdout.contains("budget exceeded"))
        let key = try profile(#"{"totals": {"sectionProvider": 1}}"#)
        #expect(key.status == 65)
        #expect(key.stderr.contains(#"unknown key "totals" (did you mean "total"?)"#), "\(key.stderr)")
    }
}

@Suite("scrollsimctl render")
struct RenderCommandTests {
    static let hasRenderer = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")

    @Test(
        "every shipped scenario renders to SVG that parses as XML and converts to a PNG that is not blank",
        .enabled(if: hasRenderer, "needs rsvg-convert (Debian librsvg2-bin; .ci/run installs it)"))
    func shippedScenarios() throws {
        let directory = try Scratch.directory("render")
        defer { Scratch.remove(directory) }
        var files: [String] = []
        for name in ["home", "home-split", "shop-home", "modern", "workspace", "photos"] {
            let file = directory.appendingPathComponent("\(name).svg").path
            let result = try scrollsimctl(["render", name, "--local", "--time", "12", "--output", file])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            files.append(file)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let check = try ProcessRunner.run("python3", [root.appendingPathComponent("render_check.py").path] + files)
        let text = check.output
        #expect(check.status == 0, "\(text)")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == 6, "\(text)")
    }

    @Test("a pinned header (z-index 2) is drawn over the cell scrolling under it; a background is drawn behind both")
    func zOrder() throws {
        let header = LayoutScene.Element(
            kind: "header", section: "s", item: nil, x: 0, y: 100, width: 390, height: 44, realised: false, zIndex: 2)
        let cell = LayoutScene.Element(kind: "cell", section: "s", item: 3, x: 0, y: 120, width: 390, height: 44, realised: true)
        let background = LayoutScene.Element(
            kind: "background", section: "s", item: nil, x: 0, y: 0, width: 390, height: 600, realised: false, isDecoration: true)
        let scene = LayoutScene(
            title: "t", subtitle: "s", viewportWidth: 390, viewportHeight: 844, contentWidth: 390, contentHeight: 600,
            contentOffset: 0, rowOffsets: [:], sections: ["s"], elements: [header, cell, background], events: [], time: 0)
        let svg = LayoutRenderer.svg(scene)
        let backgroundAt = try #require(svg.range(of: "s background (decoration)")).lowerBound
        let cellAt = try #require(svg.range(of: "s item 3 (realised)")).lowerBound
        let headerAt = try #require(svg.range(of: "<title>s header</title>")).lowerBound
        #expect(backgroundAt < cellAt && cellAt < headerAt)
    }

    @Test("the picture shows what the simulation realised: filled cells are the live ones, the row window and viewport are drawn")
    func content() throws {
        let result = try scrollsimctl(["render", "home", "--local", "--time", "12", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let svg = try #require(object["svg"] as? String)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">viewport 390×844<") && svg.contains(">at offset ") && svg.contains(">window at "))
        #expect(svg.contains("timeline"))
        #expect((object["realised"] as? Double ?? 0) >= 8)
        // Every realised cell is drawn, or counted beside its row when outside the drawn part.
        let drawn = svg.components(separatedBy: "(realised)</title>").count - 1
        let counted = svg.matches(of: />(\d+) realised, not drawn</).reduce(0) { $0 + (Int($1.output.1) ?? 0) }
        #expect(drawn + counted == Int(object["realised"] as? Double ?? -1))
    }
}

@Suite("scrollsimctl sweep and merge")
struct SweepCommandTests {
    static let matrix = [
        "home", "shop-home", "--local", "--viewports", "390x844,375x667", "--policies", "uikit,targeted", "--seeds", "0,1",
        "--seconds", "5", "--json",
    ]

    @Test("a sweep split into shards and merged is the unsharded sweep, run for run; a missing or repeated shard is an error")
    func shardsMergeToTheWhole() throws {
        let directory = try Scratch.directory("sweep")
        defer { Scratch.remove(directory) }
        let whole = try scrollsimctl(["sweep"] + Self.matrix)
        #expect(whole.status == 0, "\(whole.stderr)")
        var files: [String] = []
        for k in 1...3 {
            let shard = try scrollsimctl(["sweep"] + Self.matrix + ["--shard", "\(k)/3"])
            #expect(shard.status == 0, "\(shard.stderr)")
            let file = directory.appendingPathComponent("shard-\(k).json").path
            try shard.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let merged = try scrollsimctl(["merge"] + files + ["--json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let a = try #require(try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? NSDictionary)
        let b = try #require(try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? NSDictionary)
        #expect(a == b)
        #expect((a["runs"] as? [Any])?.count == 16)
        let gap = try scrollsimctl(["merge", files[0], files[2]])
        #expect(gap.status == 65 && gap.stderr.contains("missing shards: 2/3"), "\(gap.stderr)")
        let twice = try scrollsimctl(["merge", files[0], files[0], files[1], files[2]])
        #expect(twice.status == 65 && twice.stderr.contains("given twice"), "\(twice.stderr)")
        let bad = try scrollsimctl(["sweep", "home", "--local", "--shard", "4/3"])
        #expect(bad.status == 64 && bad.stderr.contains("K/N with 1 ≤ K ≤ N"), "\(bad.stderr)")
    }

    @Test("the merged shards get one budget verdict: a count over its limit in any shard's runs exits 3 and is named")
    func budgetOverShards() throws {
        let directory = try Scratch.directory("sweep-budget")
        defer { Scratch.remove(directory) }
        var files: [String] = []
        for k in 1...2 {
            let shard = try scrollsimctl(["sweep"] + Self.matrix + ["--shard", "\(k)/2"])
            let file = directory.appendingPathComponent("shard-\(k).json").path
            try shard.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let budget = directory.appendingPathComponent("budget.json")
        try #"{"policies": ["uikit"], "total": {"sectionProvider": 5}}"#.write(to: budget, atomically: true, encoding: .utf8)
        let result = try scrollsimctl(["merge"] + files + ["--budget", budget.path])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("home seed 1 390×844 uikit: sectionProvider 9 > 5 (total)"), "\(result.stdout)")
    }
}

@Suite("scrollsimctl trusts no server")
struct UntrustedServerTests {
    @Test("numbers beyond Int and control characters in names neither crash the client nor reach the terminal raw")
    func hostileReplies() throws {
        let directory = try Scratch.directory("hostile")
        defer { Scratch.remove(directory) }
        // Every counter, as a run must have them: zeros but for the hostile ones.
        func counts(_ values: [String: String]) -> String {
            "{" + Counts.fields.map { "\"\($0.name)\": \(values[$0.name] ?? "0")" }.joined(separator: ", ") + "}"
        }
        let shard = #"""
            {"matrix": {"scenarios": ["home\u001b]0;pwned\u0007"], "seeds": [0], "viewports": [{"width": 390, "height": 844}],
              "policies": ["uikit"], "seconds": 5, "runs": 1},
             "runs": [{"index": 0, "scenario": "home\u001b]0;pwned\u0007", "seed": 1e300, "policy": "uikit",
               "viewport": {"width": 390, "height": 844}, "counts": TOTAL,
               "sections": [{"section": "evil\u001b[2J", "counts": SECTION}],
               "warnings": ["\u001b[31mred\u001b[0m"], "sectionProviderPerAppend": 1e300}]}
            """#
        let total = counts(["sectionProvider": "1e300", "cellProvider": "-1e300"])
        let file = directory.appendingPathComponent("shard.json")
        try shard.replacingOccurrences(of: "TOTAL", with: total)
            .replacingOccurrences(of: "SECTION", with: counts(["cellProvider": "1e300"]))
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try scrollsimctl(["merge", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains("\u{1B}") && !result.stdout.unicodeScalars.contains("\u{07}"))
        #expect(result.stdout.contains(#"home\u{1B}]0;pwned\u{7}"#), "\(result.stdout)")
        #expect(result.stdout.contains(String(Int.max)))

        // A run without a counter is refused, naming the file and the field, not read as zero.
        try shard.replacingOccurrences(of: "TOTAL", with: #"{"sectionProvider": 1}"#)
            .replacingOccurrences(of: "SECTION", with: counts([:]))
            .write(to: file, atomically: true, encoding: .utf8)
        let partial = try scrollsimctl(["merge", file.path])
        #expect(partial.status == 65, "\(partial.stderr)")
        #expect(
            partial.stderr.contains("\(file.path): not a sweep's run: Profile.runs[0].counts.cellProvider: missing or mistyped"),
            "\(partial.stderr)")
    }

    @Test("a server that accepts and never answers is reported after SCROLLSIM_TIMEOUT, not waited on forever (exit 69)")
    func silentServer() throws {
        let directory = try Scratch.directory("silent")
        defer { Scratch.remove(directory) }
        let socket = directory.appendingPathComponent("silent.sock").path
        // A listener that accepts and reads, and never writes.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            "-c",
            "import socket,sys,time\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\ns.listen(4)\nc,_=s.accept()\ntime.sleep(30)",
            socket,
        ]
        try server.run()
        defer { server.terminate() }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.05) }
        let start = Date()
        let result = try scrollsimctl(["status", "--address", "unix:" + socket], environment: ["SCROLLSIM_TIMEOUT": "1"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("no reply from \(socket) within 1"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 20)
    }
}

extension UntrustedServerTests {
    @Test(
        "a socket another user serves gets nothing sent to it: the client checks the server's credentials first (exit 69)",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func squattedSocket() throws {
        let directory = try Scratch.directory("squat")
        defer { Scratch.remove(directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        let socket = directory.appendingPathComponent("scrollsimd.sock").path
        let received = directory.appendingPathComponent("received")
        // Another user (nobody) listening where the client looks, recording what it is sent.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        server.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
            "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\ns.listen(4)\nc,_=s.accept()\nc.settimeout(3)\n"
                + "data=b''\ntry:\n  data=c.recv(65536)\nexcept Exception:\n  pass\nopen(sys.argv[2],'wb').write(data)",
            socket, received.path,
        ]
        try server.run()
        defer { server.terminate() }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.05) }
        let result = try scrollsimctl(["status", "--address", "unix:" + socket])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("is served by nobody"), "\(result.stderr)")
        server.waitUntilExit()
        #expect((try? Data(contentsOf: received))?.isEmpty ?? true, "the client sent something")
    }
}
