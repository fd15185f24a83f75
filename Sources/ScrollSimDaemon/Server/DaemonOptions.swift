import Foundation

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

    public static let usage = """
        Usage: scrollsimd [options]

        The scrollsim daemon: live simulations of UIKit's compositional layout and diffable data
        source, served over Varlink (io.scrollsim.Simulator) on a Unix socket.

        Options:
          --socket PATH      socket to bind when not socket-activated
                             (default: $XDG_RUNTIME_DIR/scrollsimd.sock, else /tmp/scrollsimd-$UID.sock)
          --state-dir DIR    where simulations are persisted (default: $STATE_DIRECTORY under
                             systemd, else $XDG_STATE_HOME/scrollsimd or ~/.local/state/scrollsimd)
          --no-state         persist nothing
          --config FILE      configuration file (default: /etc/scrollsimd/scrollsimd.conf; drop-ins
                             in scrollsimd.conf.d/ next to it; built-in defaults when absent)
          --check-config     check the configuration and exit
          --print-config     print the effective configuration and exit
          --version          print the version and exit
          -h, --help         print this help and exit

        Signals: SIGHUP reloads the configuration, SIGTERM and SIGINT stop gracefully.
        """

    /// The default socket path for this user (the client uses the same rule).
    public static func defaultSocketPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/scrollsimd.sock" }
        return "/tmp/scrollsimd-\(getuid()).sock"
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
            switch argument {
            case "--socket": socketPath = try value(argument)
            case "--state-dir": stateDirectory = try value(argument)
            case "--no-state": stateDirectory = nil
            case "--config": configurationPath = try value(argument)
            case "--check-config": checkConfiguration = true
            case "--print-config": printConfiguration = true
            case "--version": showVersion = true
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
