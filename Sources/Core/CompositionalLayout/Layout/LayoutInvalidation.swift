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

    public init(number: Int, reasons: [LayoutInvalidation], queriedSections: [Int], resolvedInternally: Bool = false) {
        self.number = number
        self.reasons = reasons
        self.queriedSections = queriedSections
        self.resolvedInternally = resolvedInternally
    }
}

/// Counters of a layout's lifetime.
public struct LayoutStatistics: Sendable, Hashable {
    /// Layout passes run.
    public var layoutPasses = 0
    /// Section-provider calls by section index.
    public var sectionProviderCalls: [Int] = []

    /// Section-provider calls in all sections.
    public var totalSectionProviderCalls: Int { sectionProviderCalls.reduce(0, +) }

    mutating func countCall(section: Int) {
        if sectionProviderCalls.count <= section {
            sectionProviderCalls.append(contentsOf: repeatElement(0, count: section + 1 - sectionProviderCalls.count))
        }
        sectionProviderCalls[section] += 1
    }
}
