/// Something that can be cancelled, as Combine's `Cancellable`.
public protocol Cancellable {
    /// Stops the activity and frees what it holds.
    func cancel()
}

extension Cancellable {
    /// Keeps this cancellable in `collection` (type-erased).
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Keeps this cancellable in `set` (type-erased).
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

/// A type-erased cancellable that cancels when it is deinitialised, as Combine's: keeping it
/// (in a property, or a `Set` through `store(in:)`) keeps the subscription alive.
public final class AnyCancellable: Cancellable, Hashable {
    private var cancelAction: (() -> Void)?

    /// Calls `cancel` once, on `cancel()` or deinit.
    public init(_ cancel: @escaping () -> Void) {
        self.cancelAction = cancel
    }

    public init<C: Cancellable>(_ canceller: C) {
        self.cancelAction = canceller.cancel
    }

    deinit { cancelAction?() }

    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
