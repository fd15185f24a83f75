import Foundation
import SafariServices
import ScrollSimUIKit
import Testing

@Suite("SafariServices stand-in")
@MainActor
struct SafariServicesStandInTests {
    @Test("a Safari controller keeps its URL and is listed among those shown")
    func shown() {
        let url = URL(string: "https://example.com/terms")!
        let safari = SFSafariViewController(url: url)
        safari.dismissButtonStyle = .close
        #expect(safari.url == url)
        #expect(SFSafariViewController.shownURLs.contains(url))
    }
}
