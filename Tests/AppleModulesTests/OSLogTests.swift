import OSLog
import ScrollSimUIKit
import Testing

@Suite("OSLog: Logger and os_log to the event log")
@MainActor
struct OSLogTests {
    /// The log lines a body's messages leave in a simulator's event log.
    func logged(_ body: () -> Void) throws -> [String] {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.perform(body)
        return simulator.events.map(\.detail).filter { $0.hasPrefix("log ") }
    }

    @Test("strings and objects are private unless marked public; numbers and Booleans are public")
    func privacy() throws {
        let logger = Logger(subsystem: "com.example", category: "Feed")
        let user = "ada"
        let lines = try logged {
            logger.info("user \(user) loaded \(3) pages: \(true)")
            logger.error("user \(user, privacy: .public) failed, code \(42, privacy: .private)")
            logger.debug("hex \(255, format: .hex) fixed \(1.5, format: .fixed(precision: 2)) [\(7, align: .right(columns: 3))]")
        }
        #expect(
            lines == [
                "log info com.example/Feed: user <private> loaded 3 pages: true",
                "log error com.example/Feed: user ada failed, code <private>",
                "log debug com.example/Feed: hex ff fixed 1.50 [  7]",
            ])
    }

    @Test("os_log fills printf formats, with its privacy markers")
    func osLog() throws {
        let log = OSLog(subsystem: "com.example", category: "Net")
        let lines = try logged {
            os_log("loaded %d items from %{public}@ for %{private}@", log: log, type: .info, 12, "cache", "ada")
            os_log("nothing", log: .disabled)
        }
        #expect(lines == ["log info com.example/Net: loaded 12 items from cache for <private>"])
    }
}
