import Foundation
import ScrollSimDaemon
import ScrollSimService

// Synchronous on purpose: an async main would leave SIGTERM unblocked on a parked thread and the
// process would die instead of draining (docs/internals.md S4). The event loop blocks the
// signals it handles itself (SD_EVENT_SIGNAL_PROCMASK) before any other thread exists.
Daemon.blockSignals()
let environment = ProcessInfo.processInfo.environment
func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data("<3>scrollsimd: \(message)\n".utf8))
    exit(status)
}

let options: DaemonOptions
do {
    options = try DaemonOptions(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    fail("\(error)\n\(DaemonOptions.usage)", 64)
}
if options.showHelp {
    print(DaemonOptions.usage)
    exit(0)
}
if options.showManual {
    print(DaemonOptions.manualPage().roff, terminator: "")
    exit(0)
}
if options.showVersion {
    print("scrollsimd \(ScrollSimVersion.current)")
    exit(0)
}
if options.checkConfiguration || options.printConfiguration {
    do {
        // A file named with --config must be there: checking the defaults instead says nothing.
        if options.configurationGiven && options.checkConfiguration
            && !FileManager.default.fileExists(atPath: options.configurationPath)
        {
            fail("\(options.configurationPath): no such configuration file", 78)
        }
        let configuration = try ConfigurationLoader(path: options.configurationPath).load()
        if options.checkConfiguration { try configuration.checkUsable() }
        if options.printConfiguration { print(configuration.iniText(), terminator: "") }
        exit(0)
    } catch {
        fail("\(error)", 78)  // EX_CONFIG
    }
}
do {
    let daemon = try Daemon(options: options, environment: environment)
    let status = try daemon.run()
    // An ephemeral daemon's state is its client's alone: nothing to resume after it.
    if options.ephemeral, let directory = options.stateDirectory { try? FileManager.default.removeItem(atPath: directory) }
    exit(status)
} catch let error as ConfigurationError {
    fail("configuration: \(error)", 78)
} catch let error as StateDirectoryInUse {
    fail("\(error)", 75)  // EX_TEMPFAIL: it can start once the other one stops
} catch {
    fail("\(error)", 1)
}
