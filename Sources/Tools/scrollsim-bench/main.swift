// scrollsim-bench: prints figures and ratios measured in one run (the machines are noisy, so
// compare numbers from the same process). `scrollsim-bench layout`, or no argument for every
// benchmark; `--help` lists them.
#if canImport(Glibc)
    import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "diff-stdlib" {
    // The child process of the diff benchmark's standard-library comparison.
    DiffBenchmark.stdlibChild(Array(arguments.dropFirst()))
    exit(0)
}

/// A benchmark: what it measures; profiling loops run only when named.
struct Benchmark {
    let name: String
    let summary: String
    let profiling: Bool
    let run: () -> Void
}

let benchmarks = [
    Benchmark(
        name: "layout", summary: "one layout pass and one viewport query, 10^3 to 10^6 items", profiling: false,
        run: LayoutBenchmark.run),
    Benchmark(
        name: "diff", summary: "Snapshot.changeset(to:) against the standard library's difference(from:), 10^4 to 10^6",
        profiling: false, run: DiffBenchmark.run),
    Benchmark(
        name: "apply", summary: "one infinite-append step (+5 / -5 items, apply) at 10^3 to 10^6 items; snapshot builds",
        profiling: false, run: ApplyBenchmark.run),
    Benchmark(
        name: "simulate", summary: "simulated frames per second on the home screen", profiling: false, run: SimulateBenchmark.run),
    Benchmark(
        name: "many", summary: "a frame's cost with 1 to 5,000 simulations sharing one thread, in process", profiling: false,
        run: ManyBenchmark.run),
    Benchmark(
        name: "daemon", summary: "scrollsimd: GetCounts calls/s and latency against an echo anchor", profiling: false,
        run: DaemonBenchmark.run),
    Benchmark(
        name: "live", summary: "scrollsimd: 100 to 5,000 live viewports against real time, CPU and memory (about 6 minutes)",
        profiling: false,
        run: DaemonBenchmark.live),
    Benchmark(
        name: "screens", summary: "scrollsimd: live viewports of a screen host's screen; GetCounts on a screen simulation",
        profiling: false, run: ScreenHostBenchmark.run),
    Benchmark(
        name: "uikit", summary: "ScrollSimUIKit's frames and applies next to the engine's", profiling: false,
        run: { MainActor.assumeIsolated { UIKitBenchmark.run() } }),
    Benchmark(
        name: "facade", summary: "ScrollSimUIKit's snapshot builds and append steps next to the engine's", profiling: false,
        run: { MainActor.assumeIsolated { FacadeBenchmark.run() } }),
    Benchmark(
        name: "flow",
        summary:
            "UICollectionViewFlowLayout and flow scenarios: viewport queries 10^3 to 10^6, delegate-sized invalidations",
        profiling: false,
        run: {
            MainActor.assumeIsolated { FlowBenchmark.run() }
            FlowScenarioBenchmark.run()
        }),
    Benchmark(
        name: "fitting", summary: "self-sizing cells measured through their constraints: one fitting, one estimated screen",
        profiling: false, run: { MainActor.assumeIsolated { FittingBenchmark.run() } }),
    Benchmark(
        name: "custom", summary: "a layout of the app's own: one preparation at 10^3 to 10^5 items next to the app's own work",
        profiling: false, run: { MainActor.assumeIsolated { CustomLayoutBenchmark.run() } }),
    // One case in a loop for about five seconds, for a profiler:
    // perf record -g .build/release/scrollsim-bench diff-profile
    Benchmark(name: "diff-profile", summary: "the mixed Int 10^5 diff in a loop", profiling: true, run: DiffBenchmark.profile),
    Benchmark(
        name: "apply-profile", summary: "appends, then deletes, at 10^6 in a loop", profiling: true,
        run: { ApplyBenchmark.profile(n: 1_000_000) }),
    Benchmark(
        name: "apply-profile-small", summary: "the same at 10^3 (the apply goal's other end)", profiling: true,
        run: { ApplyBenchmark.profile(n: 1_000) }),
    Benchmark(
        name: "build-profile", summary: "snapshots of 10^5 items built in a loop", profiling: true,
        run: ApplyBenchmark.buildProfile),
    Benchmark(
        name: "simulate-profile", summary: "the home screen's frames in a loop", profiling: true, run: SimulateBenchmark.profile),
    Benchmark(
        name: "many-profile", summary: "1,000 home simulations' frames in turn, in a loop", profiling: true,
        run: ManyBenchmark.profile),
    Benchmark(
        name: "live-load", summary: "1,000 and 5,000 live viewports while 8 clients poll one", profiling: true,
        run: DaemonBenchmark.liveUnderLoad),
    Benchmark(
        name: "facade-build-profile", summary: "NSDiffableDataSourceSnapshot<Int, Int> builds of 10^5 in a loop", profiling: true,
        run: { MainActor.assumeIsolated { for _ in 0..<20 { _ = FacadeBenchmark.facadeBuild(Array(0..<100_000)) } } }),
    Benchmark(
        name: "facade-step-profile", summary: "ScrollSimUIKit's +5-item steps at 10^3 in a loop", profiling: true,
        run: { MainActor.assumeIsolated { for _ in 0..<5 { _ = FacadeBenchmark.facadeStep(n: 1_000) } } }),
    Benchmark(
        name: "uikit-frame-profile", summary: "ScrollSimUIKit's frames of the home screen in a loop", profiling: true,
        run: { MainActor.assumeIsolated { for _ in 0..<5 { _ = UIKitBenchmark.frameCost(cycles: 100) } } }),
    Benchmark(
        name: "uikit-apply-profile", summary: "ScrollSimUIKit applies in a loop", profiling: true,
        run: { MainActor.assumeIsolated { UIKitBenchmark.applyProfile() } }),
]

if arguments.contains("--help") || arguments.contains("-h") {
    print(
        "usage: scrollsim-bench [BENCHMARK...]   (build with -c release; no argument: every benchmark but the profiling loops)\n")
    for benchmark in benchmarks {
        print("  " + benchmark.name.padding(toLength: 20, withPad: " ", startingAt: 0) + benchmark.summary)
    }
    exit(0)
}
let selected = arguments.isEmpty ? benchmarks.filter { !$0.profiling }.map(\.name) : arguments
for name in selected {
    guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
        print("unknown benchmark '\(name)'; `scrollsim-bench --help` lists them")
        exit(64)
    }
    benchmark.run()
}
