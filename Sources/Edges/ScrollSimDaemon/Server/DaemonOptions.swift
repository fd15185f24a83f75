import CommandLineSpec
import Foundation
import Posix

/// The command line of `scrollsimd`.
package struct DaemonOptions: Sendable, Hashable {
    /// The socket to bind when not socket-activated.
    package var socketPath: String
    /// Where the input log lives; nil: nothing is persisted.
    package var stateDirectory: String?
    package var configurationPath: String
    /// Whether `--config` named the file (a missing one is then an error to `--check-config`).
    package var configurationGiven = false
    /// Print the effective configuration and exit.
    package var printConfiguration = false
    /// Load and check the configuration, then exit (0 when valid).
    package var checkConfiguration = false
    package var showVersion = false
    package var showHelp = false

    /// Print the manual page (roff) and exit.
    package var showManual = false
    /// A daemon a client started for itself: it stops when its standard input closes (the client
    /// is gone, however it ended) and its state directory goes with it.
    package var ephemeral = false

    /// The command line: what the parser accepts, and what the usage and the man page list, in
    /// their order (the same `CommandSpec` and parser as scrollsimctl's commands).
    package static let spec = CommandSpec(
        name: "scrollsimd", summary: summary, arguments: "", positional: 0...0,
        options: [
            CommandSpec.option(
                "socket", .file,
                "socket to bind when not socket-activated (default: $XDG_RUNTIME_DIR/scrollsimd.sock, else scrollsimd.sock in a private ${TMPDIR:-/tmp}/scrollsimd-$UID directory)",
                placeholder: "PATH"),
            CommandSpec.option(
                "state-dir", .directory,
                "where simulations are persisted (default: $STATE_DIRECTORY under systemd, else $XDG_STATE_HOME/scrollsimd or ~/.local/state/scrollsimd)"
            ),
            CommandSpec.flag("no-state", "persist nothing"),
            CommandSpec.flag(
                "ephemeral",
                "for a client that starts a daemon of its own (scrollsimctl live --start-daemon): stop when standard input closes, which it does when the client ends however it ends, and remove the state directory on exit"
            ),
            CommandSpec.option(
                "config", .file,
                "configuration file (default: /etc/scrollsimd/scrollsimd.conf; drop-ins in scrollsimd.conf.d/ next to it; built-in defaults when absent)"
            ),
            CommandSpec.flag("check-config", "check the configuration and exit (78 when invalid)"),
            CommandSpec.flag("print-config", "print the effective configuration and exit"),
            CommandSpec.flag("man", "print this manual page in roff and exit (`scrollsimd --man | man -l -`)"),
            CommandSpec.flag("version", "print the version and exit"),
            CommandSpec.flag("help", "print this help and exit"),
        ],
        exclusive: [["state-dir", "no-state"]], shortForms: ["h": "help"])

    package static let summary = """
        The scrollsim daemon: live simulations of UIKit's compositional layout and diffable data
        source, served over Varlink (io.scrollsim.Simulator) on a Unix socket.
        """

    package static let signals = "SIGHUP reloads the configuration, SIGTERM and SIGINT stop gracefully."

    package static let usage: String = {
        var text = "Usage: scrollsimd [options]\n\n\(summary)\n\nOptions:\n"
        for option in spec.options {
            text += PlainText.entry("  " + spec.longForm(of: option), option.help, column: 21, width: 100) + "\n"
        }
        return text + "\n" + signals
    }()

    /// The default socket path for this user (`PrivateSocketDirectory`, the client's rule too).
    package static func defaultSocketPath(environment: [String: String]) -> String {
        PrivateSocketDirectory.defaultSocketPath(environment: environment)
    }

    static func defaultStateDirectory(environment: [String: String]) -> String {
        // systemd's StateDirectory= may list several, separated by colons; ours is the first.
        if let state = environment["STATE_DIRECTORY"], !state.isEmpty {
            return String(state.split(separator: ":").first!)
        }
        if let home = environment["XDG_STATE_HOME"], !home.isEmpty { return home + "/scrollsimd" }
        return (environment["HOME"] ?? "/tmp") + "/.local/state/scrollsimd"
    }

    /// Parses the arguments (without the program name).
    /// - Throws: a usage message.
    package init(arguments: [String], environment: [String: String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        socketPath = parsed.options["socket"] ?? Self.defaultSocketPath(environment: environment)
        stateDirectory =
            parsed.flags.contains("no-state")
            ? nil : parsed.options["state-dir"] ?? Self.defaultStateDirectory(environment: environment)
        configurationPath = parsed.options["config"] ?? ConfigurationLoader.defaultPath
        configurationGiven = parsed.options["config"] != nil
        ephemeral = parsed.flags.contains("ephemeral")
        checkConfiguration = parsed.flags.contains("check-config")
        printConfiguration = parsed.flags.contains("print-config")
        showVersion = parsed.flags.contains("version")
        showManual = parsed.flags.contains("man")
        showHelp = parsed.flags.contains("help")
    }
}
