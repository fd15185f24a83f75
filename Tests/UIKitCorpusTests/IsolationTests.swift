import Testing
// Built in Swift 5 language mode, as most app code still is: UIKit's main-actor annotations reach
// it as @preconcurrency, so nonisolated functions, initialisers of plain classes and top-level
// code call UIKit without errors. ScrollSimUIKit must allow the same.
import UIKit

/// A model value that builds its image from nonisolated code, as sample code does.
struct Mountain: Hashable {
    let name: String
    let height: Int
    var symbol: UIImage? { UIImage(systemName: "mountain.2") }
    var tint: UIColor { height > 8000 ? .systemRed : .systemBlue }
}

/// A plain class whose initialiser configures UIKit objects (no @MainActor anywhere).
final class LayoutFactory {
    let configuration: UICollectionLayoutListConfiguration
    let layout: UICollectionViewLayout

    init() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.showsSeparators = true
        self.configuration = configuration
        layout = UICollectionViewCompositionalLayout.list(using: configuration)
    }
}

/// A nonisolated free function making a layout, as tutorials write `createLayout()`.
func makeGridLayout() -> UICollectionViewLayout {
    let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
        subitems: [item])
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}

/// Top-level state built with UIKit, as a file-scope constant.
let sharedBackground = UIColor(displayP3Red: 0.9, green: 0.9, blue: 0.95, alpha: 1)

@Suite("isolation as UIKit has it")
struct IsolationTests {
    @Test("nonisolated code, plain initialisers and top-level constants use UIKit (Swift 5 mode)")
    func nonisolatedCallers() throws {
        // This test function is nonisolated itself.
        let factory = LayoutFactory()
        #expect(factory.configuration.appearance == .insetGrouped)
        #expect(makeGridLayout() is UICollectionViewCompositionalLayout)
        #expect(Mountain(name: "K2", height: 8611).tint == .systemRed)
        #expect(Mountain(name: "Mont Blanc", height: 4808).symbol?.name == "mountain.2")
        #expect(sharedBackground.alpha == 1)
    }
}

/// The same code type-checked by the compiler in both language modes: Swift 5 accepts it silently,
/// Swift 6 reports UIKit's main-actor isolation (as it does for UIKit's @preconcurrency
/// annotations: a diagnostic the author sees, downgraded to a warning so existing code builds).
@Suite("isolation checking by language mode")
struct IsolationCheckingTests {
    static let source = """
        import ScrollSimUIKit
        func reload() {
            let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(
                using: UICollectionLayoutListConfiguration(appearance: .plain)))
            view.reloadData()
        }
        """

    /// `swiftc -typecheck` of `source` against the built ScrollSimUIKit module.
    static func typecheck(swiftVersion: String) throws -> (status: Int32, output: String) {
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-swift-version", swiftVersion, "-typecheck", "-I", modules.path, "-I",
            root.appendingPathComponent("Sources/Core/CMath").path, "-I",
            root.appendingPathComponent("Sources/Facade/CRuntimeHooks/include").path,
            file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("Swift 5: no diagnostic; Swift 6: the main-actor isolation of UICollectionView and reloadData is reported")
    func byMode() throws {
        let five = try Self.typecheck(swiftVersion: "5")
        #expect(five.status == 0)
        #expect(!five.output.contains("main actor-isolated"), "\(five.output)")
        let six = try Self.typecheck(swiftVersion: "6")
        #expect(
            six.output.contains("call to main actor-isolated initializer 'init(frame:collectionViewLayout:)'"), "\(six.output)")
        #expect(six.output.contains("call to main actor-isolated instance method 'reloadData()'"), "\(six.output)")
    }
}
