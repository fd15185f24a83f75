import Foundation
import VirtualRunLoop

/// Apple's unified-logging logger (`os.Logger`): each message goes to the simulator's event log
/// as app work (`log error com.example.feed/Feed: page 2 failed`), with values marked private
/// shown as `<private>`, as a device's log shows them. Outside a simulator call a message is held
/// for the next one on the same thread.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// The default log.
    public init() { self.init(subsystem: "", category: "") }

    public init(_ log: OSLog) { self.init(subsystem: log.subsystem, category: log.category) }

    public func log(_ message: OSLogMessage) { log(level: .default, message) }

    public func log(level: OSLogType, _ message: OSLogMessage) {
        let name = subsystem.isEmpty && category.isEmpty ? "" : " \(subsystem)/\(category)"
        AppClock.report(.log("log \(level.name)\(name): \(message.rendered)"))
    }

    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// A log's level (`OSLogType`).
public struct OSLogType: Equatable, Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(0x00)
    public static let info = OSLogType(0x01)
    public static let debug = OSLogType(0x02)
    public static let error = OSLogType(0x10)
    public static let fault = OSLogType(0x11)

    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "notice"
        }
    }
}

/// A log handle (`OSLog`), for `os_log` and `Logger(_:)`.
public final class OSLog: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")
    public static let pointsOfInterest = OSLog(subsystem: "", category: "PointsOfInterest")

    public func isEnabled(type: OSLogType) -> Bool { self !== OSLog.disabled }
    public var signpostsEnabled: Bool { false }
}

/// `os_log("Loaded %d posts", log: log, type: .info, count)`: the format is filled in as printf
/// would (`%{public}@` and `%{private}s` mark privacy).
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: CVarArg...) {
    guard log !== OSLog.disabled else { return }
    Logger(log).log(level: type, OSLogMessage(rendered: OSLogFormat.fill("\(message)", with: arguments)))
}

/// `os_log(.error, log: log, "…\(value)")`.
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {
    guard log !== OSLog.disabled else { return }
    Logger(log).log(level: type, message)
}

/// printf-style formats of `os_log`.
enum OSLogFormat {
    /// `format` filled with `arguments` as printf fills it; `%{private}…` shows `<private>` and
    /// `%{public}…` the value (privacy markers are not printf's).
    static func fill(_ format: String, with arguments: [CVarArg]) -> String {
        let conversions = Set("diouxXeEfFgGaAcsp@")
        var plain = ""
        var kept: [CVarArg] = []
        var remaining = arguments[...]
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            plain += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                plain += "%%"
                rest = rest.dropFirst()
                continue
            }
            var isPrivate = false
            if rest.first == "{", let close = rest.firstIndex(of: "}") {
                isPrivate = rest[..<close].contains("private")
                rest = rest[rest.index(after: close)...]
            }
            guard let conversion = rest.firstIndex(where: { conversions.contains($0) }) else { break }
            let spec = rest[...conversion]
            rest = rest[rest.index(after: conversion)...]
            let argument = remaining.popFirst()
            if isPrivate {
                plain += "<private>"
            } else if let argument {
                plain += "%" + spec
                kept.append(argument)
            }
        }
        plain += rest
        return String(format: plain, arguments: kept)
    }
}
