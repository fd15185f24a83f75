import CollectionView
import CompositionalLayout
import Foundation
import JSONModel
import Posix
import ScrollSimService
import ScrollSimUIKit
import Varlink

/// Serves a team's own screens to scrollsimd: a small executable built from the same Linux target
/// the team tests with names its screens and calls `ScreenHost.main`. scrollsimd starts it (the
/// `[Screens] Host=` of its configuration), talks to it over a private socketpair
/// (`io.scrollsim.ScreenHost`, docs/screen-hosts.md) and drives each screen on its clock:
///
/// ```swift
/// ScreenHost.main([
///     "feed": .controller("the home feed") { FeedViewController(api: .stub) },
///     "settings": .controller { SettingsViewController() },
/// ])
/// ```
///
/// Each opened screen gets its own `ScrollSimulator` on the process's main thread, so the app's
/// main-queue work runs where it would on iOS. A screen's counts depend on nothing but the host's
/// build, the screen, the viewport, the seed and the inputs.
@MainActor
public final class ScreenHost {
    /// One screen: what shows it on a simulator, and the script its simulations run.
    public struct Screen {
        public var summary: String
        /// What the user does, by time after opening: live simulations repeat it every
        /// `period` seconds (by default two seconds after its last step); profiles run it once.
        public var script: [Step]
        public var period: Double?
        public var show: @MainActor (ScrollSimulator) throws -> Void

        /// A screen shown by `show`, which may also register network responses and stand-ins.
        public init(
            _ summary: String = "", script: [Step] = [], period: Double? = nil,
            show: @escaping @MainActor (ScrollSimulator) throws -> Void
        ) {
            self.summary = summary
            self.script = script
            self.period = period
            self.show = show
        }

        /// A screen that is a view controller, made anew for every simulation.
        public static func controller(
            _ summary: String = "", script: [Step] = [], period: Double? = nil,
            _ make: @escaping @MainActor () throws -> UIViewController
        ) -> Screen {
            Screen(summary, script: script, period: period) { simulator in try simulator.show(try make()) }
        }

        /// Seconds one round of the script takes when it repeats.
        var round: Double { period ?? ((script.map(\.at).max() ?? 0) + 2) }
    }

    /// The file descriptor scrollsimd passes the socketpair's end in (`SCROLLSIM_HOST_FD` says
    /// another).
    public static let defaultDescriptor: Int32 = 3

    let screens: [String: Screen]
    var sessions: [Int: HostedScreen] = [:]
    var nextSession = 0

    public init(_ screens: [String: Screen]) {
        self.screens = screens
    }

    /// Serves the daemon on the socketpair it passed, or with `--list` prints the screens; exits
    /// when the daemon closes its end.
    public static func main(_ screens: [String: Screen], arguments: [String] = CommandLine.arguments) -> Never {
        let host = ScreenHost(screens)
        if arguments.dropFirst().first == "--list" {
            for name in screens.keys.sorted() { print("\(name)\t\(screens[name]!.summary)") }
            exit(0)
        }
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: \(arguments[0]) [--list]  (scrollsimd starts this program)\n".utf8))
            exit(64)
        }
        let environment = ProcessInfo.processInfo.environment
        // The daemon's HostMemoryMax, as a limit on this process's address space: past it an
        // allocation fails and the host ends, failing only its own simulations.
        if let bytes = environment["SCROLLSIM_HOST_MEMORY_MAX"].flatMap(UInt64.init) {
            var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
            if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) != 0 {
                let reason = String(cString: strerror(errno))
                FileHandle.standardError.write(Data("screen host: HostMemoryMax not applied (setrlimit: \(reason))\n".utf8))
            }
        }
        let fd = environment["SCROLLSIM_HOST_FD"].flatMap(Int32.init) ?? defaultDescriptor
        exit(host.serve(fd))
    }

    /// Answers calls on `fd` one at a time until the other end closes it.
    /// - Returns: the exit status: 0 when the daemon closed the line, 65 for a message that is
    ///   not Varlink, 74 for a read or write error.
    public func serve(_ fd: Int32) -> Int32 {
        var framer = VarlinkFramer(maxMessageSize: 16 << 20)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do {
                count = try UnixSocket.receive(fd, into: &buffer)
            } catch {
                FileHandle.standardError.write(Data("screen host: reading the daemon's line: \(error)\n".utf8))
                return 74
            }
            guard count > 0 else { return 0 }
            let output = framer.append(buffer[0..<count])
            for message in output.messages {
                guard case .success(let call) = VarlinkCall.parse(message) else {
                    FileHandle.standardError.write(Data("screen host: a message that is not a Varlink call\n".utf8))
                    return 65
                }
                let reply = answer(call)
                guard !call.oneway else { continue }
                do {
                    try FileDescriptor(fd).sendAll([UInt8](reply.framed()))
                } catch {
                    FileHandle.standardError.write(Data("screen host: writing to the daemon: \(error)\n".utf8))
                    return 74
                }
            }
            if output.error != nil { return 65 }
        }
    }

    /// One call's reply.
    package func answer(_ call: VarlinkCall) -> VarlinkReply {
        guard call.interface == ScreenHostProtocol.interfaceName else {
            return VarlinkReply(error: .interfaceNotFound(call.interface))
        }
        guard let method = ScreenHostProtocol.Method(rawValue: String(call.method.dropFirst(call.interface.count + 1))) else {
            return VarlinkReply(error: .methodNotFound(call.method))
        }
        do throws(HostCallError) {
            return VarlinkReply(parameters: try answer(method, call.parameters))
        } catch {
            return VarlinkReply(error: error.varlinkError)
        }
    }

    private func answer(
        _ method: ScreenHostProtocol.Method, _ p: [String: JSONValue]
    ) throws(HostCallError) -> [String: JSONValue] {
        switch method {
        case .describe:
            let list = screens.keys.sorted().map { name in
                ScreenDescription(name: name, summary: screens[name]!.summary, steps: screens[name]!.script.count).json
            }
            return ["version": .number(Double(ScreenHostProtocol.version)), "screens": .array(list)]
        case .open:
            guard let name = p["screen"]?.stringValue else { throw .invalidParameter("screen") }
            guard let screen = screens[name] else { throw .noSuchScreen(name) }
            let width = p["width"]?.numberValue ?? 390
            let height = p["height"]?.numberValue ?? 844
            guard width > 0, height > 0, width.isFinite, height.isFinite else { throw .invalidParameter("width") }
            var policy = InvalidationPolicy.uikit
            if let name = p["policy"]?.stringValue {
                guard let named = InvalidationPolicy(rawValue: name) else { throw .invalidParameter("policy") }
                policy = named
            }
            let script = ScriptCursor(steps: screen.script, period: p["loop"] == .bool(true) ? screen.round : nil)
            let hosted = HostedScreen(width: width, height: height, script: script)
            nextSession += 1
            sessions[nextSession] = hosted
            // Collection views take the policy when they are made: the screen's are made by `show`.
            let previous = UICollectionView.invalidationPolicy
            UICollectionView.invalidationPolicy = policy
            defer { UICollectionView.invalidationPolicy = previous }
            do {
                try screen.show(hosted.simulator)
            } catch {
                hosted.failure = "\(error)"
            }
            return ["session": .number(Double(nextSession)), "state": hosted.state(reached: true).json]
        case .advance:
            let hosted = try session(p)
            guard let target = p["to"]?.numberValue, target.isFinite, target >= 0 else { throw .invalidParameter("to") }
            let budget = Swift.min(Swift.max(p["budget"]?.numberValue ?? 0.004, 0.0005), 1)
            return ["state": hosted.advance(to: target, budget: budget).json]
        case .perform:
            let hosted = try session(p)
            guard let input = p["input"] else { throw .invalidParameter("input") }
            try hosted.perform(input)
            return ["state": hosted.state(reached: true).json]
        case .layout:
            let hosted = try session(p)
            let rect: Rect? = try p["rect"].map { value throws(HostCallError) in
                guard let fields = value.objectValue, let x = fields["x"]?.numberValue, let y = fields["y"]?.numberValue,
                    let width = fields["width"]?.numberValue, let height = fields["height"]?.numberValue
                else { throw .invalidParameter("rect") }
                return Rect(x: x, y: y, width: width, height: height)
            }
            return try hosted.layout(rect: rect)
        case .visible:
            return try session(p).visible()
        case .close:
            guard let number = p["session"]?.integerValue else { throw .invalidParameter("session") }
            sessions[number] = nil
            return [:]
        }
    }

    private func session(_ p: [String: JSONValue]) throws(HostCallError) -> HostedScreen {
        guard let number = p["session"]?.integerValue else { throw .invalidParameter("session") }
        guard let hosted = sessions[number] else { throw .noSuchSession(number) }
        return hosted
    }
}
