import CommandLineSpec
import CompositionalLayout
import Foundation
import JSONModel
import ScrollSimService

/// `scrollsimctl sweep SCENARIO...`: a CI matrix — every scenario × seed × viewport × policy —
/// profiled run by run. `--shard K/N` runs every N-th combination from the K-th, so N matrix jobs
/// (a CI engine's, or Kubernetes Indexed Jobs: `--shard $((JOB_COMPLETION_INDEX + 1))/N`) split
/// it; `scrollsimctl merge` combines their JSON into one report and one budget verdict, the same
/// as the unsharded sweep's.
enum SweepCommand {
    /// The whole matrix, in the order its runs are numbered.
    struct Matrix: Equatable {
        var scenarios: [String]
        var seeds: [Int]
        var viewports: [(width: Double, height: Double)]
        var policies: [String]
        var seconds: Double

        static func == (lhs: Matrix, rhs: Matrix) -> Bool { lhs.json == rhs.json }

        var count: Int { scenarios.count * seeds.count * viewports.count * policies.count }

        /// Run `index`'s coordinates: scenario, then seed, viewport, policy.
        func run(_ index: Int) -> (scenario: String, seed: Int, viewport: (width: Double, height: Double), policy: String) {
            var rest = index
            let policy = policies[rest % policies.count]
            rest /= policies.count
            let viewport = viewports[rest % viewports.count]
            rest /= viewports.count
            let seed = seeds[rest % seeds.count]
            rest /= seeds.count
            return (scenarios[rest], seed, viewport, policy)
        }

        var json: JSONValue {
            .object([
                "scenarios": .array(scenarios.map(JSONValue.string)), "seeds": .array(seeds.map { .number(Double($0)) }),
                "viewports": .array(viewports.map { .object(["width": .number($0.width), "height": .number($0.height)]) }),
                "policies": .array(policies.map(JSONValue.string)), "seconds": .number(seconds), "runs": .number(Double(count)),
            ])
        }

        init(scenarios: [String], seeds: [Int], viewports: [(width: Double, height: Double)], policies: [String], seconds: Double)
        {
            self.scenarios = scenarios
            self.seeds = seeds
            self.viewports = viewports
            self.policies = policies
            self.seconds = seconds
        }

        init?(_ value: JSONValue?) {
            guard let fields = value?.objectValue,
                let scenarios = fields["scenarios"]?.arrayValue?.compactMap(\.stringValue),
                let seeds = fields["seeds"]?.arrayValue?.compactMap(\.integerValue),
                let viewports = fields["viewports"]?.arrayValue?.compactMap({ v -> (width: Double, height: Double)? in
                    guard let w = v.objectValue?["width"]?.numberValue, let h = v.objectValue?["height"]?.numberValue else {
                        return nil
                    }
                    return (w, h)
                }),
                let policies = fields["policies"]?.arrayValue?.compactMap(\.stringValue),
                let seconds = fields["seconds"]?.numberValue
            else { return nil }
            self.init(
                scenarios: scenarios, seeds: seeds, viewports: viewports, policies: policies, seconds: seconds)
        }
    }

    /// `K/N` (checked when the command line was read): the K-th of N shards, 1-based.
    static func shard(_ text: String) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if let path = arguments.options["html"] { try OutputFile.check(path, format: "html", option: "html") }
        let budget = try arguments.options["budget"].map { path throws(BudgetError) in try Budget.load(path) }
        let viewports =
            arguments.options["viewports"].map { $0.split(separator: ",").compactMap { Arguments.viewport(String($0)) } }
            ?? [(375, 667), (390, 844), (430, 932)]
        let seeds = (arguments.options["seeds"] ?? "0").split(separator: ",").compactMap { Int($0) }
        let matrix = Matrix(
            scenarios: arguments.positional, seeds: seeds, viewports: viewports,
            policies: arguments.options["policies"].map { $0.split(separator: ",").map(String.init) } ?? [
                "uikit", "uikit14", "targeted",
            ],
            seconds: arguments.number("seconds") ?? CommandSpec.defaultSeconds)
        let (k, n) = arguments.options["shard"].map(shard) ?? (1, 1)
        let indices = Array(stride(from: k - 1, to: matrix.count, by: n))
        let backend = try Backends.make(arguments)
        let json = arguments.flags.contains("json")
        let progress = ProgressBar(label: "sweeping", json: json, mode: arguments.options["progress"])
        var runs: [JSONValue] = []
        for (done, index) in indices.enumerated() {
            let run = matrix.run(index)
            var parameters = try Backends.runParameters(run.scenario, arguments)
            parameters["seconds"] = .number(matrix.seconds)
            parameters["seed"] = .number(Double(run.seed))
            parameters["policies"] = .array([.string(run.policy)])
            parameters["viewports"] = .array([
                .object(["width": .number(run.viewport.width), "height": .number(run.viewport.height)])
            ])
            let reply = try backend.profile(parameters) { progress.update((Double(done) + $0) / Double(indices.count)) }
            guard case .object(var fields)? = reply["runs"]?.arrayValue?.first else {
                throw ClientError.protocolError("Profile answered no run for \(run.scenario)")
            }
            fields["index"] = .number(Double(index))
            fields["scenario"] = .string(run.scenario)
            fields["seed"] = .number(Double(run.seed))
            runs.append(.object(fields))
        }
        progress.finish()
        return try report(
            matrix: matrix, runs: runs, shard: n > 1 ? (k, n) : nil, budget: budget, budgetPath: arguments.options["budget"],
            arguments: arguments, title: n > 1 ? "sweep shard \(k)/\(n)" : "sweep")
    }

    /// One row per run: its coordinates and the counts a sweep compares.
    static func table(runs: [JSONValue], profileRuns: [ProfileRun]) -> TextTable {
        // A flow layout's delegate calls, shown when a run made any (FL5); "per append" is then
        // the run's own measure: section-provider calls, or sizeForItemAt calls for a flow.
        let flow = profileRuns.contains { $0.count("sizeForItem") > 0 }
        var table = TextTable(
            ["scenario", "seed", "viewport", "policy", "layout passes", "section provider"]
                + (flow ? ["sizeForItemAt"] : []) + ["per append", "cell provider", "appends"])
        for (fields, run) in zip(runs.compactMap(\.objectValue), profileRuns) {
            let perAppend = run.count("sizeForItem") > 0 ? run.sizeForItemPerAppend : run.sectionProviderPerAppend
            table.add(
                [
                    fields["scenario"]?.stringValue ?? "?", String((fields["seed"]?.integerValue ?? 0)), run.viewport,
                    run.policy, String(run.count("layoutPasses")), String(run.count("sectionProvider")),
                ] + (flow ? [String(run.count("sizeForItem"))] : [])
                    + [
                        perAppend.map { String(format: "%.1f", $0) } ?? "–", String(run.count("cellProvider")),
                        String(run.count("dataRequestsCompleted")),
                    ])
        }
        return table
    }

    /// The table of runs and the budget's verdict (exit 3 when a count is over); for a shard, its
    /// runs only.
    static func report(
        matrix: Matrix, runs: [JSONValue], shard: (Int, Int)?, budget: Budget?, budgetPath: String?, arguments: Arguments,
        title: String
    ) throws -> ExitStatus {
        let json = arguments.flags.contains("json")
        let profileRuns = try runs.enumerated().map { index, value in
            var run = ProfileRun(try decodedReply { () throws(ReplyError) in try ProfileRunReply(json: value, index: index) })
            let fields = value.objectValue ?? [:]
            run.prefix = "\(fields["scenario"]?.stringValue ?? "?") seed \((fields["seed"]?.integerValue ?? 0)) "
            run.scenario = fields["scenario"]?.stringValue ?? "?"
            return run
        }
        let checks = try budget?.verdict(profileRuns, path: budgetPath ?? "") ?? []
        let violations = checks.filter { !$0.passed }.map(\.violation)
        if json {
            var object: [String: JSONValue] = ["matrix": matrix.json, "runs": .array(runs)]
            if let (k, n) = shard { object["shard"] = .object(["index": .number(Double(k)), "count": .number(Double(n))]) }
            if budget != nil { object["budget"] = BudgetReport.json(checks) }
            try CommandLineTool.printJSON(.object(object))
        } else {
            print(
                "sweep · \(matrix.count) runs (\(matrix.scenarios.count) scenarios × \(matrix.seeds.count) seeds × \(matrix.viewports.count) viewports × \(matrix.policies.count) policies) · \(formatPoints(matrix.seconds)) s of virtual time"
                    + (shard.map { " · shard \($0.0)/\($0.1): \(runs.count) runs" } ?? ""))
            print("")
            print(table(runs: runs, profileRuns: profileRuns).render())
            if budget != nil { Budget.printVerdict(violations) }
        }
        if let path = arguments.options["html"] {
            let page = HTMLReport.page(
                title: "scrollsim \(title)",
                subtitle:
                    "\(runs.count) runs (\(matrix.scenarios.joined(separator: ", ")) × seeds \(matrix.seeds.map(String.init).joined(separator: ", "))) · \(formatPoints(matrix.seconds)) s of virtual time",
                tables: [("Runs", table(runs: runs, profileRuns: profileRuns))],
                warnings: profileRuns.flatMap { run in run.warnings.map { "\(run.label): \($0)" } },
                checks: budget == nil ? nil : checks, budget: budgetPath)
            try OutputFile.write(Data(page.utf8), to: path)
            if !json { CommandLineTool.writeError("scrollsimctl: wrote the report to \(path)") }
        }
        if let budgetPath { try BudgetReport.write(checks, budget: budgetPath, title: title, arguments: arguments) }
        return violations.isEmpty ? .success : .budgetExceeded
    }
}

/// `scrollsimctl merge FILE...`: the JSON of a sweep's shards, combined into the unsharded
/// sweep's report and budget verdict. The shards must be of one matrix and cover each run once.
enum MergeCommand {
    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if let path = arguments.options["html"] { try OutputFile.check(path, format: "html", option: "html") }
        let budget = try arguments.options["budget"].map { path throws(BudgetError) in try Budget.load(path) }
        var matrix: SweepCommand.Matrix?
        var runs: [Int: JSONValue] = [:]
        var shards: Set<Int> = []
        var shardCount: Int?
        for path in arguments.positional {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BudgetError("\(path): cannot be read", kind: .unreadable)
            }
            let value: JSONValue
            switch JSONValue.parse(data) {
            case .success(let parsed): value = parsed
            case .failure(let error): throw BudgetError("\(path): not a sweep's JSON (\(error))")
            }
            guard let fields = value.objectValue, let own = SweepCommand.Matrix(fields["matrix"]) else {
                throw BudgetError("\(path): not a sweep's JSON (`scrollsimctl sweep … --json`)")
            }
            if let matrix, matrix != own { throw BudgetError("\(path): a shard of another matrix than the files before it") }
            matrix = own
            if let shard = fields["shard"]?.objectValue, let k = shard["index"]?.integerValue,
                let n = shard["count"]?.integerValue
            {
                if let shardCount, shardCount != n {
                    throw BudgetError("\(path): shard \(k)/\(n), but earlier files are shards of \(shardCount)")
                }
                shardCount = n
                guard shards.insert(k).inserted else { throw BudgetError("\(path): shard \(k)/\(n) given twice") }
            }
            for run in fields["runs"]?.arrayValue ?? [] {
                guard let index = run.objectValue?["index"]?.integerValue else { continue }
                guard runs[index] == nil else { throw BudgetError("\(path): run \(index) is in two files") }
                do throws(ReplyError) {
                    _ = try ProfileRunReply(json: run, index: index)
                } catch {
                    throw BudgetError("\(path): not a sweep's run: \(error)")
                }
                runs[index] = run
            }
        }
        guard let matrix else { throw UsageError("merge needs the JSON of at least one shard", command: "merge") }
        let missing = (0..<matrix.count).filter { runs[$0] == nil }
        guard missing.isEmpty else {
            let shardsMissing = shardCount.map { n in (1...n).filter { !shards.contains($0) }.map { "\($0)/\(n)" } } ?? []
            throw BudgetError(
                "\(missing.count) of the matrix's \(matrix.count) runs are in no file"
                    + (shardsMissing.isEmpty ? "" : " (missing shards: \(shardsMissing.joined(separator: ", ")))"))
        }
        return try SweepCommand.report(
            matrix: matrix, runs: (0..<matrix.count).map { runs[$0]! }, shard: nil, budget: budget,
            budgetPath: arguments.options["budget"], arguments: arguments, title: "merge")
    }
}
