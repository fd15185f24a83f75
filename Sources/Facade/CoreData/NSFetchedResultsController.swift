import Foundation
import ScrollSimUIKit

/// A fetched-results controller (`NSFetchedResultsController`): fetches, and hands its delegate
/// the results as a diffable snapshot of object IDs (one section), as iOS 13 and later do.
open class NSFetchedResultsController<ResultType>: NSObject, @unchecked Sendable {
    // Unchecked: used on its context's queue, as Core Data requires.
    public let fetchRequest: NSFetchRequest<ResultType>
    public let managedObjectContext: NSManagedObjectContext
    public let sectionNameKeyPath: String?
    public let cacheName: String?
    open weak var delegate: NSFetchedResultsControllerDelegate?
    open private(set) var fetchedObjects: [ResultType]?

    public init(
        fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
        sectionNameKeyPath: String?, cacheName name: String?
    ) {
        self.fetchRequest = fetchRequest
        self.managedObjectContext = context
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = name
        super.init()
    }

    /// Fetches, then gives the delegate the snapshot of the results; from then on each save of
    /// its context fetches again and, when the results or one of them changed, gives the delegate
    /// the new snapshot, changed objects marked reconfigured, as Core Data tracks a controller's
    /// results once it has fetched.
    open func performFetch() throws {
        fetchedObjects = try managedObjectContext.fetch(fetchRequest)
        startTrackingSaves()
        deliver(updated: [])
    }

    private var saveObserver: NSObjectProtocol?

    private func startTrackingSaves() {
        guard saveObserver == nil else { return }
        saveObserver = NotificationCenter.default.addObserver(
            forName: NSManagedObjectContext.didSaveObjectsNotification, object: managedObjectContext, queue: nil
        ) { [weak self] notification in
            self?.contextDidSave(notification)
        }
    }

    deinit {
        if let saveObserver { NotificationCenter.default.removeObserver(saveObserver) }
    }

    private func contextDidSave(_ notification: Notification) {
        let before = objectIDs
        guard let refetched = try? managedObjectContext.fetch(fetchRequest) else { return }
        fetchedObjects = refetched
        let updated = (notification.userInfo?[NSUpdatedObjectsKey] as? Set<NSManagedObject> ?? []).map(\.objectID)
        let changed = updated.filter { Set(objectIDs).contains($0) }
        guard objectIDs != before || !changed.isEmpty else { return }
        deliver(updated: changed)
    }

    private var objectIDs: [NSManagedObjectID] {
        (fetchedObjects ?? []).compactMap { ($0 as? NSManagedObject)?.objectID ?? ($0 as? NSManagedObjectID) }
    }

    private func deliver(updated: [NSManagedObjectID]) {
        guard let delegate else { return }
        var snapshot = NSDiffableDataSourceSnapshotReference()
        snapshot.appendSections(["0"])
        snapshot.appendItems(objectIDs)
        if !updated.isEmpty { snapshot.reconfigureItems(updated) }
        let erased = erasedForDelegate
        // Its context's queue is the main one here (a context runs its blocks on the caller's).
        MainActor.assumeIsolated {
            delegate.controllerWillChangeContent(erased)
            delegate.controller(erased, didChangeContentWith: snapshot)
            delegate.controllerDidChangeContent(erased)
        }
    }

    /// The controller as its delegate sees it: Objective-C generics are erased, so a delegate
    /// takes `NSFetchedResultsController<NSFetchRequestResult>`; a controller of another result
    /// type is shown to it through a copy of its request, context and results.
    var erasedForDelegate: NSFetchedResultsController<NSFetchRequestResult> {
        if let same = self as? NSFetchedResultsController<NSFetchRequestResult> { return same }
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: fetchRequest.entityName ?? "")
        let copy = NSFetchedResultsController<NSFetchRequestResult>(
            fetchRequest: request, managedObjectContext: managedObjectContext, sectionNameKeyPath: sectionNameKeyPath,
            cacheName: cacheName)
        copy.fetchedObjects = fetchedObjects?.compactMap { $0 as? NSFetchRequestResult }
        return copy
    }

    open func object(at indexPath: IndexPath) -> ResultType { fetchedObjects![indexPath.item] }

    open func indexPath(forObject object: ResultType) -> IndexPath? {
        fetchedObjects?.firstIndex { ($0 as AnyObject) === (object as AnyObject) }.map { IndexPath(item: $0, section: 0) }
    }

    open var sections: [NSFetchedResultsSectionInfo]? {
        fetchedObjects.map { [SectionInfo(objects: $0)] }
    }

    struct SectionInfo: NSFetchedResultsSectionInfo {
        var objects: [Any]?
        var name: String { "" }
        var indexTitle: String? { nil }
        var numberOfObjects: Int { objects?.count ?? 0 }
        init(objects: [ResultType]) { self.objects = objects }
    }
}

/// The snapshot a fetched-results controller gives its delegate (UIKit's
/// `NSDiffableDataSourceSnapshotReference`): section names and object IDs, so the cast apps
/// write, `snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>`, holds as it is.
public typealias NSDiffableDataSourceSnapshotReference = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>

/// A section of fetched results (`NSFetchedResultsSectionInfo`).
public protocol NSFetchedResultsSectionInfo {
    var name: String { get }
    var indexTitle: String? { get }
    var numberOfObjects: Int { get }
    var objects: [Any]? { get }
}

/// A fetched-results controller's delegate (`NSFetchedResultsControllerDelegate`).
@preconcurrency @MainActor
public protocol NSFetchedResultsControllerDelegate: AnyObject {
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference)
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
}

extension NSFetchedResultsControllerDelegate {
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {}
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}
    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}
}
