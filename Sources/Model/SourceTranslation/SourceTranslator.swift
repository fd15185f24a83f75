/// Translates an iOS app's Swift files so that they compile on Linux, where Swift has no
/// Objective-C interoperability, without editing them: the app's files stay as they are, and the
/// translation goes to the build (`scrollsim-prepare`, run by the `ScrollSimPrepare` plugin).
///
/// What it does, each keeping the file's lines where they were (diagnostics and debuggers point
/// at the original through `#sourceLocation`):
/// - removes `@objc`, `@objc(name)`, `@objcMembers`, `@nonobjc`, `@IBAction`, `@IBInspectable`,
///   `@IBDesignable`, `@IBSegueAction` (`dynamic` stays: Swift has it natively), and the app's
///   entry point (`@main`, `@UIApplicationMain`) and `#Preview { … }` blocks, which never run here;
/// - makes an `@objc protocol` class-bound, as Objective-C protocols are, and gives its `@objc
///   optional` methods that return nothing an empty default (calls `delegate?.method?()` become
///   `delegate?.method()`);
/// - turns `#selector(refresh(_:))` in `FeedViewController` into
///   `Selector("refresh:", sending: FeedViewController.refresh(_:))` (a selector that carries
///   its method), `#selector(getter: …)` into a name, and `#keyPath(Feed.title)` into `"title"`;
/// - turns `@IBOutlet weak var label: UILabel!` into `@InterfaceBuilderOutlet("label") var label:
///   UILabel!`, whose nil reads are reported by name instead of crashing;
/// - turns `@NSManaged var title: String?` into `@NSManagedAttribute("title") var title: String?`;
/// - evaluates `os(…)` in `#if` as on iOS (`os(iOS)` is true), and imports `OSLog` where the file
///   imports `os` or `os.log`;
/// - gives a file that imports Foundation what Apple's Foundation brings: Combine's
///   `ObservableObject` and `@Published`, and `URLSession` (through scrollsim's `Combine`).
///
/// - moves an `override` written in an extension into its class's body, when the class is declared
///   in the same file (Swift allows overrides in extensions only for Objective-C methods).
///
/// What Linux cannot have at all (an `override` in an extension of a class declared elsewhere, an
/// optional requirement that returns a value) is reported as a diagnostic at its line.
public struct SourceTranslator: Sendable {
    /// A source file: its path (as diagnostics name it) and its text.
    public struct File: Sendable {
        public var path: String
        public var text: String
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A translated file and what the translation has to say about it.
    public struct Output: Sendable {
        public var path: String
        public var text: String
        public var diagnostics: [TranslationDiagnostic]
        /// Whether anything was changed (imports added count).
        public var changed: Bool
    }

    /// Choices about how the app's files are read.
    public struct Options: Sendable {
        /// `#if os(iOS)` true and every other `os(…)` false, as when building for iOS.
        public var conditionsAsOnIOS = true
        /// A file that imports Foundation also sees Combine and `URLSession`, as on Apple platforms.
        public var foundationAsOnApple = true
        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// Translates `files` together: a protocol declared in one file is known in the others (an
    /// extension of it, calls of its optional methods).
    /// - Complexity: O(n) in the total length of the files.
    public func translate(_ files: [File]) -> [Output] {
        let parsed = files.map { FileTranslation(file: $0, options: options) }
        var declarations = ProjectDeclarations()
        for file in parsed { file.collectDeclarations(into: &declarations) }
        return parsed.map { file in
            var file = file
            return file.translate(knowing: declarations)
        }
    }
}

/// What the translation learns from all the files before translating any: the protocols they
/// declare, and the optional methods of their `@objc` protocols.
struct ProjectDeclarations {
    var protocols: Set<String> = []
    /// Names of `@objc optional` methods that return nothing: their calls lose the `?`.
    var optionalMethods: Set<String> = []
}
