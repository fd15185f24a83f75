import Foundation
import FoundationXML
import Testing
import TestSupport

/// What CI systems read from a budget's verdict: JUnit XML, GitHub annotations at the budget
/// file's lines, a job summary, the failures as fields in --json, and plain progress lines.
@Suite("CI outputs of a budget")
struct CIOutputTests {
    /// A budget two runs break twice each: a total on line 2, a section's limit on line 4.
    static let budget = """
        {
          "total": {"sectionProvider": 3, "cellProvider": 500},
          "sections": {
            "company": {"cellProvider": 10}
          }
        }
        """

    /// Profiles home on two policies against the budget, in a scratch directory (`extra` gets
    /// its URL, for output files there).
    func profile(_ extra: (URL) -> [String], environment: [String: String] = [:]) throws -> (ProcessRunner.Result, URL) {
        let directory = try Scratch.directory("ci-outputs")
        let file = directory.appendingPathComponent("budget.json")
        try Self.budget.write(to: file, atomically: true, encoding: .utf8)
        let result = try scrollsimctl(
            ["profile", "home", "--local", "--viewports", "390x844", "--policies", "uikit,targeted", "--seconds", "5", "--budget", file.path]
                + extra(directory), environment: environment)
        return (result, directory)
    }

    @Test("--junit FILE: a testsuite per run, a testcase per limit, a failure for each count over; read back by XMLParser and junitparser")
    func junit() throws {
        let (run, work) = try profile { ["--junit", $0.appendingPathComponent("report.xml").path] }
        defer { Scratch.remove(work) }
        #expect(run.status == 3, "\(run.stderr)")
        let file = work.appendingPathComponent("report.xml")
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(XMLParser(data: Data(xml.utf8)).parse())
        #expect(xml.contains(#"<testsuites name="scrollsim budget "#) && xml.contains(#"tests="6" failures="4""#))
        #expect(xml.contains(#"<testsuite name="home 390×844 uikit" tests="3" failures="2">"#))
        #expect(xml.contains(#"<testcase classname="home 390×844 uikit" name="cellProvider ≤ 500 (total)" time="0"/>"#))
        #expect(xml.contains(#"<failure type="BudgetExceeded" message="cellProvider 18 &gt; 10 (section company)">"#), "\(xml)")
        if Python.canImport("junitparser") {
            let read = try ProcessRunner.run(
                "python3",
                ["-c", "import junitparser,sys; x=junitparser.JUnitXml.fromfile(sys.argv[1]); print(x.tests, x.failures)", file.path])
            #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "6 4", "\(read.stdout)\(read.stderr)")
        }
    }

    @Test("under GitHub Actions: an ::error annotation per count over, at the line that sets its limit, and a Markdown job summary")
    func github() throws {
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-summary-\(getpid()).md")
        try? FileManager.default.removeItem(at: summary)
        defer { try? FileManager.default.removeItem(at: summary) }
        let (run, work) = try profile({ _ in [] }, environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        defer { Scratch.remove(work) }
        #expect(run.status == 3)
        let annotations = run.stderr.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 4, "\(run.stderr)")
        let budget = work.appendingPathComponent("budget.json").path
        #expect(
            annotations.contains {
                $0.hasPrefix("::error file=\(budget),line=2,title=budget exceeded%3A sectionProvider::home 390×844 uikit: ")
            }, "\(annotations)")
        #expect(annotations.contains { $0.contains(",line=4,") && $0.hasSuffix("cellProvider 18 > 10 (section company)") })
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.contains("### scrollsim profile home: budget"))
        #expect(text.contains("❌ 4 of 6 checks over their limit"))
        #expect(text.contains("| home 390×844 targeted | sectionProvider | total | 5 | 3 |"), "\(text)")
    }

    @Test("--json carries the failures as fields (run, rule, count, limit, actual) beside the lines; --progress plain writes lines")
    func jsonAndProgress() throws {
        let (run, work) = try profile { _ in ["--json", "--progress", "plain"] }
        defer { Scratch.remove(work) }
        #expect(run.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let verdict = try #require(object["budget"] as? [String: Any])
        #expect(verdict["ok"] as? Bool == false && verdict["checks"] as? Int == 6)
        let failures = try #require(verdict["failures"] as? [[String: Any]])
        #expect(failures.count == 4)
        #expect(failures.contains { $0["run"] as? String == "390×844 uikit" && $0["rule"] as? String == "section company"
            && $0["count"] as? String == "cellProvider" && $0["limit"] as? Int == 10 && $0["actual"] as? Int == 18 })
        #expect(run.stderr.contains("profiling 100%\n"), "\(run.stderr)")
    }
}

@Suite("budgets scoped to a scenario")
struct ScopedBudgetTests {
    static let sweep = ["sweep", "home", "photos", "--local", "--seconds", "5", "--policies", "uikit", "--viewports", "390x844", "--json"]

    func run(_ budget: String) throws -> ProcessRunner.Result {
        let directory = try Scratch.directory("scoped-budget")
        defer { Scratch.remove(directory) }
        let file = directory.appendingPathComponent("budget.json")
        try budget.write(to: file, atomically: true, encoding: .utf8)
        return try scrollsimctl(Self.sweep + ["--budget", file.path])
    }

    @Test("a scenario's own limits apply to its runs only, on top of the limits every run has; a scenario no run has is an error")
    func scoped() throws {
        let result = try run(#"{"total": {"cellProvider": 100000}, "scenarios": {"home": {"total": {"sectionProvider": 1}}}}"#)
        #expect(result.status == 3, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let verdict = try #require(object["budget"] as? [String: Any])
        #expect(verdict["checks"] as? Int == 3, "two runs' total, and home's own: \(verdict)")
        let failures = try #require(verdict["failures"] as? [[String: Any]])
        #expect(failures.count == 1 && failures[0]["rule"] as? String == "total for home", "\(failures)")
        #expect((failures[0]["run"] as? String)?.hasPrefix("home seed 0 ") == true)

        let unknown = try run(#"{"scenarios": {"hom": {"total": {"sectionProvider": 1}}}}"#)
        #expect(unknown.status == 65 && unknown.stderr.contains(#"scenario "hom" matches no run (did you mean "home"?)"#), "\(unknown.stderr)")
    }
}

@Suite("reports and pictures for people")
struct ReportTests {
    @Test("--html FILE: one self-contained page with the runs, the counts over time, the warnings and the budget's verdict, valid HTML")
    func html() throws {
        let work = try Scratch.directory("html-report")
        defer { Scratch.remove(work) }
        let budget = work.appendingPathComponent("budget.json")
        try CIOutputTests.budget.write(to: budget, atomically: true, encoding: .utf8)
        let page = work.appendingPathComponent("report.html")
        let run = try scrollsimctl([
            "profile", "home", "--local", "--viewports", "390x844", "--policies", "uikit,targeted", "--seconds", "5",
            "--budget", budget.path, "--html", page.path,
        ])
        #expect(run.status == 3, "\(run.stderr)")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE html>") && text.contains("<svg") && !text.contains("<?xml"))
        #expect(text.contains("4 of 6 checks over their limit"))
        #expect(text.contains(#"<tr class="over"><td>home 390×844 uikit</td><td>sectionProvider</td><td>total</td>"#), "\(text.prefix(3000))")
        #expect(!text.contains("<script") && !text.contains("src=\"") && !text.contains("href=\""), "nothing outside the file")
        if Python.canImport("html5lib") {
            let parsed = try ProcessRunner.run(
                "python3", ["-c", "import html5lib,sys; html5lib.HTMLParser(strict=True).parse(open(sys.argv[1]).read()); print('valid')", page.path])
            #expect(parsed.stdout.contains("valid"), "\(parsed.stderr)")
        }
    }

    @Test("render --format png (or a .png file): a PNG of the picture's size, drawn by rsvg-convert", .enabled(if: PictureFiles.hasConverter))
    func png() throws {
        let work = try Scratch.directory("png")
        defer { Scratch.remove(work) }
        let file = work.appendingPathComponent("home.png")
        let run = try scrollsimctl(["render", "home", "--local", "--time", "3", "--output", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let png = try Data(contentsOf: file)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(Double(width) - (object["width"] as? Double ?? 0)) <= 1 && abs(Double(height) - (object["height"] as? Double ?? 0)) <= 1,
            "\(width)×\(height) vs \(object)")
        let stdout = try scrollsimctl(["render", "home", "--local", "--time", "3", "--format", "png"])
        #expect(stdout.status == 0 && stdout.stdout.utf8.count > 0)
    }

    @Test("profile --png: the counts-over-time picture as a PNG of the SVG's size, beside --svg", .enabled(if: PictureFiles.hasConverter))
    func profilePNG() throws {
        let work = try Scratch.directory("profile-png")
        defer { Scratch.remove(work) }
        let svg = work.appendingPathComponent("chart.svg")
        let png = work.appendingPathComponent("chart.png")
        let run = try scrollsimctl([
            "profile", "home", "--local", "--seconds", "2", "--viewports", "390x844", "--policies", "uikit",
            "--svg", svg.path, "--png", png.path, "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["png"] as? String == png.path)
        let picture = try Data(contentsOf: png)
        #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let text = try String(contentsOf: svg, encoding: .utf8)
        let size = try #require(text.firstMatch(of: /width="([0-9.]+)" height="([0-9.]+)"/))
        let width = picture[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = picture[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(Double(width) - (Double(size.1) ?? 0)) <= 1 && abs(Double(height) - (Double(size.2) ?? 0)) <= 1, "\(width)×\(height)")
        let misnamed = try scrollsimctl(["profile", "home", "--local", "--png", work.appendingPathComponent("chart.svg").path])
        #expect(misnamed.status == 64 && misnamed.stderr.contains("name the file .png"), "\(misnamed.stderr)")
    }
}

enum PictureFiles {
    static let hasConverter = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

@Suite("a server that trickles")
struct TricklingServerTests {
    /// A server that accepts, then sends one byte of a reply every 0.4 s, forever.
    static let server = """
        import os, socket, sys, time
        s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)
        print("ready", flush=True)
        c, _ = s.accept()
        c.recv(65536)
        while True:
            c.send(b" "); time.sleep(0.4)
        """

    @Test("SCROLLSIM_TIMEOUT bounds the whole reply: a server trickling a byte every 0.4 s is given up on after it, exit 69")
    func wholeReplyTimeout() throws {
        let directory = try Scratch.directory("trickle")
        defer { Scratch.remove(directory) }
        let socket = directory.appendingPathComponent("t.sock").path
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", Self.server, socket]
        let ready = Pipe()
        server.standardOutput = ready
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        _ = ready.fileHandleForReading.availableData  // "ready"
        let tool = try #require(ProcessRunner.builtProduct("scrollsimctl"))
        let started = Date()
        // timeout(1) ends the client if it never gives up, so the test cannot hang.
        let run = try ProcessRunner.run(
            "/usr/bin/timeout", ["20", tool, "status", "--address", "unix:" + socket], environment: ["SCROLLSIM_TIMEOUT": "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 69, "\(run.status): \(run.stderr)")
        #expect(run.stderr.contains("SCROLLSIM_TIMEOUT"), "\(run.stderr)")
        #expect(elapsed < 15, "gave up after \(elapsed) s, not about 2")
    }
}
