import CollectionTypes
import Foundation

// On Apple platforms UIKit adds these to Foundation's IndexPath; Linux Foundation lacks them.
extension Foundation.IndexPath {
    /// An index path for an item in a collection view (`[section, item]`).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// An index path for a row in a table or list.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section (first index).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item (second index).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row: the same index as `item`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The engine's index path.
    var core: ItemPath { ItemPath(item: self[1], section: self[0]) }

    init(_ core: ItemPath) { self.init(indexes: [core.section, core.item]) }
}
