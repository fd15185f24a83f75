import Foundation
import Testing
import UIKit

/// Names an app file sees from `import Foundation` and `import UIKit` together mean what they mean
/// on iOS: UIKit adds to Foundation's types and declares none of the same name.
@MainActor
@Suite("Corpus: Foundation's names under import UIKit")
struct FoundationNamesTests {
    @Test("IndexPath is Foundation's: a dictionary keyed by it is written as apps write it, [IndexPath: CGSize]()")
    func indexPathDictionary() {
        var sizes = [IndexPath: CGSize]()
        sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 10, height: 20)
        sizes[[0, 2]] = .zero
        #expect(sizes.count == 2 && sizes[IndexPath(item: 1, section: 0)]?.height == 20)
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
    }
}
