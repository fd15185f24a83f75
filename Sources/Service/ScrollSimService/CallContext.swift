/// What the daemon says of the call being handled: when it is, who made it, how long it may spend
/// bringing a realtime simulation up to date, and the daemon's own figures (for GetStatus).
package struct CallContext {
    /// The daemon's time of the call (realtime simulations follow it).
    package var now: Double
    package var caller: Caller
    /// Asked after each event while the call brings a realtime simulation to `now` before its
    /// input lands (see `perform`).
    package var catchUp: () -> Bool
    package var status: () -> SimulatorService.DaemonStatus

    package init(
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
package struct Caller: Sendable, Hashable {
    /// The peer's user id; nil for the daemon's own work (its live simulations, a replay).
    package var uid: UInt32?
    /// Root or the daemon's own user: may change or close any simulation.
    package var isAdministrator: Bool

    package init(uid: UInt32?, isAdministrator: Bool) {
        self.uid = uid
        self.isAdministrator = isAdministrator
    }

    /// The daemon itself (its configuration's live simulations, in-process clients and tests).
    package static let daemon = Caller(uid: nil, isAdministrator: true)
}
