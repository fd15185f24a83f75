import Foundation
import ObjectiveC
import ScrollSimUIKit
import Testing
import UIKit

@testable import PreparedApp

/// The feed screen in Tests/PreparedApp/App is written as production apps write it with
/// Objective-C (target–action with #selector, a nib cell's outlets and IBAction, an @objc protocol
/// with an optional method, a selector-based notification observer, associated objects, a view
/// model importing Foundation only, os.log) and compiled unchanged through the ScrollSimPrepare
/// plugin. Its actions run when the simulator sends them, each logged.
@MainActor
@Suite("Production-style screens compiled unchanged through scrollsim-prepare")
struct PreparedAppTests {
    nonisolated static func page(_ ids: ClosedRange<Int>) -> String {
        "[" + ids.map { #"{"id": \#($0), "title": "Post \#($0)"}"# }.joined(separator: ",") + "]"
    }

    /// A simulator whose network answers the feed's pages of ten, and the feed shown on it, its
    /// cells' outlets connected as the nib would connect them.
    static func showFeed() throws -> (ScrollSimulator, FeedViewController) {
        UINib.connectOutlets(of: FeedCell.self) { cell in
            cell.titleLabel = UILabel()
            cell.setValue(UIButton(), forKey: "likeButton")
        }
        let simulator = feedSimulator()
        let feed = FeedViewController()
        feed.emptyLabel = UILabel()
        try simulator.show(UINavigationController(rootViewController: feed))
        try simulator.runUntilIdle()
        return (simulator, feed)
    }

    /// A simulator whose network answers the feed's pages of ten.
    static func feedSimulator() -> ScrollSimulator {
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.respond(to: "https://api.example.com/feed/") { request in
            let number = Int(request.url!.lastPathComponent)!
            return .json(Self.page(number * 10 + 1...number * 10 + 10))
        }
        return simulator
    }

    @Test("the first page lands through URLSession and Combine, and no outlet was left unconnected")
    func firstPage() throws {
        let (simulator, _) = try Self.showFeed()
        #expect(simulator.counts.dataRequests >= 1)
        #expect(simulator.collectionView?.numberOfItems(inSection: 0) ?? 0 >= 10)
        #expect(!simulator.warnings.contains { $0.contains("outlet") })
    }

    @Test("pull to refresh sends #selector(refresh(_:)) to the controller: it runs, reloads and is logged")
    func pullToRefresh() throws {
        let (simulator, feed) = try Self.showFeed()
        let requests = simulator.counts.dataRequests
        try simulator.pullToRefresh()
        try simulator.runUntilIdle()
        #expect(feed.refreshes == 1)
        #expect(simulator.counts.dataRequests > requests)
        #expect(simulator.events.contains { $0.detail.contains("action: 'refresh:' to FeedViewController from UIRefreshControl") })
    }

    @Test("a bar button item made with target and #selector runs its action when tapped")
    func barButton() throws {
        let (simulator, feed) = try Self.showFeed()
        try simulator.tap(try #require(feed.navigationItem.rightBarButtonItem))
        #expect(feed.composeTaps == 1)
    }

    @Test("a cell's IBAction sends through its delegate; its tap gesture reaches an @objc optional method")
    func cellActions() throws {
        let (simulator, feed) = try Self.showFeed()
        let cell = try #require(simulator.collectionView?.visibleCells.first as? FeedCell)
        try simulator.perform { cell.likeControl.sendActions(for: .touchUpInside) }
        #expect(feed.likes == 1)
        let tap = try #require(cell.titleLabel.gestureRecognizers?.first)
        #expect(try simulator.recognize(tap))
        #expect(feed.titleTaps == 1)
    }

    @Test("a notification reaches a selector-based observer, which then invalidates the layout")
    func notificationObserver() throws {
        let (simulator, feed) = try Self.showFeed()
        let passes = simulator.counts.layoutPasses
        try simulator.perform {
            NotificationCenter.default.post(name: UIContentSizeCategory.didChangeNotification, object: nil)
        }
        #expect(feed.textSizeChanges == 1)
        #expect(simulator.counts.layoutPasses > passes)
        #expect(simulator.events.contains { $0.detail.contains("notification UIContentSizeCategoryDidChangeNotification sent 'textSizeChanged:'") })
    }

    @Test("an outlet nothing connected is named in the warnings and read as a stand-in, not a crash")
    func unconnectedOutlet() throws {
        UINib.connectOutlets(of: FeedCell.self) { cell in cell.titleLabel = UILabel() }
        let simulator = Self.feedSimulator()
        try simulator.show(FeedViewController())
        try simulator.runUntilIdle()
        #expect(simulator.warnings.contains { $0.contains("unconnected outlets likeButton") })
        #expect(simulator.warnings.contains { $0.contains("the outlet FeedViewController.emptyLabel was read") && $0.contains("stand-in UILabel") })
        #expect(simulator.collectionView?.numberOfItems(inSection: 0) ?? 0 >= 10)
    }

    @Test("the view model's os.log messages reach the event log, private values hidden")
    func logging() throws {
        let (simulator, _) = try Self.showFeed()
        #expect(simulator.events.contains { $0.detail == "log debug com.example.feed/FeedViewModel: loaded page 1 with 10 posts" })
    }

    @Test("associated objects keep a value beside a view")
    func associatedObjects() throws {
        let view = UIView()
        #expect(view.badgeCount == nil)
        view.badgeCount = 3
        #expect(view.badgeCount == 3)
        view.badgeCount = nil
        #expect(view.badgeCount == nil)
    }
}
