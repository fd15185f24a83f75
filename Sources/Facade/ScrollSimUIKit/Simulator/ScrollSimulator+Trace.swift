import Foundation
import JSONModel
import LayoutRender

extension ScrollSimulator {
    /// The run so far as a Chrome trace (the Trace Event Format Perfetto and chrome://tracing
    /// open), as `scrollsimctl trace` writes one for a scenario: a track per section with its
    /// provider calls, the layout passes, the applies, data requests from issue to completion,
    /// gestures and warnings, and the counts over virtual time.
    public func chromeTrace(title: String = "ScrollSimulator") -> String {
        let records = events
        let trace = ChromeTrace(
            title: title, sections: sectionNamesByName().sorted { $0.value < $1.value }.map(\.key),
            events: records,
            dropped: Swift.max(0, (records.first?.sequence ?? 1) - 1), source: "ScrollSimulator.chromeTrace")
        return String(decoding: trace.json().encoded(), as: UTF8.self)
    }
}
