import JSONModel

/// What `org.varlink.service.GetInfo` reports.
package struct VarlinkServiceInfo: Sendable, Hashable {
    package var vendor: String
    package var product: String
    package var version: String
    package var url: String

    package init(vendor: String, product: String, version: String, url: String) {
        self.vendor = vendor
        self.product = product
        self.version = version
        self.url = url
    }
}

/// Interfaces with their method handlers: parses and validates calls, dispatches them, and
/// answers `org.varlink.service` itself. Pure: no I/O (the daemon's connections call `handle`).
package final class VarlinkService {
    /// Handles one validated call: the reply's parameters, or a named error.
    package typealias Handler = (VarlinkCall) -> Result<[String: JSONValue], VarlinkError>

    /// The standard interface every service implements (varlink.org "Service"; UAPI.20).
    package static let serviceInterfaceText = """
        # The Varlink Service Interface is provided by every varlink service. It
        # describes the service and the interfaces it implements.
        interface org.varlink.service

        # Get a list of all the interfaces a service provides and information
        # about the implementation.
        method GetInfo() -> (
          vendor: string,
          product: string,
          version: string,
          url: string,
          interfaces: []string
        )

        # Get the description of an interface that is implemented by this service.
        method GetInterfaceDescription(interface: string) -> (description: string)

        # The requested interface was not found.
        error InterfaceNotFound (interface: string)

        # The requested method was not found
        error MethodNotFound (method: string)

        # The interface defines the requested method, but the service does not
        # implement it.
        error MethodNotImplemented (method: string)

        # One of the passed parameters is invalid.
        error InvalidParameter (parameter: string)

        # Client is denied access
        error PermissionDenied ()

        # Method is expected to be called with 'more' set to true, but wasn't
        error ExpectedMore ()

        """

    package let info: VarlinkServiceInfo
    private var interfaces: [String: VarlinkInterface] = [:]
    private var handlers: [String: Handler] = [:]
    /// Methods that only stream (called without `more` they answer ExpectedMore).
    private var streamingOnly: Set<String> = []
    /// The last call found valid, and its method. A polling client sends the same call again and
    /// again, and its connection hands back the same parsed value (`VarlinkConnection`), whose
    /// comparison is nearly free (same string and dictionary storage), where checking it anew
    /// walks the interface's types. A call stays valid: interfaces are only ever added. It keeps
    /// at most one call's memory alive, until the next valid call.
    private var lastValid: (call: VarlinkCall, method: VarlinkMethod)?

    package init(info: VarlinkServiceInfo) {
        self.info = info
        let service = try! VarlinkInterface(Self.serviceInterfaceText)  // a constant, checked by the tests
        interfaces[service.name] = service
        handlers["org.varlink.service.GetInfo"] = { [unowned self] _ in
            .success([
                "vendor": .string(info.vendor), "product": .string(info.product), "version": .string(info.version),
                "url": .string(info.url), "interfaces": .array(interfaceNames.map(JSONValue.string)),
            ])
        }
        handlers["org.varlink.service.GetInterfaceDescription"] = { [unowned self] call in
            guard case .string(let name)? = call.parameters["interface"], let interface = interfaces[name] else {
                let name = call.parameters["interface"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
                return .failure(.interfaceNotFound(name))
            }
            return .success(["description": .string(interface.description)])
        }
    }

    /// The implemented interfaces, `org.varlink.service` first.
    package var interfaceNames: [String] {
        ["org.varlink.service"] + interfaces.keys.filter { $0 != "org.varlink.service" }.sorted()
    }

    /// The parsed interface named `name`.
    package func interface(named name: String) -> VarlinkInterface? { interfaces[name] }

    /// Adds an interface and its handlers, keyed by member name. Every method of the IDL must have
    /// a handler or be `deferred`, and every handler a method: the interface description and the
    /// method table cannot drift apart.
    /// - Parameters:
    ///   - streaming: methods that only stream (called without `more`: `ExpectedMore`).
    ///   - deferred: methods the caller answers itself, later (streams, long jobs); `handle` does
    ///     not run them, `validate` checks their calls.
    package func register(
        _ interface: VarlinkInterface, handlers table: [String: Handler], streamingOnly streaming: Set<String> = [],
        deferred: Set<String> = []
    ) throws(VarlinkRegistrationError) {
        guard interfaces[interface.name] == nil else { throw .duplicateInterface(interface.name) }
        let declared = Set(interface.methods.keys)
        let implemented = Set(table.keys).union(deferred)
        guard declared == implemented else {
            throw .mismatch(
                interface: interface.name, withoutHandler: declared.subtracting(implemented).sorted(),
                undeclared: implemented.subtracting(declared).sorted())
        }
        interfaces[interface.name] = interface
        for (member, handler) in table { handlers["\(interface.name).\(member)"] = handler }
        for member in streaming { streamingOnly.insert("\(interface.name).\(member)") }
    }

    /// Resolves and validates a call without running it (the daemon uses this for streams).
    package func validate(_ call: VarlinkCall) -> Result<VarlinkMethod, VarlinkError> {
        if let lastValid, lastValid.call == call { return .success(lastValid.method) }
        guard let interface = interfaces[call.interface] else { return .failure(.interfaceNotFound(call.interface)) }
        guard let method = interface.methods[call.member] else { return .failure(.methodNotFound(call.method)) }
        if let bad = interface.invalidParameter(in: call.parameters, for: method.input) {
            return .failure(.invalidParameter(bad))
        }
        if streamingOnly.contains(call.method) && !call.more { return .failure(.expectedMore) }
        lastValid = (call, method)
        return .success(method)
    }

    /// Answers one call: the handler's reply or an error; nil for `oneway` (no reply at all).
    package func handle(_ call: VarlinkCall) -> VarlinkReply? {
        let reply: VarlinkReply
        switch validate(call) {
        case .failure(let error):
            reply = VarlinkReply(error: error)
        case .success:
            guard let handler = handlers[call.method] else {
                reply = VarlinkReply(error: .methodNotImplemented(call.method))
                break
            }
            switch handler(call) {
            case .success(let parameters): reply = VarlinkReply(parameters: parameters)
            case .failure(let error): reply = VarlinkReply(error: error)
            }
        }
        return call.oneway ? nil : reply
    }
}

/// A service set up inconsistently (a bug of ours, found at start-up and by the tests).
package enum VarlinkRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    case duplicateInterface(String)
    case mismatch(interface: String, withoutHandler: [String], undeclared: [String])

    package var description: String {
        switch self {
        case .duplicateInterface(let name): "interface \(name) is registered twice"
        case .mismatch(let name, let missing, let extra):
            "interface \(name): methods without a handler: \(missing.joined(separator: ", ")); handlers for undeclared methods: \(extra.joined(separator: ", "))"
        }
    }
}
