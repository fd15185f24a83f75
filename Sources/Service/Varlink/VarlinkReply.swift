import Foundation
import JSONModel

/// A named Varlink error with its parameters.
package struct VarlinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fully qualified, e.g. `org.varlink.service.MethodNotFound`.
    package var name: String
    package var parameters: [String: JSONValue]

    package init(_ name: String, _ parameters: [String: JSONValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    package static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError("org.varlink.service.InterfaceNotFound", ["interface": .string(interface)])
    }
    /// Carries the full method name, as systemd does.
    package static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError("org.varlink.service.MethodNotFound", ["method": .string(method)])
    }
    package static func methodNotImplemented(_ method: String) -> VarlinkError {
        VarlinkError("org.varlink.service.MethodNotImplemented", ["method": .string(method)])
    }
    package static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError("org.varlink.service.InvalidParameter", ["parameter": .string(parameter)])
    }
    package static let permissionDenied = VarlinkError("org.varlink.service.PermissionDenied")
    package static let expectedMore = VarlinkError("org.varlink.service.ExpectedMore")

    package var description: String {
        parameters.isEmpty ? name : "\(name) \(String(decoding: JSONValue.object(parameters).encoded(), as: UTF8.self))"
    }
}

/// One reply (varlink.org "Method Call" replies; UAPI.20 "Reply").
package struct VarlinkReply: Sendable, Hashable {
    package var parameters: [String: JSONValue]
    /// Only in answer to `more`: true on every reply but the last.
    package var continues: Bool
    package var error: VarlinkError?
    /// The parameters already encoded as a JSON object (a cached reply); used instead of
    /// `parameters` when set.
    package var encodedParameters: [UInt8]?

    package init(parameters: [String: JSONValue] = [:], continues: Bool = false) {
        self.parameters = parameters
        self.continues = continues
        self.error = nil
    }

    /// A reply whose parameters are JSON text encoded before (`JSONValue.encodedBytes()`).
    package init(encodedParameters: [UInt8]) {
        self.parameters = [:]
        self.continues = false
        self.error = nil
        self.encodedParameters = encodedParameters
    }

    package init(error: VarlinkError) {
        self.parameters = error.parameters
        self.continues = false
        self.error = error
    }

    /// The reply as JSON plus the terminating NUL. Empty parameters are omitted (UAPI.20); an
    /// error never carries `continues`.
    package func framed() -> Data {
        var bytes: [UInt8] = []
        frame(into: &bytes)
        return Data(bytes)
    }

    /// Made once: appending a string's UTF-8 view goes through the generic path on every reply.
    private static let parametersPrefix = Array(#"{"parameters":"#.utf8)

    /// Appends what `framed()` returns to `output`: a server writes replies straight into a
    /// connection's output this way, without an intermediate buffer to allocate and copy (a
    /// cached GetCounts call does little else).
    package func frame(into output: inout [UInt8]) {
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
