import CoreData
import Foundation
import ScrollSimUIKit
import Testing

private final class Note: NSManagedObject {
    @NSManagedAttribute("title") var title: String?
    @NSManagedAttribute("pinned") var pinned: Bool?
}

@MainActor
private final class NotesScreen: NSObject, NSFetchedResultsControllerDelegate {
    var snapshots: [NSDiffableDataSourceSnapshot<String, NSManagedObjectID>] = []
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
        snapshots.append(snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>)
    }
}

@Suite("CoreData stand-in: managed objects, IDs, fetches, fetched results")
@MainActor
struct CoreDataStandInTests {
    @Test("managed attributes are stored by name and read back; IDs identify objects")
    func attributes() throws {
        let container = NSPersistentContainer(name: "Notes")
        let context = container.viewContext
        let note = Note(context: context)
        note.title = "Groceries"
        #expect(note.title == "Groceries")
        #expect(note.value(forKey: "title") as? String == "Groceries")
        #expect(note.pinned == nil)
        #expect(try context.existingObject(with: note.objectID) === note)
        #expect(note.objectID != Note(context: context).objectID)
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
    }

    @Test("a fetched-results controller hands its delegate a snapshot of object IDs")
    func fetchedResults() throws {
        let context = NSPersistentContainer(name: "Notes").viewContext
        let notes = (1...3).map { number -> Note in
            let note = Note(context: context)
            note.title = "Note \(number)"
            return note
        }
        let request = NSFetchRequest<Note>(entityName: "Note")
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        let screen = NotesScreen()
        controller.delegate = screen
        try controller.performFetch()
        #expect(screen.snapshots.first?.itemIdentifiers == notes.map(\.objectID))
        #expect(controller.object(at: IndexPath(item: 1, section: 0)) === notes[1])
    }

    @Test("a predicate is kept, not evaluated, and the simulator says so")
    func predicates() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let context = NSPersistentContainer(name: "Notes").viewContext
        _ = Note(context: context)
        let request = NSFetchRequest<Note>(entityName: "Note")
        request.predicate = NSPredicate(format: "title == %@", "x")
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        var fetched = 0
        try simulator.perform { fetched = (try? context.fetch(request).count) ?? -1 }
        #expect(fetched == 1)
        #expect(simulator.warnings.contains { $0.contains("does not evaluate") })
    }
}

@Suite("CoreData stand-in: a fetched-results controller follows its context's saves")
@MainActor
struct FetchedResultsTrackingTests {
    @Test("after performFetch, a save that adds objects, or changes one fetched, gives the delegate a new snapshot; other saves none")
    func followsSaves() throws {
        let context = NSPersistentContainer(name: "Notes").viewContext
        let first = Note(context: context)
        try context.save()
        let controller = NSFetchedResultsController(
            fetchRequest: NSFetchRequest<Note>(entityName: "Note"), managedObjectContext: context, sectionNameKeyPath: nil,
            cacheName: nil)
        let screen = NotesScreen()
        controller.delegate = screen
        try controller.performFetch()
        #expect(screen.snapshots.count == 1)

        let second = Note(context: context)
        try context.save()
        #expect(screen.snapshots.count == 2)
        #expect(screen.snapshots.last?.itemIdentifiers == [first.objectID, second.objectID])
        #expect(screen.snapshots.last?.reconfiguredItemIdentifiers.isEmpty == true)

        first.title = "Renamed"
        try context.save()
        #expect(screen.snapshots.count == 3)
        #expect(screen.snapshots.last?.reconfiguredItemIdentifiers == [first.objectID])

        // Nothing the controller fetched changed: no snapshot.
        try context.save()
        #expect(screen.snapshots.count == 3)
        context.delete(second)
        try context.save()
        #expect(screen.snapshots.last?.itemIdentifiers == [first.objectID])
    }
}
