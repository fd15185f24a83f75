import CommandLineSpec
import Roff
import ScrollSimService

extension DaemonOptions {
    /// scrollsimd(8), printed by `scrollsimd --man` and installed by the package: the options come
    /// from `spec` (what the parser accepts), the default configuration from the built-in one.
    package static func manualPage() -> ManPage {
        var page = ManPage(
            name: "scrollsimd", section: 8, manual: "System Administration", version: ScrollSimVersion.current,
            date: ScrollSimVersion.date,
            summary: "the scrollsim daemon: live simulations of UIKit compositional layouts over Varlink")
        page.synopsis([[.bold("scrollsimd"), .roman(" ["), .italic("options"), .roman("]")]])
        page.section("Description")
        page.text(
            """
            scrollsimd keeps simulations of screens built with UIKit's compositional layout and diffable
            data source, counts how often the section provider and the cell provider run while they
            scroll, and serves the counts over Varlink (interface io.scrollsim.Simulator) on a Unix
            socket; scrollsimctl(1) is its client. Under systemd it is socket-activated
            (scrollsimd.socket), reports readiness, status and reloads with sd_notify, and pings the
            watchdog from its event loop. Every input is stored in the state directory before it is
            answered, so a restart replays the simulations to identical counts.
            """)
        page.section("Options")
        for option in spec.options {
            let names = [spec.shortName(of: option), "--" + option.name].compactMap { $0 }
            page.entry(ManPage.term(names, value: option.isFlag ? nil : option.valueName), option.help)
        }
        page.section("Configuration")
        page.text(
            """
            The configuration file has the sections [Daemon], [Live], [Limits] and [Access]; drop-ins in
            scrollsimd.conf.d/*.conf are read after it, in name order, later values winning. The
            installed file lists every key commented out with what it does. The built-in defaults, as
            scrollsimd --print-config prints them without a file:
            """)
        page.text(
            DaemonConfiguration().iniText().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
                .joined(separator: "\n"))
        page.section("Signals")
        page.text(signals + " Streams and jobs are told ShuttingDown; every stored input stays stored.")
        page.section("Exit status")
        page.entry([.bold("0")], "stopped by a signal after draining, or --check-config found the configuration valid")
        page.entry([.bold("1")], "it could not start: the socket or the state directory could not be set up")
        page.entry([.bold("64")], "usage error")
        page.entry([.bold("75")], "another scrollsimd holds the state directory; nothing in it was read or written")
        page.entry([.bold("78")], "the configuration is invalid")
        page.section("Files")
        page.entry([.italic("/etc/scrollsimd/scrollsimd.conf")], "the configuration: every key commented out at its default")
        page.entry(
            [.italic("/var/lib/scrollsimd/simulations.log")], "the simulations' stored inputs, one checksummed record per line")
        page.entry(
            [.italic("/run/scrollsimd/io.scrollsim.Simulator")], "the socket; members of the group scrollsim may connect")
        page.section("See also")
        page.text("scrollsimctl(1), systemd.socket(5), sd_notify(3)")
        return page
    }
}
