import Foundation
import TestSupport
import Testing

/// One argument parser for every command, checked against its `CommandSpec`: what a user mistypes
/// is refused with the command's own usage, the nearest option, and exit status 64; help is found
/// wherever it is asked for; options may come before the command.
@Suite("scrollsimctl arguments")
struct ArgumentTests {
    /// (command line, exit status, what stderr or stdout says).
    static let cases: [([String], Int32, String)] = [
        (["status", "-x"], 64, "unknown option -x"),
        (["status", "foo", "bar"], 64, "status takes 0 arguments, not 2: unexpected 'foo'"),
        (["live", "--seconds", "abc"], 64, "--seconds expects a number from 0.001 to 31536000, not 'abc'"),
        (["live", "--interval", "0"], 64, "--interval expects a number from 0.05 to 3600, not '0'"),
        (["run", "home", "--viewprt", "390x844", "--local"], 64, "run has no option --viewprt (did you mean --viewport?)"),
        (["run", "home", "--local", "--viewport", "390"], 64, "--viewport expects WxH, e.g. 390x844, not '390'"),
        (["run", "home", "--local", "--policy", "fast"], 64, "--policy expects one of uikit, uikit14, targeted, not 'fast'"),
        (["run", "home", "--local", "--seed", "-1"], 64, "--seed expects a whole number from 0 to 4294967295, not '-1'"),
        (
            ["run", "home", "--local", "--all-viewports", "--viewport", "390x844"], 64,
            "--viewport and --all-viewports cannot be given together"
        ),
        (["run", "home", "--local", "--address", "unix:/tmp/x.sock"], 64, "--local and --address cannot be given together"),
        (["run", "home", "--local", "--seconds", "1", "--seconds", "2"], 64, "--seconds is given twice"),
        (["run", "home", "--local", "--json=yes"], 64, "--json takes no value"),
        (["run"], 64, "run takes 1 argument, not 0"),
        (["profile", "home", "--local", "--policies", "uikit,slow"], 64, "--policies expects a comma-separated list"),
        (["layout", "home", "--all", "--limit", "3"], 64, "--all and --limit cannot be given together"),
        (["rn", "home"], 64, "unknown command 'rn' (did you mean 'run'?)"),
        (["completion", "tcsh"], 64, "completion expects bash, zsh or fish, not 'tcsh'"),
        (["status", "--address", "tcp:localhost:1"], 64, "--address expects unix:PATH"),
        // Help wherever it is asked for, the command's own.
        (["help", "run"], 0, "usage: scrollsimctl run SCENARIO"),
        (["run", "-h"], 0, "usage: scrollsimctl run SCENARIO"),
        (["run", "home", "--bogus", "--help"], 0, "usage: scrollsimctl run SCENARIO"),
        (["-h"], 0, "usage: scrollsimctl <command>"),
    ]

    @Test("usage errors: the message, the command's own usage, exit 64; help anywhere", arguments: cases)
    func usage(_ line: [String], _ status: Int32, _ message: String) throws {
        let result = try scrollsimctl(line)
        #expect(result.status == status, "\(line): \(result.output)")
        #expect(result.output.contains(message), "\(line): \(result.output)")
        if status == 64, line.first != "rn" {
            // The command's synopsis, not the 25-line global usage.
            #expect(result.stderr.contains("usage: scrollsimctl \(line[0])"), "\(result.stderr)")
            #expect(!result.stderr.contains("Commands that talk to scrollsimd"))
        }
    }

    @Test(
        "errors say where they happen: an unknown scenario in process names no daemon, lists the scenarios and suggests one; a misspelled key is named"
    )
    func errorsWhereTheyHappen() throws {
        let local = try scrollsimctl(["run", "hom", "--local"])
        #expect(local.status == 66)
        #expect(
            local.stderr.contains(
                "no scenario named 'hom' (did you mean 'home'?); the scenarios: home, home-split, modern, photos, shop-home, workspace"
            ),
            "\(local.stderr)")
        #expect(!local.stderr.contains("scrollsimd"), "\(local.stderr)")
        let file = Scratch.path("typo", extension: "json")
        defer { Scratch.remove(file) }
        try Data(#"{"name": "t", "sectons": []}"#.utf8).write(to: file)
        let validated = try scrollsimctl(["validate", file.path, "--local"])
        #expect(validated.status == 65)
        #expect(
            validated.stderr.contains("sections: required; found 'sectons' instead: did you mean 'sections'?"),
            "\(validated.stderr)")
    }

    @Test("validate reports every error it can tell apart: one per section (with its own index) and per top-level key")
    func validateEveryError() throws {
        let file = Scratch.path("multi", extension: "json")
        defer { Scratch.remove(file) }
        func section(_ id: String, _ groupKeys: String, extra: String = "") -> String {
            #"{"id": "\#(id)", "items": {"count": 3}\#(extra), "layout": {"group": {"axis": "vertical", "#
                + #""layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}, "#
                + groupKeys + "}}}"
        }
        let subitems =
            #""subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]"#
        let definition =
            #"{"name": "multi", "frameRate": "fast", "sections": ["#
            + [
                section("a", subitems.replacingOccurrences(of: "subitems", with: "subitem")), section("b", subitems),
                section("c", subitems, extra: #", "cel": "x""#),
            ].joined(separator: ", ") + "]}"
        try Data(definition.utf8).write(to: file)
        let result = try scrollsimctl(["validate", file.path, "--local", "--json"])
        #expect(result.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [String])
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("sections[0].layout.group.subitems: required; found 'subitem' instead") })
        #expect(errors.contains { $0.hasPrefix("sections[2].cel: unknown key (did you mean 'cell'?") })
        #expect(errors.contains { $0.hasPrefix("frameRate: expected a finite number") })
        let text = try scrollsimctl(["validate", file.path, "--local"])
        #expect(text.status == 65 && text.stderr.hasPrefix("scrollsimctl: 3 errors:\n"), "\(text.stderr)")
    }

    @Test(
        "validate: an error in each of three sections is reported at its own index, a feed after them is checked with no follow-on error, and a fling of a section that is not a row is refused as run refuses it"
    )
    func validateWhatRunChecks() throws {
        let file = Scratch.path("checks", extension: "json")
        defer { Scratch.remove(file) }
        func section(_ id: String, extra: String = "", orthogonal: Bool = false) -> String {
            #"{"id": "\#(id)", "items": {"count": 30}\#(extra), "layout": {"#
                + (orthogonal ? #""orthogonalScrollingBehavior": "continuous", "# : "")
                + #""group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}, "#
                + #""subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}"#
        }
        let broken =
            #"{"name": "broken", "sections": ["# + section("a", extra: #", "cel": "x""#) + ", "
            + section("b", extra: #", "cel": "x""#) + ", " + section("c", extra: #", "cel": "x""#) + #"], "#
            + #""feeds": [{"section": "c", "when": {"displayedIndex": 4}}]}"#
        try Data(broken.utf8).write(to: file)
        let result = try scrollsimctl(["validate", file.path, "--local", "--json"])
        #expect(result.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [String])
        // Each section's typo is read on as the key it was meant to be, so the feed is checked too:
        // its own error ("when" for "trigger") is the file's fourth, not a follow-on of the others.
        #expect(errors.map { String($0.prefix(11)) } == ["sections[0]", "sections[1]", "sections[2]", "feeds[0].tr"], "\(errors)")
        #expect(!errors.contains { $0.contains("no section") }, "\(errors)")

        let flung =
            #"{"name": "flung", "sections": ["# + section("list") + ", " + section("row", orthogonal: true) + #"], "#
            + #""script": [{"at": 1, "fling": {"section": "list", "velocity": 2000}}]}"#
        try Data(flung.utf8).write(to: file)
        for command in ["validate", "run"] {
            let refused = try scrollsimctl([command, file.path, "--local"])
            #expect(refused.status == 65, "\(command): \(refused.stderr)")
            #expect(
                refused.stderr.contains(#"script[0].fling.section: section "list" does not scroll sideways"#),
                "\(command): \(refused.stderr)")
        }
    }

    @Test("layout on a section of 10^9 items: a sample (first cells and the last), counts and content size, nothing materialised")
    func hugeLayout() throws {
        let file = Scratch.path("huge", extension: "json")
        defer { Scratch.remove(file) }
        let definition = #"""
            {"name": "huge", "sections": [{"id": "a", "items": {"count": 1000000000}, "layout": {"group": {"axis": "vertical",
             "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},
             "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}]}
            """#
        try Data(definition.utf8).write(to: file)
        let text = try scrollsimctl(["layout", file.path, "--local"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("content 390 × 44000000000"), "\(text.stdout)")
        #expect(text.stdout.contains("999999999  (0, 43999999956, 390, 44)"), "the last cell's frame")
        #expect(text.stdout.contains("… 999999991 more in a between the first 8 and the last"))
        let json = try scrollsimctl(["layout", file.path, "--local", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["elements"] as? [Any])?.count == 9)
        #expect(object["omittedItems"] as? Int == 999_999_991)
    }

    @Test("options before the command, short forms, W×H as printed, -3000 as a value not an option")
    func accepted() throws {
        let before = try scrollsimctl(["-j", "-s", "2", "--local", "run", "home", "--viewport", "390×844"])
        let after = try scrollsimctl(["run", "home", "--json", "--local", "--seconds", "2", "--viewport", "390x844"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout == after.stdout)
        let output = Scratch.path("args", extension: "svg")
        defer { Scratch.remove(output) }
        let rendered = try scrollsimctl(["render", "home", "--local", "--time", "1", "-o", output.path])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        let layout = try scrollsimctl(["layout", "home", "--local", "--limit", "3", "-p", "uikit"])
        #expect(layout.status == 64 && layout.stderr.contains("layout has no option --policy"), "\(layout.stderr)")
    }
}

@Suite("shell completion")
struct CompletionTests {
    @Test("bash completes a scenario name after a command that takes one, through a command that exists")
    func bashCompletesScenarioNames() throws {
        let tool = try #require(ProcessRunner.builtProduct("scrollsimctl"))
        let script = try scrollsimctl(["completion", "bash"]).stdout
        let directory = URL(fileURLWithPath: tool).deletingLastPathComponent().path
        let result = try ProcessRunner.run(
            "/bin/bash",
            [
                "-c",
                script + "\nCOMP_WORDS=(scrollsimctl run hom); COMP_CWORD=2; _scrollsimctl; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ],
            environment: ["PATH": directory + ":/usr/bin:/bin"])
        let offered = Set(result.output.split(separator: "\n").map(String.init))
        #expect(offered.isSuperset(of: ["home", "home-split"]), "\(result.output)")
        #expect(!offered.contains("modern"))
    }
}
