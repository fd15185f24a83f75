import UIKit

/// The feed's backend: pages of stories, a page of posts.
final class FeedAPI {
    struct Page: Decodable {
        var ids: [Int]
        var hasMore: Bool
    }

    static let base = "https://api.example.com"
    let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func stories(page: Int, completion: @escaping (Result<Page, Error>) -> Void) {
        load("\(Self.base)/stories?page=\(page)", completion: completion)
    }

    func posts(completion: @escaping (Result<Page, Error>) -> Void) {
        load("\(Self.base)/posts", completion: completion)
    }

    private func load(_ address: String, completion: @escaping (Result<Page, Error>) -> Void) {
        let task = session.dataTask(with: URL(string: address)!) { data, _, error in
            let result: Result<Page, Error>
            if let data {
                result = Result { try JSONDecoder().decode(Page.self, from: data) }
            } else {
                result = .failure(error ?? URLError(.badServerResponse))
            }
            DispatchQueue.main.async { completion(result) }
        }
        task.resume()
    }
}
