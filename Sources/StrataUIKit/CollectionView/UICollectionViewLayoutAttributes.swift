import Foundation

/// Where one element of a collection view goes and how it looks (UIKit's UICollectionViewLayoutAttributes):
/// a layout makes these, and the collection view applies them to its cells and supplementary views.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

    open var frame: CGRect = .zero
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width, height: newValue.height)
        }
    }
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    open var alpha: CGFloat = 1
    open var transform: CGAffineTransform = .identity
    open var zIndex = 0
    open var isHidden = false
    open var indexPath = IndexPath(item: 0, section: 0)
    public let representedElementCategory: ElementCategory
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

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    }

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
