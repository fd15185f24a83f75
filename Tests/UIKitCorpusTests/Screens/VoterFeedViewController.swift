// A paged list of voters as production apps write one: a feed manager that requests pages on
// its own serial queue and publishes results through a Combine subject, a view controller that
// hops to the main queue, keeps the voters in a @Published array and asks for the next page from
// willDisplay near the end; compiled unchanged against the UIKit module.
import Combine
import Foundation
import UIKit

struct Voter: Hashable {
    let id: String
    let amount: Int
}

struct VoterPage {
    let voters: [Voter]
}

/// Requests pages on its own queue; each answer arrives `latency` seconds later.
class VoterFeedManager {
    static let queue = DispatchQueue(label: "app.feed.voters", qos: .userInitiated)

    let results = PassthroughSubject<VoterPage, Never>()
    var isRequestingPage = false
    var didReachEnd = false
    private var nextPage = 0
    private let pageSize: Int
    private let total: Int
    private let latency: TimeInterval
    /// How an answer is delivered: after `latency` on the manager's queue in the app.
    var deliver: (TimeInterval, @escaping () -> Void) -> Void = { delay, work in
        VoterFeedManager.queue.asyncAfter(deadline: .now() + delay) { work() }
    }

    init(pageSize: Int = 30, total: Int = 130, latency: TimeInterval = 0.5) {
        self.pageSize = pageSize
        self.total = total
        self.latency = latency
    }

    func requestNewPage() {
        VoterFeedManager.queue.async { [self] in
            guard !isRequestingPage, !didReachEnd else { return }
            isRequestingPage = true
            let page = nextPage
            nextPage += 1
            deliver(latency) { [self] in
                let first = page * pageSize
                let last = min(first + pageSize, total)
                let voters = first < last ? (first..<last).map { Voter(id: "voter-\($0)", amount: 21 * ($0 + 1)) } : []
                didReachEnd = voters.isEmpty
                isRequestingPage = false
                results.send(VoterPage(voters: voters))
            }
        }
    }
}

final class VoterCell: UITableViewCell {
    let nameLabel = UILabel()
    let amountLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        let stack = UIStackView(arrangedSubviews: [nameLabel, amountLabel])
        stack.axis = .horizontal
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class VoterFeedViewController: UIViewController, UITableViewDelegate {
    enum Section { case main }

    let manager: VoterFeedManager
    @Published private(set) var voters: [Voter] = []
    private var cancellables: Set<AnyCancellable> = []
    private lazy var tableView = UITableView(frame: view.bounds, style: .plain)
    private var dataSource: UITableViewDiffableDataSource<Section, Voter>!
    private let spinner = UIActivityIndicatorView(style: .medium)

    init(manager: VoterFeedManager = VoterFeedManager()) {
        self.manager = manager
        super.init(nibName: nil, bundle: nil)
        manager.results
            .receive(on: DispatchQueue.main)
            .sink { [weak self] page in self?.voters += page.voters }
            .store(in: &cancellables)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Votes"
        view.addSubview(tableView)
        tableView.register(VoterCell.self, forCellReuseIdentifier: "voter")
        tableView.rowHeight = 56
        tableView.delegate = self
        tableView.backgroundView = spinner
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, voter in
            let cell = tableView.dequeueReusableCell(withIdentifier: "voter", for: indexPath) as! VoterCell
            cell.nameLabel.text = voter.id
            cell.amountLabel.text = "\(voter.amount) sats"
            return cell
        }
        dataSource.defaultRowAnimation = .none
        $voters
            .dropFirst()
            .sink { [weak self] voters in self?.apply(voters) }
            .store(in: &cancellables)
        spinner.startAnimating()
        manager.requestNewPage()
    }

    private func apply(_ voters: [Voter]) {
        spinner.stopAnimating()
        var snapshot = NSDiffableDataSourceSnapshot<Section, Voter>()
        snapshot.appendSections([.main])
        snapshot.appendItems(voters)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        if indexPath.row >= voters.count - 10 {
            manager.requestNewPage()
        }
    }
}
