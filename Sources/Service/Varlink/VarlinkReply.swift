import Foundation
import JSONModel

/// A named Varlink error with its parameters.
public struct VarlinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fully qualified, e.g. `org.varlink.service.MethodNotFound`.
    public var name: String
    public var parameters: [String: JSONValue]

    public init(_ name: String, _ parameters: [String: JSONValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    public static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError("org.varlink.service.InterfaceNotFound", ["interface": .string(interface)])
    }
    /// Carries the full method name, as systemd does.
    public static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError("org.varlink.service.MethodNotFound", ["method": .string(method)])
    }
    public static func methodNotImplemented(_ method: String) -> VarlinkError {
        VarlinkError("org.varlink.service.MethodNotImplemented", ["method": .string(method)])
    }
    public static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError("org.varlink.service.InvalidParameter", ["parameter": .string(parameter)])
    }
    public static let permissionDenied = VarlinkError("org.varlink.service.PermissionDenied")
    public static let expectedMore = VarlinkError("org.varlink.service.ExpectedMore")

    public var description: String {
        parameters.isEmpty ? name : "\(name) \(String(decoding: JSONValue.object(parameters).encoded(), as: UTF8.self))"
    }
}

/// One reply (varlink.org "Method Call" replies; UAPI.20 "Reply").
public struct VarlinkReply: Sendable, Hashable {
    public var parameters: [String: JSONValue]
    /// Only in answer to `more`: true on every reply but the last.
    public var continues: Bool
    public var error: VarlinkError?
    /// The parameters already encoded as a JSON object (a cached reply); used instead of
    /// `parameters` when set.
    public var encodedParameters: [UInt8]?

    public init(parameters: [String: JSONValue] = [:], continues: Bool = false) {
        self.parameters = parameters
        self.continues = continues
        self.error = nil
    }

    /// A reply whose parameters are JSON text encoded before (`JSONValue.encodedBytes()`).
    public init(encodedParameters: [UInt8]) {
        self.parameters = [:]
        self.continues = false
        self.error = nil
        self.encodedParameters = encodedParameters
    }

    public init(error: VarlinkError) {
        self.parameters = error.parameters
        self.continues = false
        self.error = error
    }

    /// The reply as JSON plus the terminating NUL. Empty parameters are omitted (UAPI.20); an
    /// error never carries `continues`.
    public func framed() -> Data {
        var bytes: [UInt8] = []
        frame(into: &bytes)
        return Data(bytes)
    }

    /// Made once: appending a string's UTF-8 view goes through the generic path on every reply.
    private static let parametersPrefix = Array(#"{"parameters":"#.utf8)

    /// Appends what `framed()` returns to `output`: a server writes replies straight into a
    /// connection's output this way, without an intermediate buffer to allocate and copy (a
    /// cached GetCounts call does little else).
    public func frame(into output: inout [UInt8]) {
        if let encodedParameters, error == nil, !continues {
            output.append(contentsOf: Self.parametersPrefix)
            output.append(contentsOf: encodedParameters)
            output.append(UInt8(ascii: "}"))
            output.append(0)
            return
        }
        var fields: [String: JSONValue] = [:]
        if !parameters.isEmpty { fields["parameters"] = .object(parameters) }
        if let error {
            fields["error"] = .string(error.name)
        } else if continues {
            fields["continues"] = .bool(true)
        }
        JSONValue.object(fields).encode(into: &output)
        output.append(0)
    }
}
