/// Why a layout pass runs (UIKit model 2.1 and 2.2).
public enum LayoutInvalidation: Sendable, Hashable {
    /// The first pass with non-empty bounds; set by the layout itself.
    case initial
    /// `invalidateLayout()`: every section is re-queried.
    case everything
    /// The bounds size changed (rotation, split view): every section is re-queried.
    case boundsSizeChange
    /// Safe area, margins or traits changed: every section is re-queried.
    case environmentChange
    /// A new configuration was assigned: every section is re-queried.
    case configurationChange
    /// Only these sections are re-queried; the others keep their descriptions (what a caching
    /// layout could do — the `targeted` policy).
    case sections(Set<Int>)
    /// A self-sizing cell changed size in these sections; re-queries every section when
    /// `LayoutConfiguration.selfSizingRequeriesProvider` is true (G1.10.3 [O]), none otherwise.
    case selfSizing(Set<Int>)

    /// Whether a pass answering `reasons` asks a flow layout's delegate again: every reason but a
    /// bounds, environment or self-sizing change does, since only those leave the data and the
    /// delegate's answers as they were (FL6).
    public static func asksFlowDelegate(_ reasons: [LayoutInvalidation]) -> Bool {
        !reasons.allSatisfy { reason in
            switch reason {
            case .boundsSizeChange, .environmentChange, .selfSizing: true
            case .initial, .everything, .configurationChange, .sections: false
            }
        }
    }

    /// A short name for logs.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .everything: "invalidateLayout"
        case .boundsSizeChange: "boundsSizeChange"
        case .environmentChange: "environmentChange"
        case .configurationChange: "configurationChange"
        case .sections: "sections"
        case .selfSizing: "selfSizing"
        }
    }
}

/// One layout pass: why it ran and which sections the provider was asked for.
public struct LayoutPass: Sendable, Hashable {
    /// 1 for the first pass of this layout.
    public var number: Int
    /// The invalidations it consumed, in the order they arrived (several coalesce into one pass,
    /// B1.1).
    public var reasons: [LayoutInvalidation]
    /// Section indices the provider was called for, ascending.
    public var queriedSections: [Int]
    /// Whether the provider is one UIKit supplies itself (a list layout, a table view): the
    /// sections were re-resolved, and no section provider of the app ran.
    public var resolvedInternally: Bool
    /// A flow layout's `sizeForItemAt` calls in each queried section, in `queriedSections`'
    /// order (FL5, FL6); empty for other layouts.
    public var sizeForItemCalls: [Int]

    public init(
        number: Int, reasons: [LayoutInvalidation], queriedSections: [Int], resolvedInternally: Bool = false,
        sizeForItemCalls: [Int] = []
    ) {
        self.number = number
        self.reasons = reasons
        self.queriedSections = queriedSections
        self.resolvedInternally = resolvedInternally
        self.sizeForItemCalls = sizeForItemCalls
    }
}

/// Counters of a layout's lifetime.
public struct LayoutStatistics: Sendable, Hashable {
    /// Layout passes run.
    public var layoutPasses = 0
    /// Section-provider calls by section index.
    public var sectionProviderCalls: [Int] = []
    /// A flow layout's `sizeForItemAt` calls by section index (FL5).
    public var sizeForItemCalls: [Int] = []

    /// Section-provider calls for one section: zero for a section never asked for, and for every
    /// section of a layout whose provider is not the app's.
    public func sectionProviderCalls(inSection index: Int) -> Int {
        sectionProviderCalls.indices.contains(index) ? sectionProviderCalls[index] : 0
    }

    /// A flow layout's `sizeForItemAt` calls for one section.
    public func sizeForItemCalls(inSection index: Int) -> Int {
        sizeForItemCalls.indices.contains(index) ? sizeForItemCalls[index] : 0
    }

    /// A flow layout's `sizeForItemAt` calls in all sections.
    public var totalSizeForItemCalls: Int { sizeForItemCalls.reduce(0, +) }

    /// Section-provider calls in all sections.
    public var totalSectionProviderCalls: Int { sectionProviderCalls.reduce(0, +) }

    mutating func countSizeForItemCalls(_ calls: Int, section: Int) {
        Self.add(calls, at: section, to: &sizeForItemCalls)
    }

    mutating func countCall(section: Int) { Self.add(1, at: section, to: &sectionProviderCalls) }

    /// Adds to a per-section counter, growing the list to reach `section`.
    private static func add(_ amount: Int, at section: Int, to counts: inout [Int]) {
        if counts.count <= section { counts.append(contentsOf: repeatElement(0, count: section + 1 - counts.count)) }
        counts[section] += amount
    }
}
