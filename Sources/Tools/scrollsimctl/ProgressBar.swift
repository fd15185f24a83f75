import Foundation
import Glibc

/// Progress on stderr for work that takes over a second. `auto` (the default): a bar, only when
/// stderr is a terminal and never with --json; `plain`: a line at each tenth, for CI logs that
/// show lines, not a redrawn bar; `none`: nothing.
final class ProgressBar {
    enum Mode: String {
        case auto, plain, none
    }

    private let mode: Mode
    private let label: String
    private let started = Date()
    private var shown = false
    private var lastTenth = 0

    init(label: String, json: Bool, mode: String? = nil) {
        self.label = label
        switch Mode(rawValue: mode ?? "auto") ?? .auto {
        case .auto: self.mode = !json && isatty(STDERR_FILENO) == 1 ? .auto : .none
        case .plain: self.mode = .plain
        case .none: self.mode = .none
        }
    }

    func update(_ fraction: Double) {
        let fraction = Swift.min(1, Swift.max(0, fraction))
        switch mode {
        case .none:
            return
        case .plain:
            let tenth = Int(fraction * 10)
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            FileHandle.standardError.write(Data("\(label) \(tenth * 10)%\n".utf8))
        case .auto:
            guard Date().timeIntervalSince(started) >= 1 else { return }
            shown = true
            let width = 30
            let filled = Int((fraction * Double(width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\(label) \(bar) \(Int(fraction * 100))%".utf8))
        }
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
