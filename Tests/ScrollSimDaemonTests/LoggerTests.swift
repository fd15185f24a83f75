import Systemd
import Testing

@testable import ScrollSimDaemon

@Suite("the daemon's log lines")
struct LoggerTests {
    @Test("on a terminal a person reads the program's name and the severity in words, no <N> prefix; elsewhere the prefix stays")
    func terminalLines() {
        #expect(Logger.terminalLine("disk full", priority: .error) == "scrollsimd: error: disk full")
        #expect(Logger.terminalLine("slow client", priority: .warning) == "scrollsimd: warning: slow client")
        #expect(Logger.terminalLine("listening\non a socket", priority: .info) == "scrollsimd: listening on a socket")
        #expect(Journal.stderrLine("listening", priority: .info) == "<6>listening")
    }
}
