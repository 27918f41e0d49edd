import Foundation

/// Where one element of a collection view goes and how it looks (UIKit's UICollectionViewLayoutAttributes):
/// a layout makes these, and the collection view applies them to its cells and supplementary views.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    /// What kind of element a set of attributes describes (UIKit's raw values).
    public enum ElementCategory: UInt, Sendable {
        /// An item's cell (raw value 0).
        case cell
        /// A supplementary view, such as a section header or footer (raw value 1).
        case supplementaryView
        /// A decoration view (raw value 2); decoration views are absent, so the collection view shows nothing for these.
        case decorationView
    }

    /// The element's frame in the collection view's content coordinates (default zero); the view gets its size
    /// as bounds and its midpoint as centre.
    open var frame: CGRect = .zero
    /// The midpoint of `frame`; setting it moves the frame, keeping its size.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The size of `frame`; setting it resizes the frame about its centre.
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width, height: newValue.height)
        }
    }
    /// The frame's size at origin zero; setting it resizes the frame about its centre (the origin given is ignored).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// The view's opacity, 0 to 1 (default 1).
    open var alpha: CGFloat = 1
    /// The view's affine transform, about its centre (default identity).
    open var transform: CGAffineTransform = .identity
    /// The element's stacking order: it becomes the view's layer's `zPosition`, and where items overlap the one
    /// with the highest `zIndex` is hit by `indexPathForItem(at:)` (default 0).
    open var zIndex = 0
    /// Whether the view is hidden (default false); a hidden item is not hit by `indexPathForItem(at:)`.
    open var isHidden = false
    /// The element's index path (default item 0 in section 0); for a flow layout's headers and footers, item 0
    /// of their section.
    open var indexPath = IndexPath(item: 0, section: 0)
    /// Whether these are a cell's, a supplementary view's or a decoration view's attributes, fixed by the
    /// initialiser (`.cell` for `init()`).
    public let representedElementCategory: ElementCategory
    /// The supplementary or decoration view's kind, nil for a cell.
    public let representedElementKind: String?

    public required override init() {
        representedElementCategory = .cell
        representedElementKind = nil
        super.init()
    }

    private init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        representedElementCategory = category
        representedElementKind = kind
        self.indexPath = indexPath
        super.init()
    }

    /// Attributes for the cell of the item at an index path.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Attributes for a supplementary view of a kind (such as `UICollectionView.elementKindSectionHeader`) at an
    /// index path.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    }

    /// Attributes for a decoration view of a kind at an index path. Decoration views are absent: the collection
    /// view shows nothing for them. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: decorationViewKind, indexPath: indexPath)
    }

    /// A copy with the same values (layouts hand out copies so that callers may change them).
    open func copy() -> UICollectionViewLayoutAttributes {
        let made = UICollectionViewLayoutAttributes(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
        made.frame = frame
        made.alpha = alpha
        made.transform = transform
        made.zIndex = zIndex
        made.isHidden = isHidden
        return made
    }

    /// The key the collection view keeps the element's view under.
    var elementKey: ElementKey { ElementKey(kind: representedElementKind, indexPath: indexPath) }
}

/// A cell (`kind` nil) or supplementary view of a kind, at an index path.
struct ElementKey: Hashable, Comparable {
    let kind: String?
    let indexPath: IndexPath
    static func < (a: ElementKey, b: ElementKey) -> Bool {
        a.indexPath != b.indexPath ? a.indexPath < b.indexPath : (a.kind ?? "") < (b.kind ?? "")
    }
}
