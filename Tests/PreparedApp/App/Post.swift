import Foundation

struct Post: Hashable, Decodable {
    let id: Int
    let title: String
    var isLiked = false

    enum CodingKeys: String, CodingKey { case id, title }
}
