import ScrollSimUIKit

// The seed home screen's model, written as the iOS app has it: a JSON feed decoded with
// JSONDecoder, and items identified by a fresh UUID per item instance (docs/scenarios.md "Shipped scenarios", 1).

struct HomeFeed: Decodable {
    struct Consult: Decodable, Hashable, Sendable {
        let title: String
        let subtitle: String
    }

    struct Company: Decodable, Hashable, Sendable {
        let name: String
        let tagline: String
    }

    struct Expert: Decodable, Hashable, Sendable {
        let name: String
        let field: String
    }

    let consultList: [Consult]
    let companyInfoList: [Company]
    let expertList: [Expert]

    static let json = """
        {
          "consultList": [
            { "title": "Ask a pharmacist", "subtitle": "Answers within an hour" },
            { "title": "Book a check-up", "subtitle": "Clinics near you" },
            { "title": "Video consult", "subtitle": "Talk to a doctor now" }
          ],
          "companyInfoList": [
            { "name": "Northwind Health", "tagline": "Care that comes to you" },
            { "name": "Contoso Clinics", "tagline": "Open seven days" },
            { "name": "Fabrikam Labs", "tagline": "Results in 24 hours" },
            { "name": "Tailspin Therapy", "tagline": "Physio and rehab" },
            { "name": "Adatum Dental", "tagline": "Smile plans" }
          ],
          "expertList": [
            { "name": "Dr. Rivera", "field": "Cardiology" },
            { "name": "Dr. Chen", "field": "Dermatology" },
            { "name": "Dr. Okafor", "field": "Paediatrics" },
            { "name": "Dr. Novak", "field": "Neurology" }
          ]
        }
        """

    static func load() throws -> HomeFeed { try JSONDecoder().decode(HomeFeed.self, from: Data(json.utf8)) }
}

enum HomeSection: Int, CaseIterable, Hashable, Sendable {
    case consult, company, expert
}

/// One item instance: a new UUID each time, so re-appending the same company data makes new items.
enum HomeItem: Hashable, Sendable {
    case consult(UUID, HomeFeed.Consult)
    case company(UUID, HomeFeed.Company)
    case expert(UUID, HomeFeed.Expert)
}
