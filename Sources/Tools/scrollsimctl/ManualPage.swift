import CommandLineSpec
import Roff
import ScrollSimService

/// scrollsimctl(1), printed by `scrollsimctl man` and installed by the package: the commands and
/// options come from `CommandSpec` (what the parser accepts), the prose around them from here.
enum ManualPage {
    static func scrollsimctl() -> ManPage {
        var page = ManPage(
            name: "scrollsimctl", section: 1, manual: "User Commands", version: ScrollSimVersion.current,
            date: ScrollSimVersion.date, summary: "run, profile and watch simulations of UIKit compositional layouts")
        page.synopsis([
            [.bold("scrollsimctl"), .roman(" "), .italic("command"), .roman(" ["), .italic("options"), .roman("]")],
            [.bold("scrollsimctl help"), .roman(" "), .italic("command")],
        ])
        page.section("Description")
        page.text(
            """
            scrollsimctl talks to scrollsimd(8) over its Varlink socket, or runs the same simulations in
            its own process with --local. A simulation scrolls a screen described by a scenario
            (sections, groups, items, feeds that append items, a script of gestures) and counts what
            UIKit would do: section-provider and cell-provider calls, cells created and reused,
            prefetches, applies and their diffs, data requests.

            SCENARIO is a shipped scenario's name (scrollsimctl scenarios lists them) or a path to a
            scenario file. Options may come before or after the command; each command accepts only its
            own, checks their values and refuses anything else with its usage and the nearest option's
            name. Viewports are written WxH or W×H.
            """)
        let common = commonOptions()
        page.section("Commands")
        for (group, commands) in Command.grouped {
            page.subsection(group.title)
            for spec in commands.map(\.spec) {
                let term = ManPage.term([spec.name], value: spec.arguments)
                let own = spec.options.filter { option in option.name != "help" && !common.contains { $0.name == option.name } }
                let shared = spec.options.filter { option in common.contains { $0.name == option.name } }
                var text = CommandSpec.details[spec.name] ?? spec.summary
                if !shared.isEmpty {
                    text += "\n\nAlso " + shared.map { "--" + $0.name }.joined(separator: ", ") + " (see OPTIONS)."
                }
                page.entry(term, text)
                page.indented {
                    for option in own { $0.entry(terms(option), option.help) }
                }
            }
        }
        page.entry([.bold("help"), .roman(" "), .italic("command")], "A command's help, as -h or --help anywhere after it.")
        page.section("Options")
        page.text("The options several commands share, with the same meaning in each:")
        for option in common {
            let users = CommandSpec.all.filter { $0.option(option.name) != nil }.map(\.name)
            page.entry(terms(option), option.help + " (" + users.joined(separator: ", ") + ")")
        }
        page.entry(ManPage.term(["-h", "--help"]), "the command's help, wherever it is on the line")
        page.entry([.bold("--version")], "print the version and exit")
        page.section("Exit status")
        for (status, meaning) in ExitStatus.meanings {
            page.entry([.bold(String(status.rawValue))], meaning)
        }
        page.section("Environment")
        page.entry(
            [.bold("SCROLLSIM_SCENARIO_DIR")], "where scenario names are found when --scenario-dir is not given")
        page.entry(
            [.bold("XDG_RUNTIME_DIR")],
            "the default socket is $XDG_RUNTIME_DIR/scrollsimd.sock (without it scrollsimd.sock in the private directory "
                + "${TMPDIR:-/tmp}/scrollsimd-UID, which must be yours alone); when that "
                + "does not exist and the system daemon's socket does, the system one")
        page.entry([.bold("NO_COLOR")], "no colour in tables and progress, whatever the terminal")
        page.section("Files")
        page.entry([.italic("/run/scrollsimd/io.scrollsim.Simulator")], "the system daemon's socket")
        page.entry([.italic("/usr/share/scrollsim/scenarios/")], "the shipped scenarios, as files to copy and edit")
        page.section("See also")
        page.text("scrollsimd(8), systemctl(1); docs/cli.md in the source for examples of every command.")
        return page
    }

    /// `-s, --seconds N` as spans.
    static func terms(_ option: CommandSpec.Option) -> [ManPage.Span] {
        ManPage.term(
            [CommandSpec.shortName(of: option, in: CommandSpec.shortForms), "--" + option.name].compactMap { $0 },
            value: option.isFlag ? nil : option.valueName)
    }

    /// The options that at least two commands take with the same meaning (same help text), in the
    /// table's order; the others are described under their command.
    static func commonOptions() -> [CommandSpec.Option] {
        let all = CommandSpec.all.flatMap(\.options).filter { $0.name != "help" }
        var seen: Set<String> = []
        return all.filter { option in
            let same = all.filter { $0.name == option.name }
            return same.count >= 2 && same.allSatisfy { $0.help == option.help } && seen.insert(option.name).inserted
        }
    }
}
