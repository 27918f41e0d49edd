import Foundation

/// A rectangle that takes part in Auto Layout without being a view (UIKit's UILayoutGuide): spacers,
/// `layoutMarginsGuide`, `safeAreaLayoutGuide`. Its frame is the engine's solution, in the owning view's
/// coordinates.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    open internal(set) weak var owningView: UIView?
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

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
}

/// The owner's rectangles a system guide follows.
enum LayoutGuideBinding {
    case layoutMargins, safeArea
}
