/// What a record states as fields beside its `detail` text, so that programs (traces, pictures)
/// read it without parsing the text.
public enum RecordFacts: Sendable, Hashable {
    case none
    /// A layout pass: its number, the sections it asked the app's section provider for (or
    /// re-resolved itself, `resolvedInternally`: a list or flow layout), and a flow layout's
    /// `sizeForItemAt` calls (FL5).
    case layoutPass(number: Int, sections: [String], resolvedInternally: Bool, sizeForItemCalls: Int)
    /// A step of a data request; `page` when it loads a feed's page.
    case request(RequestStep, page: Int?)
}

extension RecordFacts {
    /// The sections a layout pass ran the app's section provider for: none for other records and
    /// for a layout UIKit supplies, which re-resolves its sections itself.
    public var sectionsAskedOfProvider: [String] {
        if case .layoutPass(_, let sections, false, _) = self { return sections }
        return []
    }
}

/// The steps of a data request, in the order they happen.
public enum RequestStep: String, Sendable, Hashable, CaseIterable {
    /// A feed's trigger fired.
    case triggered
    /// A trigger fired while a request was in flight: no request.
    case suppressed
    case issued
    case completed
    /// Failed; retried or given up, as the detail says.
    case failed
}
