import Dispatch
import Foundation
import Synchronization

// Network.framework's path monitor, as apps use it to watch connectivity: the simulated device is
// online unless a test says otherwise (`NWPathMonitor.simulate(_:)`).

/// A network path (`NWPath`): its status and interfaces.
public struct NWPath: Equatable, Sendable {
    /// `NWPath.Status`.
    public enum Status: Equatable, Sendable { case satisfied, unsatisfied, requiresConnection }
    public var status: Status
    public var isExpensive = false
    public var isConstrained = false
    public func usesInterfaceType(_ type: NWInterface.InterfaceType) -> Bool { status == .satisfied && type == .wifi }
}

/// A network interface (`NWInterface`).
public struct NWInterface: Sendable {
    public enum InterfaceType: Sendable { case other, wifi, cellular, wiredEthernet, loopback }
}

/// Watches the network path (`NWPathMonitor`): reports the current path when started and each
/// path a test simulates.
public final class NWPathMonitor: @unchecked Sendable {
    // Unchecked: started, cancelled and told of paths on the thread that uses it.
    public var pathUpdateHandler: (@Sendable (NWPath) -> Void)?
    public private(set) var currentPath = NWPath(status: .satisfied)
    private var queue: DispatchQueue?
    private static let monitors = Mutex<[WeakMonitor]>([])

    public init() {}
    public init(requiredInterfaceType: NWInterface.InterfaceType) {}

    public func start(queue: DispatchQueue) {
        self.queue = queue
        Self.monitors.withLock { $0.append(WeakMonitor(monitor: self)) }
        let path = currentPath
        queue.async { [pathUpdateHandler] in pathUpdateHandler?(path) }
    }

    public func cancel() {
        queue = nil
        Self.monitors.withLock { $0.removeAll { $0.monitor === self || $0.monitor == nil } }
    }

    /// Every started monitor sees `status` (a test takes the device offline or back).
    public static func simulate(_ status: NWPath.Status) {
        for entry in monitors.withLock({ $0 }) {
            guard let monitor = entry.monitor, let queue = monitor.queue else { continue }
            monitor.currentPath = NWPath(status: status)
            let path = monitor.currentPath
            queue.async { [handler = monitor.pathUpdateHandler] in handler?(path) }
        }
    }

    private struct WeakMonitor: @unchecked Sendable {
        // Unchecked: a weak reference, read and cleared atomically by the runtime.
        weak var monitor: NWPathMonitor?
    }
}
