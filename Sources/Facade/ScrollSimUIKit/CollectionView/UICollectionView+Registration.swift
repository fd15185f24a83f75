import Foundation

/// Numbers registrations, so each gets its own reuse identifier.
@preconcurrency @MainActor
enum RegistrationCounter {
    static var next = 0

    static func make() -> (number: Int, madeInsideRequest: Bool) {
        next += 1
        return (next, UICollectionView.requestDepth > 0)
    }
}

/// UIKit's message when a registration is made inside a cell or supplementary provider.
private let registrationInsideProviderReason =
    "Attempted to dequeue a cell using a registration that was created inside -collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider. Creating a new registration each time a cell is requested will prevent reuse and cause created cells to remain inaccessible in memory for the lifetime of the collection view. Registrations should be created up front and reused."

extension UICollectionView {
    /// A cell class and the code that configures it for an item (UIKit's
    /// `UICollectionView.CellRegistration`). Create it once, outside the cell provider.
    @preconcurrency @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void

        let number: Int
        let madeInsideRequest: Bool
        let handler: Handler

        public init(handler: @escaping Handler) {
            (number, madeInsideRequest) = RegistrationCounter.make()
            self.handler = handler
        }

        var reuseIdentifier: String { "CellRegistration-\(number)-\(Cell.self)" }
    }

    /// A supplementary view class and its configuration (UIKit's
    /// `UICollectionView.SupplementaryRegistration`).
    @preconcurrency @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void

        public let elementKind: String
        let number: Int
        let madeInsideRequest: Bool
        let handler: Handler

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            (number, madeInsideRequest) = RegistrationCounter.make()
            self.handler = handler
        }

        var reuseIdentifier: String { "SupplementaryRegistration-\(number)-\(Supplementary.self)" }
    }

    /// Dequeues a cell of the registration's class and runs its handler with `item`.
    public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        guard !UIKitException.isPending else { return Cell(scrollsimReuse: ()) }
        if registration.madeInsideRequest {
            UIKitException.raise(registrationInsideProviderReason)
            return Cell(scrollsimReuse: ())
        }
        if registeredRegistrations.insert(registration.number).inserted {
            register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
        }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
        guard !UIKitException.isPending, let typed = cell as? Cell else { return Cell(scrollsimReuse: ()) }
        guard let item else {
            UIKitException.raise("dequeueConfiguredReusableCell was given a nil item for index path \(indexPath)")
            return typed
        }
        registration.handler(typed, indexPath, item)
        return typed
    }

    /// Dequeues a supplementary view of the registration's class and runs its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        guard !UIKitException.isPending else { return Supplementary(scrollsimReuse: ()) }
        if registration.madeInsideRequest {
            UIKitException.raise(registrationInsideProviderReason)
            return Supplementary(scrollsimReuse: ())
        }
        if registeredRegistrations.insert(registration.number).inserted {
            register(
                Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
                withReuseIdentifier: registration.reuseIdentifier)
        }
        let view = dequeueReusableSupplementaryView(
            ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
        guard !UIKitException.isPending, let typed = view as? Supplementary else { return Supplementary(scrollsimReuse: ()) }
        registration.handler(typed, registration.elementKind, indexPath)
        return typed
    }
}
