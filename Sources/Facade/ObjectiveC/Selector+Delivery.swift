extension Selector {
    /// What sending a selector to a target did.
    public enum Delivery: Equatable, Sendable {
        /// The method ran.
        case sent
        /// The selector is a name alone (`Selector("done")`): there is no method to call on Linux.
        case nameOnly
        /// The target is not of the class whose method the selector calls.
        case targetLacksMethod
        /// The sender or event is not of the type the method takes.
        case argumentMismatch
    }

    /// Calls the method on `target` with `sender` (and `event`, for a two-argument method), as
    /// Objective-C's message send would. An action method that takes no argument ignores both.
    @discardableResult
    public func send(to target: AnyObject, from sender: Any?, event: Any? = nil) -> Delivery {
        guard let method else { return .nameOnly }
        return method.call(target, sender, event)
    }

    /// Why a send did not run the method, in the app's words, or nil when it ran.
    public func failure(_ delivery: Delivery, target: AnyObject?, sender: Any?) -> String? {
        let targetName = target.map { "\(Swift.type(of: $0))" } ?? "no target"
        switch delivery {
        case .sent: return nil
        case .nameOnly:
            return
                "the action '\(name)' is a selector made from a string, which Linux cannot send: write #selector(…) and build the file through scrollsim-prepare, or use a UIAction"
        case .targetLacksMethod:
            let owner = targetType.map { "\($0)" } ?? "?"
            return "the action '\(name)' is a method of \(owner), and its target is a \(targetName)"
        case .argumentMismatch:
            let expected = method?.parameterTypes.map { "\($0)" }.joined(separator: ", ") ?? ""
            let given = sender.map { "\(Swift.type(of: $0))" } ?? "nil"
            return "the action '\(name)' of \(targetName) takes (\(expected)) and was sent a \(given)"
        }
    }
}
