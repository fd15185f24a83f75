import JSONModel
import Scenario
import Testing

/// `validate` reports every error it can tell apart, each at its place in the file.
@Suite("every error of a scenario")
struct AllErrorsTests {
    static let section =
        #"{"id": "s", "items": {"count": 10}, "layout": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}"#

    static func errors(_ text: String) throws -> [String] {
        ScenarioParser().allErrors(try JSONValue.parse(Array(text.utf8)).get()).map { error in
            if case .invalid(let path, _) = error { return path }
            return "\(error)"
        }
    }

    @Test("two typos in one section, typos in two script steps and one in the viewport: each reported, the steps at their own indices")
    func typosEverywhere() throws {
        let typoed = Self.section.replacingOccurrences(of: #""items""#, with: #""itemz""#)
            .replacingOccurrences(of: #""layout""#, with: #""layuot""#)
        let text =
            #"{"name": "t", "viewport": {"widht": 390, "height": 844}, "sections": [\#(typoed)], "script": ["#
            + #"{"at": 1, "flingg": {"velocity": 100}}, {"at": 2, "fling": {"velocity": 100}}, {"at": 3, "fling": {"velocity": 1, "sektion": "s"}}]}"#
        let found = try Self.errors(text)
        // A misspelt required key is reported where it belongs ("required; found 'itemz' instead").
        #expect(found == ["viewport.widht", "sections[0].items", "sections[0].layout", "script[0]", "script[2].fling.sektion"], "\(found)")
    }

    @Test("a typo read on as its suggestion raises no follow-on 'required' error, and a correct file has none")
    func noFollowOns() throws {
        let typoed = Self.section.replacingOccurrences(of: #""items""#, with: #""itms""#)
        let found = try Self.errors(#"{"name": "t", "sections": [\#(typoed)]}"#)
        #expect(found == ["sections[0].items"], "\(found)")
        #expect(try Self.errors(#"{"name": "t", "sections": [\#(Self.section)]}"#).isEmpty)
    }
}
