import CommandLineSpec
import Foundation

/// What a picture is written as: SVG, or PNG through `rsvg-convert` (librsvg, the renderer the
/// tests check the pictures with; Debian's `librsvg2-bin`, which the package recommends).
enum PictureFormat: String {
    case svg, png

    /// `--format`, else the output file's extension, else SVG.
    init(_ arguments: Arguments, file: String?) throws {
        if let named = arguments.options["format"] {
            self = PictureFormat(rawValue: named) ?? .svg
        } else if let file, URL(fileURLWithPath: file).pathExtension.lowercased() == "png" {
            self = .png
        } else {
            self = .svg
        }
        if self == .png, Self.converter == nil {
            throw UsageError(Self.missingConverter)
        }
    }

    /// What a PNG asked for without `rsvg-convert` is told.
    static let missingConverter =
        "PNG pictures are drawn by rsvg-convert, which is not installed (Debian: apt-get install librsvg2-bin)"

    /// `rsvg-convert` on the PATH.
    static var converter: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The picture's bytes in this format.
    func encode(_ svg: String) throws -> Data {
        guard self == .png, let converter = Self.converter else { return Data(svg.utf8) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format", "png"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Written on another thread: a large picture fills the pipe before rsvg-convert answers.
        let svgData = Data(svg.utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(svgData)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw ClientError.cannotWrite("rsvg-convert could not draw the picture (exit \(process.terminationStatus))")
        }
        return png
    }
}
