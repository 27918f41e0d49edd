import Foundation

/// A rectangle that takes part in Auto Layout without being a view (UIKit's UILayoutGuide): spacers,
/// `layoutMarginsGuide`, `safeAreaLayoutGuide`. Its frame is the engine's solution, in the owning view's
/// coordinates.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// The view the guide belongs to, set by that view's `addLayoutGuide(_:)` (a guide added to another view
    /// leaves this one) and cleared by `removeLayoutGuide(_:)`; held weakly.
    open internal(set) weak var owningView: UIView?
    /// A name for debugging, shown in constraint descriptions (empty by default; `UIViewLayoutMarginsGuide` and
    /// `UIViewSafeAreaLayoutGuide` for a view's system guides).
    open var identifier = ""
    /// Which of its owner's rectangles the engine ties it to (nil: only the app's constraints place it).
    var binding: LayoutGuideBinding?
    lazy var variables = ItemVariables()

    public override init() { super.init() }

    /// Its rectangle in the owning view's coordinates, as last solved.
    open var layoutFrame: CGRect {
        guard let owner = owningView, let engine = owner.layoutEngineIfActive else { return .zero }
        engine.syncAndSolve()
        return engine.rect(of: variables, in: owner)
    }

    /// The guide's leading edge: its left edge, or its right edge when the owning view lays out right to left.
    /// A new anchor object on each read.
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The guide's trailing edge: its right edge, or its left edge when the owning view lays out right to left.
    /// A new anchor object on each read.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The guide's left edge. A new anchor object on each read.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The guide's right edge. A new anchor object on each read.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The guide's top edge. A new anchor object on each read.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The guide's bottom edge. A new anchor object on each read.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The guide's width. A new anchor object on each read.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The guide's height. A new anchor object on each read.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// The guide's horizontal centre. A new anchor object on each read.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The guide's vertical centre. A new anchor object on each read.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
}

/// The owner's rectangles a system guide follows.
enum LayoutGuideBinding {
    case layoutMargins, safeArea
}
