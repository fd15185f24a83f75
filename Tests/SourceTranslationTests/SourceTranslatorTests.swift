import Foundation
import Testing

@testable import SourceTranslation

/// The translation of one file: its body between the `#sourceLocation` lines, what it appends,
/// and its diagnostics.
private func translated(_ source: String, path: String = "App/Feed.swift", alongside others: [String] = []) -> (
    body: String, full: String, diagnostics: [TranslationDiagnostic]
) {
    let files = [SourceTranslator.File(path: path, text: source)]
        + others.enumerated().map { SourceTranslator.File(path: "App/Other\($0.offset).swift", text: $0.element) }
    let output = SourceTranslator().translate(files)[0]
    guard let start = output.text.range(of: "line: 1)\n"), let end = output.text.range(of: "\n#sourceLocation()\n") else {
        return (output.text, output.text, output.diagnostics)
    }
    return (String(output.text[start.upperBound..<end.lowerBound]), output.text, output.diagnostics)
}

/// Spaces collapsed and trailing ones dropped, so expectations do not depend on the blanks a
/// removal leaves.
private func squeezed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        var collapsed = ""
        for character in line where !(character == " " && collapsed.hasSuffix(" ")) { collapsed.append(character) }
        while collapsed.hasSuffix(" ") { collapsed.removeLast() }
        return collapsed
    }.joined(separator: "\n")
}

@Suite("scrollsim-prepare's translation of Objective-C constructs")
struct SourceTranslatorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var expected: String
        var testDescription: String { name }
    }

    static let selectorCases: [Case] = [
        Case(
            name: "an unqualified method is qualified with the class it is written in",
            source: "class Feed { func f() { c.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged) } }",
            expected: #"class Feed { func f() { c.addTarget(self, action: Selector("refresh:", sending: Feed.refresh(_:)), for: .valueChanged) } }"#),
        Case(
            name: "self. is the class",
            source: "class Feed { func f() { _ = #selector(self.done) } }",
            expected: #"class Feed { func f() { _ = Selector("done", sending: Feed.done) } }"#),
        Case(
            name: "a nested class is named from the outside",
            source: "struct Screen { final class Cell { func f() { _ = #selector(tap) } } }",
            expected: #"struct Screen { final class Cell { func f() { _ = Selector("tap", sending: Screen.Cell.tap) } } }"#),
        Case(
            name: "an extension names its type",
            source: "extension Feed.Header { func f() { _ = #selector(load(page:)) } }",
            expected: #"extension Feed.Header { func f() { _ = Selector("loadWithPage:", sending: Feed.Header.load(page:)) } }"#),
        Case(
            name: "a qualified method stays as written",
            source: "let s = #selector(UIResponder.resignFirstResponder)",
            expected: #"let s = Selector("resignFirstResponder", sending: UIResponder.resignFirstResponder)"#),
        Case(
            name: "an instance's method is bound to it",
            source: "class A { func f() { _ = #selector(viewModel.reload) } }",
            expected: #"class A { func f() { _ = Selector("reload", bound: viewModel.reload) } }"#),
        Case(
            name: "a getter is a name",
            source: "class A { func f() { _ = #selector(getter: Feed.title) } }",
            expected: #"class A { func f() { _ = Selector("title") } }"#),
        Case(
            name: "a setter is a name",
            source: "class A { func f() { _ = #selector(setter: Feed.title) } }",
            expected: #"class A { func f() { _ = Selector("setTitle:") } }"#),
        Case(
            name: "a method of a protocol the module declares is a name",
            source: "protocol FeedDelegate {}\nclass A { func f() { _ = #selector(FeedDelegate.feedDidLoad) } }",
            expected: "protocol FeedDelegate {}\n" + #"class A { func f() { _ = Selector("feedDidLoad") } }"#),
        Case(
            name: "in a protocol extension the method is Self's",
            source: "protocol Refreshing {}\nextension Refreshing { func f() { _ = #selector(refresh) } }",
            expected: "protocol Refreshing {}\n" + #"extension Refreshing { func f() { _ = Selector("refresh", sending: Self.refresh) } }"#),
        Case(
            name: "a selector across lines keeps the lines",
            source: "class A { func f() { _ = #selector(\n    tableView(_:didSelectRowAt:)\n) } }",
            expected: #"class A { func f() { _ = Selector("tableView:didSelectRowAt:", sending: A.tableView(_:didSelectRowAt:))"# + "\n\n } }"),
        Case(
            name: "#keyPath drops the type",
            source: "let p = #keyPath(Feed.author.name)",
            expected: #"let p = "author.name""#),
        Case(
            name: "strings and comments are left alone",
            source: "let s = \"#selector(a) @objc\" // #selector(b)\n/* @objc /* nested */ #keyPath(c) */",
            expected: "let s = \"#selector(a) @objc\" // #selector(b)\n/* @objc /* nested */ #keyPath(c) */"),
        Case(
            name: "interpolations nest strings",
            source: ##"let s = "\("#selector(a)" + "\(x)")" + "done" ; _ = #selector(Feed.a)"##,
            expected: ##"let s = "\("#selector(a)" + "\(x)")" + "done" ; _ = Selector("a", sending: Feed.a)"##),
        Case(
            name: "raw strings end at their hashes",
            source: ###"let s = #"a "quoted" #selector(x)"# ; _ = #selector(Feed.b)"###,
            expected: ###"let s = #"a "quoted" #selector(x)"# ; _ = Selector("b", sending: Feed.b)"###),
    ]

    @Test("#selector and #keyPath", arguments: selectorCases)
    func selectors(_ example: Case) {
        #expect(translated(example.source).body == example.expected)
    }

    static let attributeCases: [Case] = [
        Case(
            name: "@objc and @objc(name) go, dynamic stays",
            source: "class A {\n    @objc(reloadWithSender:) func reload(_ s: Any) {}\n    @objc dynamic var count = 0\n}",
            expected: "class A {\n func reload(_ s: Any) {}\n dynamic var count = 0\n}"),
        Case(
            name: "Interface Builder attributes go",
            source: "@IBDesignable class V: UIView {\n    @IBInspectable var radius: CGFloat = 0\n    @IBAction func tap(_ sender: Any) {}\n}",
            expected: " class V: UIView {\n var radius: CGFloat = 0\n func tap(_ sender: Any) {}\n}"),
        Case(
            name: "an outlet is a wrapper told its name, and is no longer weak",
            source: "class C {\n    @IBOutlet private weak var titleLabel: UILabel!\n}",
            expected: "class C {\n @InterfaceBuilderOutlet(\"titleLabel\") private var titleLabel: UILabel!\n}"),
        Case(
            name: "an outlet collection",
            source: "class C {\n    @IBOutlet var buttons: [UIButton]!\n}",
            expected: "class C {\n @InterfaceBuilderOutlet(\"buttons\") var buttons: [UIButton]!\n}"),
        Case(
            name: "a managed attribute",
            source: "class Post: NSManagedObject {\n    @NSManaged public var title: String?\n}",
            expected: "class Post: NSManagedObject {\n @NSManagedAttribute(\"title\") public var title: String?\n}"),
        Case(
            name: "an @objc protocol becomes class-bound",
            source: "@objc protocol FeedDelegate {\n}\n@objc public protocol P: Q {\n}\n@objc protocol R: NSObjectProtocol {}",
            expected: " protocol FeedDelegate: AnyObject {\n}\n public protocol P: Q, AnyObject {\n}\n protocol R: NSObjectProtocol {}"),
        Case(
            name: "os(iOS) is true in #if, other platforms false",
            source: "#if os(iOS) && !os(macOS)\nlet a = 1\n#elseif os(Linux)\nlet a = 2\n#endif",
            expected: "#if true && !false\nlet a = 1\n#elseif false\nlet a = 2\n#endif"),
        Case(
            name: "the app's entry point goes",
            source: "@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n@UIApplicationMain final class D {}",
            expected: "\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n final class D {}"),
        Case(
            name: "a #Preview block goes, lines kept",
            source: "struct A {}\n#Preview(\"Feed\") {\n    FeedView(items: [1, 2])\n        .padding()\n}\nstruct B {}",
            expected: "struct A {}\n\n\n\n\nstruct B {}"),
        Case(
            name: "os.log is OSLog",
            source: "import os.log\nimport os\nimport Darwin",
            expected: "import OSLog\nimport OSLog\nimport Foundation"),
    ]

    @Test("attributes, protocols, conditions and imports", arguments: attributeCases)
    func attributes(_ example: Case) {
        #expect(squeezed(translated(example.source).body) == squeezed(example.expected))
    }

    @Test("lines stay where they were: every line of the original is at its number in the body")
    func linesKept() {
        let source = """
            import UIKit
            @objc protocol D {
                @objc optional func didTap()
            }
            class A: UIViewController {
                @IBOutlet weak var label: UILabel!
                override func viewDidLoad() {
                    button.addTarget(self, action: #selector(
                        tapped(_:)), for: .touchUpInside)
                    let k = #keyPath(A.label)
                }
                @objc func tapped(_ sender: UIButton) {}
            }
            """
        let body = translated(source).body.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(body.count == lines.count)
        #expect(body[5].contains("var label"))
        #expect(body[9].contains("let k = \"label\""))
        #expect(body[11].contains("func tapped"))
    }

    @Test("an @objc protocol's optional method gets an empty default, and its calls lose the ?")
    func optionalMethods() {
        let protocolFile = "@objc public protocol FeedDelegate {\n    @objc optional func feedDidRefresh(_ feed: Feed)\n}"
        let caller = "class Feed { weak var delegate: FeedDelegate?\n func f() { delegate?.feedDidRefresh?(self) } }"
        let declared = translated(protocolFile)
        #expect(declared.full.contains("extension FeedDelegate {\n    public func feedDidRefresh(_ feed: Feed) {}\n}"))
        #expect(!declared.body.contains("optional"))
        #expect(squeezed(translated(caller, alongside: [protocolFile]).body).contains("delegate?.feedDidRefresh (self)"))
    }

    @Test("an override in an extension moves into its class's body, reporting its own lines")
    func overridesMove() {
        let source = """
            final class Feed: UIViewController {
                let button = UIButton()
            }

            extension Feed {
                @objc override func viewDidLoad() {
                    button.addTarget(self, action: #selector(tap), for: .touchUpInside)
                }

                @objc func tap() {}
            }
            """
        let (body, _, diagnostics) = translated(source)
        #expect(diagnostics.isEmpty)
        let expectedClass = """
            final class Feed: UIViewController {
                let button = UIButton()
            #sourceLocation(file: "App/Feed.swift", line: 6)
                      override func viewDidLoad() {
                    button.addTarget(self, action: Selector("tap", sending: Feed.tap), for: .touchUpInside)
                }
            #sourceLocation(file: "App/Feed.swift", line: 3)
            }
            """
        #expect(body.hasPrefix(expectedClass))
        #expect(body.contains("extension Feed {\n\n\n\n\n          func tap() {}\n}"))
    }

    @Test("override as a name is not a modifier")
    func overrideAsName() {
        let source = "extension Item {\n    func open(override: Bool) -> Bool { override }\n}"
        #expect(translated(source).diagnostics.isEmpty)
    }

    @Test("what Linux cannot have is an error at its line")
    func diagnostics() {
        let source = """
            @objc protocol D {
                @objc optional func height() -> CGFloat
                @objc optional var title: String { get }
            }
            extension Feed {
                override func viewDidLoad() {}
            }
            func f() {}
            let s = #selector(loose)
            """
        let diagnostics = translated(source).diagnostics
        #expect(diagnostics.map(\.line) == [2, 3, 6, 9])
        #expect(diagnostics.map(\.severity) == [.error, .error, .error, .warning])
        #expect(diagnostics[0].message.contains("optional method height of D returns a value"))
        #expect(diagnostics[2].description.hasPrefix("App/Feed.swift:6:5: error: an override in an extension (of Feed)"))
    }

    @Test("a file that imports Foundation only gets Combine; one that makes selectors gets ObjectiveC")
    func implicitImports() {
        let model = translated("import Foundation\nfinal class Model: ObservableObject { @Published var x = 0 }").full
        #expect(model.contains("import Combine\n#sourceLocation"))
        let withUIKit = translated("import UIKit\nclass A { func f() { _ = #selector(A.f) } }").full
        #expect(!withUIKit.contains("import Combine") && !withUIKit.contains("import ObjectiveC"))
        let foundationSelector = translated("import Foundation\nclass A { func f() { _ = #selector(A.f) } }").full
        #expect(foundationSelector.contains("import ObjectiveC\nimport Combine\n"))
    }

    @Test("a file with nothing to translate is returned as it is")
    func untouched() {
        let source = "import UIKit\n\nstruct Post: Hashable { let id: Int }\n"
        let output = SourceTranslator().translate([SourceTranslator.File(path: "Post.swift", text: source)])[0]
        #expect(output.text == source)
        #expect(!output.changed)
    }

    @Test("Objective-C names of methods", arguments: [
        ("refresh", "refresh"), ("refresh(_:)", "refresh:"), ("load(page:)", "loadWithPage:"),
        ("tableView(_:didSelectRowAt:)", "tableView:didSelectRowAt:"), ("Feed.move(_:to:)", "move:to:"), ("f()", "f"),
    ])
    func objcNames(_ reference: String, _ name: String) {
        #expect(ObjCSelectorName.of(reference) == name)
    }
}
