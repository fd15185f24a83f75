import Foundation
import Glibc

/// A progress bar on stderr for work that takes over a second, only when stderr is a terminal
/// (and never with --json): scripts and CI logs get none.
final class ProgressBar {
    private let enabled: Bool
    private let label: String
    private let started = Date()
    private var shown = false

    init(label: String, json: Bool) {
        self.label = label
        enabled = !json && isatty(STDERR_FILENO) == 1
    }

    func update(_ fraction: Double) {
        guard enabled, Date().timeIntervalSince(started) >= 1 else { return }
        shown = true
        let width = 30
        let filled = Int((Swift.min(1, Swift.max(0, fraction)) * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(Int(fraction * 100))%".utf8))
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
