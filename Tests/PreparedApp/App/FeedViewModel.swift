import Foundation
import os.log

/// Loads the feed page by page. Imports Foundation only, as view models do on iOS, where
/// Foundation brings ObservableObject, @Published and URLSession.
final class FeedViewModel: ObservableObject {
    @Published private(set) var posts: [Post] = []
    @Published private(set) var isLoading = false
    private var nextPage = 0
    private let log = Logger(subsystem: "com.example.feed", category: "FeedViewModel")

    func loadNextPage() {
        guard !isLoading else { return }
        isLoading = true
        let url = AppEnvironment.feedURL.appendingPathComponent("\(nextPage)")
        URLSession.shared.dataTask(with: url) { [weak self] data, _, error in
            guard let data, let page = try? JSONDecoder().decode([Post].self, from: data) else {
                self?.log.error("page failed: \(String(describing: error), privacy: .public)")
                DispatchQueue.main.async { self?.isLoading = false }
                return
            }
            DispatchQueue.main.async {
                guard let self else { return }
                self.posts += page
                self.nextPage += 1
                self.isLoading = false
                self.log.debug("loaded page \(self.nextPage) with \(page.count) posts")
            }
        }.resume()
    }

    func reload() {
        posts = []
        nextPage = 0
        loadNextPage()
    }
}
