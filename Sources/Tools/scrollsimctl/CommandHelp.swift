import CommandLineSpec
import Roff

/// Each command's help, built from its `CommandSpec`: the usage line and the option list come from
/// the table the parser checks (so they cannot drift from what is accepted), the prose from
/// `details`. The man page (`scrollsimctl man`) is built from the same pieces.
extension CommandSpec {
    /// What each command does, in a paragraph or two (blank lines separate paragraphs; lines
    /// starting with two spaces are examples, kept as they are).
    static let details: [String: String] = [
        "live": """
        Shows the live simulations' counts (section-provider and cell-provider calls, cells, appends),
        refreshed every --interval seconds for --seconds.

        With --start-daemon, starts a scrollsimd of its own (found next to scrollsimctl or on PATH)
        with its built-in configuration (the home screen on 375×667, 390×844 and 430×932, scrolling
        in a loop), a fresh temporary state directory and a socket inside it (--address to choose
        one; a daemon already answering there is refused, never attached to). It is stopped, and its
        state removed, when the command ends, on Ctrl-C and on SIGTERM; if the command is killed
        (kill -9), the daemon sees its standard input close and stops by itself.

        With --json: one JSON object per refresh, {"simulations": [{"simulation", "time", "total"}]}.
        """,
        "status": """
        The daemon's version and uptime, its simulations (live ones among them), connections and
        streams, and how its live tick keeps time: lateness p50/p99 over the last 10 s and how far
        the furthest-behind live simulation trails real time.
        """,
        "simulations": """
        The open simulations: identifier, scenario, viewport, policy, clock (live ones follow the
        daemon's clock) and virtual time.
        """,
        "counts": """
        One simulation's counts per section and in total: layout passes, section-provider and
        cell-provider calls, cells created and reused, appends, suppressed and failed requests.
        """,
        "watch": """
        Streams the events (layout passes, cell-provider calls, applies, requests) and, every
        --interval seconds when they changed, the counts of one simulation or of all, until Ctrl-C
        (or --limit replies). A reader too slow for the stream is told how many events it missed.
        """,
        "open": """
        Opens a simulation of SCENARIO on the daemon and prints its identifier (e.g. sim-4) on the
        first line. It stays at time 0 until advanced (--realtime: it follows the daemon's clock).
        """,
        "advance": """
        Runs a simulation SECONDS further in virtual time (its script, feeds and flings go on) and
        prints its time and counts. Over a second, the daemon runs it between other clients' calls.
        """,
        "perform": """
        Gives a simulation one input, a scenario script step as JSON, at its current time, e.g.
          scrollsimctl perform sim-4 '{"fling": {"section": "company", "velocity": -3000}}'
          scrollsimctl perform sim-4 '{"apply": {"appendItems": {"section": "company", "count": 5}}}'
        """,
        "close": """
        Closes a simulation (its identifier is never given again).
        """,
        "run": """
        Runs the scenario's script and feeds in virtual time (deterministic: the same scenario and seed
        give the same counts) and prints, per section, section-provider and cell-provider calls, cells
        created and reused, feed requests, and warnings about known pitfalls. Runs on scrollsimd, or
        in this process with --local (same engine, same numbers).

        With --json: {"time", "counts": {…, "sections": {…}}, "warnings": […]} (with several
        viewports: {"runs": [ … ]}).
        """,
        "profile": """
        Runs the scenario for --seconds of virtual time under each invalidation policy on each
        viewport and compares them: layout passes, section-provider calls (in total and per append),
        cell-provider calls, cells, requests. With --budget, checks the counts against a budget file
        and exits 3 naming each count that went over:
          {"policies": ["uikit"], "viewports": [{"width": 390, "height": 844}],
           "total": {"sectionProvider": 20, "cellProvider": 120},
           "sections": {"company": {"cellProvider": 80}}}
        policies and viewports narrow the runs checked (default: all).
        """,
        "sweep": """
        Profiles a CI matrix — every SCENARIO × --seeds × --viewports × --policies — run by run,
        numbered scenario first, then seed, viewport and policy. --shard K/N runs every N-th run
        from the K-th, so N jobs split the matrix (Kubernetes Indexed Jobs:
        --shard $((JOB_COMPLETION_INDEX + 1))/N); each job's --json goes to `scrollsimctl merge`,
        which gives the report and budget verdict of the whole matrix. --budget as for profile.
        """,
        "merge": """
        Combines the --json of a sweep's shards into the report of the unsharded sweep (the same
        JSON with --json), and checks --budget over every run. The files must be shards of one
        matrix that together hold each run once: a missing or repeated shard exits 65.
        """,
        "render": """
        Runs the scenario to --time T and draws, in plain SVG: the sections with their names, every
        item (cells realised at T filled, the others outlined), headers, each orthogonal row in place
        (its window at its offset over the viewport), the viewport; and a timeline of the run:
        cell-provider calls and layout passes per 100 ms, the counts so far, appends, when each
        section's provider ran, and each data request from issue to completion. --crop viewport draws
        only the content around the viewport (a long screen stays the size of a screen).

        With --json: {"output", "width", "height", "elements", "realised"} instead of the picture.
        """,
        "trace": """
        Runs the scenario for --seconds and writes the run as a trace in Chrome's Trace Event Format,
        which https://ui.perfetto.dev and chrome://tracing open: a track per section with its
        section-provider and cell-provider calls, layout passes, applies, data requests from issue to
        completion, gestures and warnings, and the counts so far as counter tracks. Time is the
        simulation's virtual time; calls at the same instant are drawn one after another (10 µs apart).
        """,
        "layout": """
        Lays the scenario out at time 0 and prints, per section, its origin, length, items and (for
        orthogonal rows) content width, the cells visible in the first viewport, and element frames.
        Frames of orthogonal rows are unscrolled (at row offset 0). Always computed in this process
        (--local is implied): the layout engine alone handles up to 10^9 items, where a simulation on
        the daemon holds at most 2,000,000; `render` shows a daemon's simulation.

        With --json: {"contentSize", "sections", "elements": [{"kind", "section", "item", "frame"}], …}.
        """,
        "validate": """
        Checks the scenario: JSON syntax, every key and value (errors name the JSON path and what
        was expected), that every section's layout can be solved, and that scrollsimd (or, with
        --local, this process) can open a simulation of it. Exit status 65 when invalid. Reports
        every error it can tell apart: one per section and per top-level key.
        """,
        "scenarios": """
        Lists the scenarios in the scenario directory (--scenario-dir, $SCROLLSIM_SCENARIO_DIR,
        ./Config/scenarios, or the repository's Config/scenarios; else the built-in copies).
        """,
        "completion": """
        Prints the shell completion script for scrollsimctl: every command, each command's own
        options, and the values they take (policies, files, directories, scenario names).
          bash:  scrollsimctl completion bash > /etc/bash_completion.d/scrollsimctl
          zsh:   scrollsimctl completion zsh > "${fpath[1]}/_scrollsimctl"
          fish:  scrollsimctl completion fish > ~/.config/fish/completions/scrollsimctl.fish
        """,
        "man": """
        Prints scrollsimctl(1) in roff, generated from the same table as the help and the
        completions (the package installs this output). To read it where it is not installed:
          scrollsimctl man | man -l -
        """,
    ]

    /// `usage: scrollsimctl run SCENARIO [--seconds N] [--viewport WxH | --all-viewports] …`,
    /// wrapped at `width` columns under the first option.
    func usage(width: Int = 100) -> String {
        let lead = "usage: scrollsimctl \(name)" + (arguments.isEmpty ? "" : " \(arguments)")
        var words: [String] = []
        var done: Set<String> = ["help"]
        for option in options where !done.contains(option.name) {
            // An exclusive group is written once, as alternatives, where its first member is.
            let group = exclusive.first { $0.contains(option.name) } ?? [option.name]
            let members = group.compactMap { self.option($0) }
            words.append("[" + members.map(\.synopsis).joined(separator: " | ") + "]")
            done.formUnion(group)
        }
        return PlainText.wrap(words, first: lead, indent: lead.count + 1, width: width)
    }

    /// The whole help: usage, what the command does, its options.
    var helpText: String {
        var text = usage() + "\n\n" + (Self.details[name] ?? summary)
        let listed = options.filter { $0.name != "help" }
        guard !listed.isEmpty else { return text }
        text += "\n\nOptions:"
        let column = min(24, (listed.map { longForm(of: $0).count }.max() ?? 0) + 4)
        for option in listed {
            text += "\n" + PlainText.entry("  " + longForm(of: option), option.help, column: column, width: 100)
        }
        return text
    }
}
