import Foundation

/// UIKit's additions to Foundation's `IndexPath` (on Apple's systems they come with UIKit): a table view's
/// rows are `[section, row]`, a collection view's items `[section, item]`.
extension IndexPath {
    /// A table view's index path: `[section, row]`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// A collection view's index path: `[section, item]`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The second index (0 for a path shorter than two, where UIKit traps).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(row: newValue, section: section) } }
    }
    /// The second index, the same as `row` (0 for a path shorter than two, where UIKit traps).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
    /// The first index (0 for an empty path).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue]) } }
    }
}
