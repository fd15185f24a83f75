/// Items shared by several simulations (the daemon's quota of one user): a simulation charged
/// to a budget takes from it before it grows (a feed's page, an `appendItems` edit) and gives
/// back what it deletes and, when closed, all it holds. Simulations charged to one budget may be
/// advanced on different threads, so it must be safe to share.
public protocol ItemBudget: AnyObject, Sendable {
    /// The limit's name and size, for the messages of what it refuses.
    var name: String { get }
    var maximum: Int { get }
    /// Takes `count` items if they fit; false, taking nothing, if not.
    func take(_ count: Int) -> Bool
    func give(_ count: Int)
}

extension ScenarioSimulation {
    /// Charges the `items` this simulation holds (already taken from `budget`) and its growth
    /// from now on to `budget`.
    public func charge(_ items: Int, to budget: any ItemBudget) {
        self.budget = budget
        chargedItems = items
    }

    /// Gives back everything it holds: it is being closed.
    public func releaseCharge() {
        budget?.give(chargedItems)
        chargedItems = 0
        budget = nil
    }

    /// Takes `count` more items from the budget, if any; false when they do not fit.
    func takeItems(_ count: Int) -> Bool {
        guard let budget else { return true }
        guard budget.take(count) else { return false }
        chargedItems += count
        return true
    }

    /// Gives back `count` items it no longer holds.
    func giveItems(_ count: Int) {
        let count = min(count, chargedItems)
        budget?.give(count)
        chargedItems -= count
    }
}
