import Foundation
import SourceTranslation

// scrollsim-prepare: translates an iOS app's Swift files so they compile on Linux (Objective-C
// attributes, #selector, outlets; see SourceTranslator), writing each to the output folder under
// its own name. The app's files are only read. The ScrollSimPrepare plugin runs it during a build;
// by hand: scrollsim-prepare --output DIR FILE...
//
// Diagnostics print in the compiler's format against the original files. Exit status: 0 when
// every file was written (warnings allowed), 1 when the translation found Objective-C Linux cannot
// have (the build would fail on it anyway; the message says why), 64 on a usage error, 74 when a
// file cannot be read or written.

let usage = "usage: scrollsim-prepare --output DIR FILE.swift... (folders are read for their .swift files)"
var arguments = Array(CommandLine.arguments.dropFirst())
guard let flag = arguments.firstIndex(of: "--output"), flag + 1 < arguments.count else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[flag + 1])
arguments.removeSubrange(flag...flag + 1)
if arguments.isEmpty || arguments.contains(where: { $0.hasPrefix("-") }) {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}

do {
    let paths = try PreparedSources.swiftFiles(in: arguments)
    let files = try paths.map { SourceTranslator.File(path: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
    let outputs = SourceTranslator().translate(files)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    var failed = false
    for (path, translated) in zip(PreparedSources.outputNames(for: paths), outputs) {
        for diagnostic in translated.diagnostics {
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
            failed = failed || diagnostic.severity == .error
        }
        let destination = output.appendingPathComponent(path)
        // Unchanged translations are not rewritten, so the compiler does not rebuild them.
        if (try? String(contentsOf: destination, encoding: .utf8)) != translated.text {
            try translated.text.write(to: destination, atomically: true, encoding: .utf8)
        }
    }
    exit(failed ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("scrollsim-prepare: \(error)\n".utf8))
    exit(74)
}
