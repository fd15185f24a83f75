// swift-tools-version:6.1
import PackageDescription

// The module map, what each module is for and which imports it may make: docs/internals.md
// (RepositoryTests checks it against this file and against every import). The pure core
// (CollectionTypes, CompositionalLayout, DiffableDataSource, CollectionView, ScrollSimulation) uses
// the standard library only: no Foundation, no I/O, no clocks.

/// Release builds of the engine and of the daemon's serving path skip the dynamic exclusivity
/// checks (on class properties and captured variables), a large share of a snapshot build's, a
/// frame's and a GetCounts call's instructions (`scrollsim-bench` measures them). Debug builds,
/// which the tests and the sanitizer runs use, keep every check.
let hotPathReleaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// Products that stand in for Apple's frameworks exist on Linux only: on Apple platforms the real
/// UIKit and Combine stand.
#if os(Linux)
    let appleFrameworkProducts: [Product] = [
        // `import UIKit` unchanged: re-exports ScrollSimUIKit.
        .library(name: "UIKit", targets: ["UIKit"]),
        // `import Combine` unchanged: the part of Combine UI code uses, on the simulator's clock.
        .library(name: "Combine", targets: ["Combine"]),
        // Apple's other modules an app's screen files import, as stand-ins.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .library(name: "ObjectiveC", targets: ["ObjectiveC"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "CoreData", targets: ["CoreData"]),
        .library(name: "SafariServices", targets: ["SafariServices"]),
        .library(name: "GameplayKit", targets: ["GameplayKit"]),
        .library(name: "MessageUI", targets: ["MessageUI"]),
        .library(name: "Network", targets: ["Network"]),
        .library(name: "SharedWithYou", targets: ["SharedWithYou"]),
        // The example app's screen host (docs/screen-hosts.md).
        .executable(name: "scrollsim-example-host", targets: ["scrollsim-example-host"]),
    ]
    let appleFrameworkTargets: [Target] = [
        .target(name: "UIKit", dependencies: ["ScrollSimUIKit", "Combine", "_Testing_UIKit"]),
        // Combine's publishers, subscribers and operators; its schedulers run on the simulator's
        // clock during a simulator call (through VirtualRunLoop, which it re-exports).
        .target(name: "Combine", dependencies: ["VirtualRunLoop", "ObjectiveC"]),
        // The re-exported modules are listed too: a target that only re-exports another is not
        // rebuilt when that one changes, and its dependents would run against stale layouts.
        .testTarget(name: "CombineTests", dependencies: ["Combine", "UIKit", "ScrollSimUIKit", "VirtualRunLoop"]),
        // What the compiler loads when a file imports both Testing and UIKit (the toolchain declares
        // the cross-import); empty on Linux.
        .target(name: "_Testing_UIKit"),
        // `import SwiftUI` in a UIKit app's files: hosting controllers and configurations (opaque,
        // sized by their frame), @AppStorage, views and previews that compile and are never run.
        .target(name: "SwiftUI", dependencies: ["ScrollSimUIKit", "Combine"]),
        // `import CoreData`: managed objects and their IDs, a context over an in-memory store, fetch
        // requests and a fetched-results controller that hands its delegate a diffable snapshot.
        .target(name: "CoreData", dependencies: ["ScrollSimUIKit", "ObjectiveC", "VirtualRunLoop"]),
        // `import SafariServices`: SFSafariViewController, which records the URL it shows.
        .target(name: "SafariServices", dependencies: ["ScrollSimUIKit"]),
        // Smaller frameworks screens import: GameplayKit's state machine, MessageUI's composers,
        // Network's path monitor, Shared with You's highlight centre.
        .target(name: "GameplayKit"),
        .target(name: "MessageUI", dependencies: ["ScrollSimUIKit"]),
        .target(name: "Network"),
        .target(name: "SharedWithYou"),
        // Screens written the way public iOS sample code and tutorials write them, and public apps'
        // layouts and screens copied byte for byte, in Swift 5 language mode (as most app code is),
        // compiled unchanged against the UIKit module.
        .testTarget(
            name: "UIKitCorpusTests",
            dependencies: ["UIKit", "ScrollSimUIKit", "Combine", "VirtualRunLoop", "LayoutLibraries"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Screens written the way production apps write them with Objective-C: @objc, #selector,
        // outlets from nibs, @objc protocols with optional methods, associated objects, a view model
        // that imports Foundation only, os.log. Compiled unchanged through the ScrollSimPrepare plugin
        // (App/, named in scrollsim-prepare.json), with a stand-in for the app's own module beside them.
        .target(
            name: "PreparedApp",
            dependencies: ["UIKit", "ScrollSimUIKit", "Combine", "VirtualRunLoop", "ObjectiveC", "OSLog"],
            path: "Tests/PreparedApp",
            exclude: ["App", "scrollsim-prepare.json"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["ScrollSimPrepare"]
        ),
        // The Apple modules other than UIKit and Combine: ObjectiveC's selectors, associated objects and
        // observers, OSLog, SwiftUI, SafariServices, CoreData.
        .testTarget(
            name: "AppleModulesTests",
            dependencies: [
                "ObjectiveC", "OSLog", "ScrollSimUIKit", "UIKit", "VirtualRunLoop", "SwiftUI", "CoreData", "SafariServices",
                "Combine",
                "GameplayKit", "MessageUI", "Network", "SharedWithYou",
            ]
        ),
        .testTarget(
            name: "PreparedAppTests",
            dependencies: ["PreparedApp", "UIKit", "ScrollSimUIKit", "Combine", "VirtualRunLoop", "ObjectiveC", "OSLog"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // An app of our own with two screens, written as iOS apps are (Swift 5 mode), and the screen
        // host that serves them to scrollsimd: the example docs/screen-hosts.md walks through.
        .target(name: "ExampleApp", dependencies: ["UIKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "scrollsim-example-host", dependencies: ["ExampleApp", "ScrollSimHost", "UIKit"]),
        // Custom layouts of the kinds apps take from libraries (a waterfall, a snapping and a scaling
        // carousel), ours, as their own module in Swift 5 mode, as apps take them from SwiftPM.
        .target(
            name: "LayoutLibraries", dependencies: ["UIKit", "ScrollSimUIKit", "Combine", "VirtualRunLoop"],
            path: "Tests/LayoutLibraries", swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
#else
    let appleFrameworkProducts: [Product] = []
    let appleFrameworkTargets: [Target] = []
#endif

let package = Package(
    name: "scrollsim",
    // Only what the docs tell people to use: the engine's modules are reached through these.
    products: [
        // UIKit's names over the engine: iOS layout and data-source code runs in a Linux test target.
        .library(name: "ScrollSimUIKit", targets: ["ScrollSimUIKit"]),
        // XCTest's measure(metrics:) for counts, with baselines (docs/uikit-swift.md).
        .library(name: "ScrollSimXCTest", targets: ["ScrollSimXCTest"]),
        // A team's screens served live to scrollsimd (docs/screen-hosts.md).
        .library(name: "ScrollSimHost", targets: ["ScrollSimHost"]),
        .executable(name: "scrollsimctl", targets: ["scrollsimctl"]),
        .executable(name: "scrollsim-bench", targets: ["scrollsim-bench"]),
        .executable(name: "scrollsimd", targets: ["scrollsimd"]),
        .executable(name: "scrollsim-prepare", targets: ["scrollsim-prepare"]),
        // Compiles an app's Swift files unchanged on Linux (docs/uikit-swift.md).
        .plugin(name: "ScrollSimPrepare", targets: ["ScrollSimPrepare"]),
    ] + appleFrameworkProducts,
    targets: [
        // ItemPath, the value type the layout and the data source share.
        .target(name: "CollectionTypes"),
        .target(
            name: "DiffableDataSource",
            dependencies: ["CollectionTypes"],
            // Its generic snapshot code specialised in the modules that use it (the engine's
            // String/Int identifiers): unspecialised, an edit spends most of its time in
            // value-witness calls.
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])] + hotPathReleaseSettings
        ),
        .target(
            name: "CompositionalLayout",
            dependencies: ["CollectionTypes"],
            swiftSettings: hotPathReleaseSettings,
            // `Double.rounded` lowers to libm's floor/ceil/round; without Foundation nothing else links it.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(
            name: "CollectionView",
            dependencies: ["CompositionalLayout", "DiffableDataSource"],
            // Its generic engine specialised in the modules that use it (ScrollSimUIKit's
            // identifiers): unspecialised, an apply's diff went through value witnesses per item.
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])] + hotPathReleaseSettings
        ),
        // libm's log/exp/pow for the physics, without Glibc or Foundation in the pure core.
        .systemLibrary(name: "CMath"),
        .target(
            name: "ScrollSimulation",
            dependencies: ["CollectionView", "CMath"],
            swiftSettings: hotPathReleaseSettings
        ),
        // The app's asynchronous code on a simulator's virtual clock: dispatch queues, Swift
        // concurrency (through the runtime's hooks), sleeps, timers, URL loads. An edge: it
        // re-exports Foundation, as UIKit does.
        .target(name: "VirtualRunLoop", dependencies: ["CRuntimeHooks"]),
        // What Linux lacks of the Objective-C runtime, for app code: selectors that carry their
        // method (what `#selector` becomes through scrollsim-prepare), associated objects,
        // selector-based notification observers.
        .target(name: "ObjectiveC", dependencies: ["VirtualRunLoop"]),
        // `import OSLog` (and `os.log` through scrollsim-prepare): Logger and os_log, to the
        // simulator's event log.
        .target(name: "OSLog", dependencies: ["VirtualRunLoop"]),
        // The concurrency runtime's hooks, in C: they have the Swift calling convention, which
        // the optimiser cannot yet lower for thin Swift closures.
        .target(name: "CRuntimeHooks"),
        // UIKit's names (NSCollectionLayout*, UICollectionView, diffable data source, cells) over the
        // engine, plus a simulator that scrolls them in virtual time. An edge: it re-exports
        // Foundation (through VirtualRunLoop), as UIKit does, for CGRect, IndexPath and friends.
        .target(
            name: "ScrollSimUIKit",
            dependencies: [
                "CollectionTypes", "CompositionalLayout", "DiffableDataSource", "CollectionView", "ScrollSimulation",
                "VirtualRunLoop", "ObjectiveC", "LayoutRender", "JSONModel", "Spelling",
            ]
        ),
        // Counts as XCTest performance metrics: its own module, so only test targets link XCTest.
        .target(name: "ScrollSimXCTest", dependencies: ["ScrollSimUIKit", "JSONModel"]),
        // libsystemd (sd-daemon, sd-event, sd-journal) and its thin Swift wrappers; no raw pointers
        // leave the Systemd module.
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(
            name: "Systemd",
            dependencies: ["CSystemd", "Posix"],
            swiftSettings: hotPathReleaseSettings
        ),
        // Test helpers: the Python reference tools (jsonschema, PyPI varlink), golden files, the
        // seeded generator of generated inputs.
        .target(name: "TestSupport", dependencies: ["ScrollSimulation", "Posix"]),
        // The seed screens' sections, shared by the tests of every layer and the benchmarks.
        .target(
            name: "SeedScreens",
            dependencies: ["CompositionalLayout"]
        ),
        // The JSON value model shared by the edges (scenario files, Varlink messages).
        .target(name: "JSONModel", swiftSettings: hotPathReleaseSettings),
        .target(
            name: "Scenario",
            dependencies: ["JSONModel", "CompositionalLayout", "CollectionView", "ScrollSimulation", "Spelling"]
        ),
        // The io.scrollsim.Simulator interface: simulations and method dispatch, no I/O. The IDL
        // file is embedded in the code and served verbatim.
        .target(
            name: "ScrollSimService",
            dependencies: ["Varlink", "Scenario", "ScrollSimulation", "CollectionView", "CompositionalLayout"],
            resources: [.embedInCode("io.scrollsim.Simulator.varlink")],
            swiftSettings: hotPathReleaseSettings
        ),
        // SVG pictures of a layout, its viewports and the event timeline (pure: values in, text out).
        .target(name: "LayoutRender", dependencies: ["JSONModel", "ScrollSimulation"]),
        // Scenario files on disk: a catalog's directory, a scenario file and its data file.
        .target(name: "ScenarioFiles", dependencies: ["Scenario", "JSONModel"]),
        // Config/scenarios compiled into the binaries (through a symlink), so they run with no files.
        .target(
            name: "ShippedScenarios",
            resources: [.embedInCode("scenarios")]
        ),
        // The daemon: event loop, listener, connections, configuration and reload, persistence,
        // logging. The only module besides Systemd that talks to the operating system.
        .target(
            name: "ScrollSimDaemon",
            dependencies: [
                "VarlinkClient",
                "ScrollSimService", "Varlink", "Systemd", "Scenario", "ScenarioFiles", "ShippedScenarios", "JSONModel", "Posix",
                "Roff", "CommandLineSpec", "Spelling",
            ],
            swiftSettings: hotPathReleaseSettings
        ),
        // Serves a team's own screens to scrollsimd from a small executable of theirs
        // (docs/screen-hosts.md): the io.scrollsim.ScreenHost side of the daemon's socketpair.
        .target(
            name: "ScrollSimHost",
            dependencies: [
                "ScrollSimUIKit", "ScrollSimService", "Scenario", "ScrollSimulation", "CompositionalLayout", "CollectionView",
                "Varlink",
                "JSONModel", "Posix",
            ]
        ),
        .executableTarget(
            name: "scrollsimd",
            dependencies: ["ScrollSimDaemon", "ScrollSimService"]
        ),
        // The Varlink wire protocol: framing, calls, replies, errors, interface descriptions, and a
        // small blocking client.
        .target(
            name: "Varlink",
            dependencies: ["JSONModel"],
            // Its framing generics specialised in the daemon (unspecialised, appending a read's
            // bytes went through the standard library's generic path on every call).
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])] + hotPathReleaseSettings
        ),
        // The blocking Varlink client over a Unix socket (scrollsimctl, the daemon's side of a screen
        // host's socketpair, the tests): I/O, so at the edge, beside the sockets it reads.
        .target(name: "VarlinkClient", dependencies: ["Varlink", "JSONModel", "Posix"]),
        // Thin wrappers over the POSIX calls for AF_UNIX sockets and the monotonic clock (EINTR
        // retried in one place, errno typed), for the daemon, the client, the Varlink client and the bench.
        .target(name: "Posix"),
        .target(name: "Roff"),
        // The nearest known name to a misspelt one: "did you mean" in scenario errors and on
        // command lines.
        .target(name: "Spelling"),
        // Both programs' command lines: the options each takes, one parser, usage errors.
        .target(name: "CommandLineSpec", dependencies: ["Spelling"]),
        .executableTarget(
            name: "scrollsimctl",
            // scrollsimd is listed so `swift run scrollsimctl live --start-daemon` builds the daemon it starts.
            dependencies: [
                "VarlinkClient",
                "Scenario", "ScenarioFiles", "CompositionalLayout", "CollectionView", "ScrollSimulation", "Varlink", "JSONModel",
                "ScrollSimService",
                "ShippedScenarios", "LayoutRender", "Posix", "Roff", "CommandLineSpec", "Spelling", "scrollsimd",
            ]
        ),
        // libFuzzer targets (Fuzz/run.sh builds them with -sanitize=fuzzer,address); a plain
        // build replays inputs through them.
        .executableTarget(
            name: "scrollsim-fuzz",
            dependencies: ["Varlink", "JSONModel", "Scenario", "ScrollSimService", "ShippedScenarios", "CompositionalLayout"]
        ),
        // An iOS app's Swift files made compilable on Linux without editing them: Objective-C
        // attributes, #selector, outlets (pure: text in, text out).
        .target(name: "SourceTranslation"),
        .executableTarget(name: "scrollsim-prepare", dependencies: ["SourceTranslation"]),
        // Runs scrollsim-prepare on the app files a target names, during the build.
        .plugin(
            name: "ScrollSimPrepare", capability: .buildTool(), dependencies: ["scrollsim-prepare"],
            path: "Sources/Tools/ScrollSimPrepare"),
        .executableTarget(
            name: "scrollsim-bench",
            dependencies: [
                "VarlinkClient",
                "CompositionalLayout", "DiffableDataSource", "CollectionView", "ScrollSimulation", "Scenario", "SeedScreens",
                "ShippedScenarios", "ScrollSimUIKit", "Posix", "Varlink", "JSONModel", "TestSupport",
                // The example app's screen host, which `scrollsim-bench screens` starts through scrollsimd.
                .target(name: "scrollsim-example-host", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]
        ),
        .testTarget(
            name: "CompositionalLayoutTests",
            dependencies: ["CompositionalLayout", "SeedScreens", "TestSupport"]
        ),
        .testTarget(
            name: "DiffableDataSourceTests",
            dependencies: ["DiffableDataSource", "TestSupport"]
        ),
        .testTarget(
            name: "CollectionViewTests",
            dependencies: ["CollectionView", "SeedScreens", "TestSupport"]
        ),
        .testTarget(
            name: "ScrollSimulationTests",
            dependencies: ["ScrollSimulation", "SeedScreens"]
        ),
        .testTarget(
            name: "ScrollSimUIKitTests",
            // ScrollSimulation and SeedScreens only for the oracle test that runs the daemon's engine;
            // UIKit for the docs' example, which imports it as app code does.
            dependencies: [
                "ScrollSimUIKit", "ScrollSimXCTest", "UIKit", "ScrollSimulation", "SeedScreens", "CompositionalLayout",
                "TestSupport",
            ],
            exclude: ["Golden", "UIKitBehaviour/__CountBaselines__"]
        ),
        .testTarget(
            name: "LayoutRenderTests",
            dependencies: ["LayoutRender", "ScrollSimulation", "JSONModel"]
        ),
        .testTarget(
            name: "JSONModelTests",
            dependencies: ["JSONModel"]
        ),
        .testTarget(
            name: "VarlinkTests",
            dependencies: ["VarlinkClient", "Varlink", "Posix", "TestSupport"]
        ),
        .testTarget(
            name: "ScrollSimServiceTests",
            dependencies: [
                "ScrollSimService", "Varlink", "Scenario", "ScenarioFiles", "ShippedScenarios", "CollectionView",
                "ScrollSimulation", "TestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            // Starts the built scrollsimd as a process; depending on it makes `swift test` build it.
            name: "ScrollSimDaemonTests",
            dependencies: [
                "VarlinkClient",
                "ScrollSimDaemon", "scrollsimd", "scrollsim-fuzz", "ScrollSimService", "ShippedScenarios", "Varlink", "JSONModel",
                "Posix", "CommandLineSpec",
                "TestSupport",
                // The example app's screen host, and the app itself to run its screens in process.
                .target(name: "scrollsim-example-host", condition: .when(platforms: [.linux])),
                .target(name: "ExampleApp", condition: .when(platforms: [.linux])),
                .target(name: "ScrollSimUIKit", condition: .when(platforms: [.linux])),
                "CollectionView",
            ],
            // Python scripts the tests run against the built daemon (PyPI varlink as the client).
            exclude: ["Integration"]
        ),
        .testTarget(
            name: "SystemdTests",
            dependencies: ["Systemd"]
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "Scenario", "ScenarioFiles", "CompositionalLayout", "ScrollSimulation", "CollectionView", "TestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            // Runs the built scrollsimctl as a process; depending on it makes `swift test` build it.
            name: "ScrollSimCtlTests",
            dependencies: ["scrollsimctl", "TestSupport", "LayoutRender", "CollectionView"],
            // Checks rendered pictures with an XML parser and rsvg-convert.
            exclude: ["render_check.py", "Golden"]
        ),
        .testTarget(
            name: "SourceTranslationTests",
            dependencies: ["SourceTranslation"]
        ),
        .testTarget(
            // Checks on the repository itself: the module map in docs/ against Package.swift and
            // every import.
            name: "RepositoryTests",
            dependencies: ["TestSupport"]
        ),
    ] + appleFrameworkTargets
)

/// The folders show the architecture: each module lives in `Sources/<layer>/<module>`, the layers
/// from the inside out (docs/internals.md, "Module map"). Test targets keep `Tests/<target>`.
let layers: [(folder: String, modules: [String])] = [
    // The pure engine: layout, data source, collection view, virtual-time simulation.
    ("Core", ["CollectionTypes", "CompositionalLayout", "DiffableDataSource", "CollectionView", "CMath", "ScrollSimulation"]),
    // Values shared by the service and the tools: JSON, scenarios, pictures, manual pages.
    (
        "Model",
        [
            "JSONModel", "Scenario", "ShippedScenarios", "LayoutRender", "Roff", "Spelling", "CommandLineSpec",
            "SourceTranslation",
        ]
    ),
    // UIKit's and Combine's names over the engine, and the app's asynchronous code on its clock.
    (
        "Facade",
        [
            "CRuntimeHooks", "VirtualRunLoop", "ObjectiveC", "OSLog", "SwiftUI", "CoreData", "SafariServices", "GameplayKit",
            "MessageUI", "Network", "SharedWithYou", "ScrollSimUIKit", "ScrollSimXCTest", "UIKit", "Combine", "_Testing_UIKit",
        ]
    ),
    // The protocol and the service behind it: no I/O.
    ("Service", ["Varlink", "ScrollSimService"]),
    // Where the programs meet the system: sockets, files, clocks, systemd, the daemon.
    ("Edges", ["Posix", "CSystemd", "Systemd", "ScenarioFiles", "VarlinkClient", "ScrollSimDaemon", "ScrollSimHost"]),
    // For tests and benchmarks only: the seed screens' data, processes, golden files, reference tools.
    ("Testing", ["TestSupport", "SeedScreens"]),
    // An example app and its screen host.
    ("Examples", ["ExampleApp", "scrollsim-example-host"]),
    // The programs.
    ("Tools", ["scrollsimd", "scrollsimctl", "scrollsim-bench", "scrollsim-fuzz", "scrollsim-prepare"]),
]
for target in package.targets where target.type != .test && target.type != .plugin {
    guard let layer = layers.first(where: { $0.modules.contains(target.name) }) else { continue }
    target.path = "Sources/\(layer.folder)/\(target.name)"
}
