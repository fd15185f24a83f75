import Foundation
import Posix
import Roff

/// The command line of `scrollsimd`.
public struct DaemonOptions: Sendable, Hashable {
    /// The socket to bind when not socket-activated.
    public var socketPath: String
    /// Where the input log lives; nil: nothing is persisted.
    public var stateDirectory: String?
    public var configurationPath: String
    /// Print the effective configuration and exit.
    public var printConfiguration = false
    /// Load and check the configuration, then exit (0 when valid).
    public var checkConfiguration = false
    public var showVersion = false
    public var showHelp = false

    /// Print the manual page (roff) and exit.
    public var showManual = false
    /// A daemon a client started for itself: it stops when its standard input closes (the client
    /// is gone, however it ended) and its state directory goes with it.
    public var ephemeral = false

    /// One option of the command line: what the parser accepts, the usage and the man page list.
    public struct Option: Sendable {
        public let names: [String]
        /// What the value is called (`PATH`); nil for a flag.
        public let value: String?
        public let help: String
    }

    /// Every option, in the order the usage lists them.
    public static let table: [Option] = [
        Option(
            names: ["--socket"], value: "PATH",
            help:
                "socket to bind when not socket-activated (default: $XDG_RUNTIME_DIR/scrollsimd.sock, else scrollsimd.sock in a private ${TMPDIR:-/tmp}/scrollsimd-$UID directory)"
        ),
        Option(
            names: ["--state-dir"], value: "DIR",
            help:
                "where simulations are persisted (default: $STATE_DIRECTORY under systemd, else $XDG_STATE_HOME/scrollsimd or ~/.local/state/scrollsimd)"
        ),
        Option(names: ["--no-state"], value: nil, help: "persist nothing"),
        Option(
            names: ["--ephemeral"], value: nil,
            help:
                "for a client that starts a daemon of its own (scrollsimctl live --start-daemon): stop when standard input closes, which it does when the client ends however it ends, and remove the state directory on exit"
        ),
        Option(
            names: ["--config"], value: "FILE",
            help:
                "configuration file (default: /etc/scrollsimd/scrollsimd.conf; drop-ins in scrollsimd.conf.d/ next to it; built-in defaults when absent)"
        ),
        Option(names: ["--check-config"], value: nil, help: "check the configuration and exit (78 when invalid)"),
        Option(names: ["--print-config"], value: nil, help: "print the effective configuration and exit"),
        Option(names: ["--man"], value: nil, help: "print this manual page in roff and exit (`scrollsimd --man | man -l -`)"),
        Option(names: ["--version"], value: nil, help: "print the version and exit"),
        Option(names: ["-h", "--help"], value: nil, help: "print this help and exit"),
    ]

    public static let summary = """
        The scrollsim daemon: live simulations of UIKit's compositional layout and diffable data
        source, served over Varlink (io.scrollsim.Simulator) on a Unix socket.
        """

    public static let signals = "SIGHUP reloads the configuration, SIGTERM and SIGINT stop gracefully."

    public static let usage: String = {
        var text = "Usage: scrollsimd [options]\n\n\(summary)\n\nOptions:\n"
        for option in table {
            let left = "  " + option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            text += PlainText.entry(left, option.help, column: 21, width: 100) + "\n"
        }
        return text + "\n" + signals
    }()

    /// The default socket path for this user (`PrivateSocketDirectory`, the client's rule too).
    public static func defaultSocketPath(environment: [String: String]) -> String {
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
    public init(arguments: [String], environment: [String: String]) throws(UsageError) {
        socketPath = Self.defaultSocketPath(environment: environment)
        stateDirectory = Self.defaultStateDirectory(environment: environment)
        configurationPath = ConfigurationLoader.defaultPath
        var rest = arguments[...]
        func value(_ option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw UsageError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            guard Self.table.contains(where: { $0.names.contains(argument) }) else {
                throw UsageError("unknown option \(argument)")
            }
            switch argument {
            case "--socket": socketPath = try value(argument)
            case "--state-dir": stateDirectory = try value(argument)
            case "--no-state": stateDirectory = nil
            case "--ephemeral": ephemeral = true
            case "--config": configurationPath = try value(argument)
            case "--check-config": checkConfiguration = true
            case "--print-config": printConfiguration = true
            case "--version": showVersion = true
            case "--man": showManual = true
            case "-h", "--help": showHelp = true
            default: throw UsageError("unknown option \(argument)")
            }
        }
    }
}

/// A command line that cannot be used.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
