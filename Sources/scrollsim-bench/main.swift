// scrollsim-bench: prints figures and ratios measured in one run (the machines are noisy, so
// compare numbers from the same process). `scrollsim-bench layout`, or no argument for all.
#if canImport(Glibc)
    import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "diff-stdlib" {
    // The child process of the diff benchmark's standard-library comparison.
    DiffBenchmark.stdlibChild(Array(arguments.dropFirst()))
    exit(0)
}
let suites: [String: () -> Void] = [
    "layout": LayoutBenchmark.run, "diff": DiffBenchmark.run, "apply": ApplyBenchmark.run, "simulate": SimulateBenchmark.run,
    "daemon": DaemonBenchmark.run,
    "uikit": { MainActor.assumeIsolated { UIKitBenchmark.run() } },
    // One case in a loop, for a profiler (perf record -g .build/release/scrollsim-bench diff-profile).
    // (`diff-stdlib` is internal: the child process of the diff benchmark.)
    "diff-profile": DiffBenchmark.profile, "apply-profile": ApplyBenchmark.profile, "build-profile": ApplyBenchmark.buildProfile,
    "simulate-profile": SimulateBenchmark.profile,
    "uikit-apply-profile": { MainActor.assumeIsolated { UIKitBenchmark.applyProfile() } },
]
let selected = arguments.isEmpty ? suites.keys.sorted() : arguments
for name in selected {
    guard let run = suites[name] else {
        print("unknown benchmark '\(name)'; available: \(suites.keys.sorted().joined(separator: ", "))")
        exit(64)
    }
    run()
}
