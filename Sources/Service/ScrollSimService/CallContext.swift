/// What the daemon says of the call being handled: when it is, who made it, how long it may spend
/// bringing a realtime simulation up to date, and the daemon's own figures (for GetStatus).
public struct CallContext {
    /// The daemon's time of the call (realtime simulations follow it).
    public var now: Double
    public var caller: Caller
    /// Asked after each event while the call brings a realtime simulation to `now` before its
    /// input lands (see `perform`).
    public var catchUp: () -> Bool
    public var status: () -> SimulatorService.DaemonStatus

    public init(
        now: Double = 0, caller: Caller = .daemon, catchUp: @escaping () -> Bool = { true },
        status: @escaping () -> SimulatorService.DaemonStatus = { SimulatorService.DaemonStatus() }
    ) {
        self.now = now
        self.caller = caller
        self.catchUp = catchUp
        self.status = status
    }
}

/// Who made a call, as the kernel reports the peer: the user a simulation opened by it belongs to.
public struct Caller: Sendable, Hashable {
    /// The peer's user id; nil for the daemon's own work (its live simulations, a replay).
    public var uid: UInt32?
    /// Root or the daemon's own user: may change or close any simulation.
    public var isAdministrator: Bool

    public init(uid: UInt32?, isAdministrator: Bool) {
        self.uid = uid
        self.isAdministrator = isAdministrator
    }

    /// The daemon itself (its configuration's live simulations, in-process clients and tests).
    public static let daemon = Caller(uid: nil, isAdministrator: true)
}
