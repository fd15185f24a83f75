import Posix
import ScrollSimService

/// Who may do what over the socket, decided from the peer's credentials (SO_PEERCRED, and
/// SO_PEERGROUPS for supplementary groups): methods that change state (open, advance, perform,
/// close, profile) only for allowed users and groups; read-only methods for everyone or for the
/// same callers (`ReadAccess=`). Root and the daemon's own user are always allowed. With no
/// users or groups configured, the socket's permissions are the only gate (every caller that
/// can connect is allowed), which suits a socket of mode 0600 or 0660.
package struct AccessPolicy: Sendable, Hashable {
    package var users: Set<UInt32> = []
    package var groups: Set<UInt32> = []
    /// Read-only methods are open to every caller (true) or only to the allowed ones.
    package var readOpenToAll = true

    package init() {}

    /// The methods that change state (the method table says which).
    package static let stateChanging: Set<String> = Set(
        SimulatorService.methods.values.filter(\.changesState).map { SimulatorService.interfaceName + "." + $0.name })

    /// Whether no restriction is configured.
    package var isOpen: Bool { users.isEmpty && groups.isEmpty }

    /// Whether a peer may call `method`. Unknown peers (no credentials) are treated as strangers.
    func allows(_ method: String, peer: PeerCredentials?, daemonUID: UInt32) -> Bool {
        if isOpen || method.hasPrefix("org.varlink.service.") { return true }
        if !Self.stateChanging.contains(method) && readOpenToAll { return true }
        guard let peer else { return false }
        if peer.uid == 0 || peer.uid == daemonUID || users.contains(peer.uid) { return true }
        return !groups.isDisjoint(with: [peer.gid] + peer.groups)
    }
}
