extension FileTranslation {
    /// `import os` and `import os.log` (a Clang module with a submodule, which Swift modules
    /// cannot be) become `import OSLog`, where `Logger` and `os_log` are on Linux too; `import
    /// Darwin` becomes `import Foundation`, which brings the C library on Linux.
    mutating func translateImport(at index: Int) {
        guard let module = significantToken(index + 1), module.kind == .word else { return }
        let name = text(of: module)
        var end = module.range.upperBound
        if name == "os", significantText(index + 2) == ".", let sub = significantToken(index + 3), touch(index + 1) {
            end = sub.range.upperBound
        }
        switch name {
        case "os": replace(module.range.lowerBound..<end, with: "OSLog")
        case "Darwin": replace(module.range, with: "Foundation")
        default: break
        }
    }

    /// The modules the translated file needs beyond its own imports: `ObjectiveC` for the
    /// selectors it now makes, and, for a file that imports Foundation without UIKit, what Apple's
    /// Foundation brings (Combine's `ObservableObject` and `@Published`, `URLSession`: scrollsim's
    /// `Combine` re-exports its networking).
    mutating func addImplicitImports(declarations: ProjectDeclarations) {
        let imported = Set(
            significant.indices.compactMap { index -> String? in
                significantText(index) == "import" ? significantText(index + 1) : nil
            })
        let bringsRuntime: Set<String> = ["UIKit", "SwiftUI", "ObjectiveC"]
        if imported.isDisjoint(with: bringsRuntime), edits.contains(where: { $0.text.hasPrefix("Selector(") }) {
            addImport("ObjectiveC")
        }
        if options.foundationAsOnApple, imported.contains("Foundation"),
            imported.isDisjoint(with: ["UIKit", "SwiftUI", "Combine"])
        {
            addImport("Combine")
        }
    }
}
