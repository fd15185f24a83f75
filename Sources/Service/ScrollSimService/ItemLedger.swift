import ScrollSimulation
import Synchronization

/// The items one user's simulations hold in all, against `MaxItemsPerUser`: taken before an
/// open, an edit or a feed's page grows them, given back by deletes and closes. Its simulations
/// may be advanced on the daemon's worker threads at once, so the count is behind a lock.
final class ItemLedger: ItemBudget {
    let name = "itemsPerUser"
    private let state: Mutex<(held: Int, maximum: Int)>

    init(maximum: Int) { state = Mutex((0, maximum)) }

    var items: Int { state.withLock { $0.held } }

    /// A reload's new limit: what is held stays, growth is measured against the new one.
    var maximum: Int {
        get { state.withLock { $0.maximum } }
        set { state.withLock { $0.maximum = newValue } }
    }

    func take(_ count: Int) -> Bool {
        state.withLock { state in
            guard state.held + count <= state.maximum else { return false }
            state.held += count
            return true
        }
    }

    /// Takes `count` whether or not they fit: a replay restores what was accepted before, even
    /// under a lower limit than then.
    func force(_ count: Int) { state.withLock { $0.held += count } }

    func give(_ count: Int) { state.withLock { $0.held -= count } }
}
