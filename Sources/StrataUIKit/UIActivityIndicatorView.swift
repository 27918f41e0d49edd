import Foundation
import Strata

/// UIKit's spinner in iOS 13's look: eight rounded spokes around the centre, the brightest one stepping
/// clockwise with the others fading behind it. The spokes are one `CAReplicatorLayer` (a spoke and seven
/// copies, each turned 45° back and dimmer) and the turning is a repeating discrete keyframe animation of the
/// replicator's rotation, so the server plays it on its own clock: it keeps turning while the app's main thread
/// is blocked.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The spinner's size and default colour, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// Deprecated: 37 points, white spokes by default (raw value 0).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "No longer supported; please adopt UIActivityIndicatorViewStyleLarge.")
        case whiteLarge = 0
        /// Deprecated: 20 points, white spokes by default (raw value 1).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "No longer supported; please adopt UIActivityIndicatorViewStyleMedium.")
        case white = 1
        /// Deprecated: 20 points, `UIColor.gray` spokes by default (raw value 2).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "No longer supported; please adopt UIActivityIndicatorViewStyleMedium.")
        case gray = 2
        /// 20 points, `secondaryLabel` spokes by default (raw value 100).
        case medium = 100
        /// 37 points, `secondaryLabel` spokes by default (raw value 101).
        case large = 101
    }

    /// Spokes, one turn of steps, and the time a turn takes (**choices**: UIKit publishes neither; iOS 13's
    /// spinner shows eight spokes and turns about once a second).
    static let spokeCount = 8
    static let turnDuration: CFTimeInterval = 1
    /// The key of the turning animation on the replicator.
    static let spinKey = "UIActivityIndicatorView.spin"

    private let spokes = CAReplicatorLayer()
    private let spoke = CALayer()
    private var ownColor: UIColor?
    private var animating = false

    /// Makes a stopped, hidden spinner of `style`, its frame the style's side square at the origin (20 or 37
    /// points). The designated initialiser, as UIKit's.
    public init(style: Style) {
        self.style = style
        let side = Self.side(for: style)
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
        setUp()
    }
    /// Makes a stopped, hidden `.medium` spinner; the spokes keep the style's size, centred in `frame`.
    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        setUp()
    }
    public required init?(coder: NSCoder) { nil }

    /// The look: `.medium` (20 points) or `.large` (37 points); the deprecated styles are those sizes in white
    /// or grey. Setting it resizes nothing (as UIKit's: the frame is the app's) but changes the spokes.
    open var style: Style { didSet { if style != oldValue { invalidateIntrinsicContentSize(); layoutSpokes() } } }
    /// The spokes' colour: set, or the style's (`secondaryLabel` for `.medium`/`.large`, **choice**: UIKit
    /// does not publish it; white or `UIColor.gray` for the deprecated styles).
    open var color: UIColor! {
        get { ownColor ?? Self.styleColor(style) }
        set { ownColor = newValue; layoutSpokes() }
    }
    /// Whether stopping hides the view (true, as UIKit's): a new indicator is hidden until it starts.
    open var hidesWhenStopped = true { didSet { if !animating { isHidden = hidesWhenStopped } } }
    /// Whether the spinner is turning: true from `startAnimating()` to `stopAnimating()`.
    open var isAnimating: Bool { animating }

    /// Shows the view and starts the server turning the spokes.
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        spokes.add(Self.spin(), forKey: Self.spinKey)
    }

    /// Stops the turning (the spokes rest at the start) and hides the view while `hidesWhenStopped`.
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        spokes.removeAnimation(forKey: Self.spinKey)
        if hidesWhenStopped { isHidden = true }
    }

    /// The style's side, whatever the frame (as UIKit's).
    open override var intrinsicContentSize: CGSize {
        let side = Self.side(for: style)
        return CGSize(width: side, height: side)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSpokes()
    }

    // MARK: the spokes

    private func setUp() {
        isUserInteractionEnabled = false
        isHidden = true
        spokes.instanceCount = Self.spokeCount
        // Each copy sits 45° anticlockwise of the one before and dimmer: the trail behind the bright spoke.
        spokes.instanceTransform = CATransform3DMakeRotation(-2 * .pi / CGFloat(Self.spokeCount), 0, 0, 1)
        spokes.instanceAlphaOffset = -Self.fade
        spokes.addSublayer(spoke)
        layer.addSublayer(spokes)
        layoutSpokes()
    }

    /// How much dimmer each spoke is than the one ahead of it (**choice**: the last of eight at 30 %).
    static let fade: Float = 0.1

    /// Spokes for the style's side centred in the bounds (**choices**, from iOS 13's look: a spoke is 0.12 of
    /// the side wide with round ends and runs from 0.2 to 0.5 of it from the centre; 2.4 × 6 points at 20).
    private func layoutSpokes() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let side = Self.side(for: style)
        spokes.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        spokes.position = CGPoint(x: bounds.midX, y: bounds.midY)
        let width = side * 0.12, length = side * 0.3
        // The first spoke points up; the replicator turns the copies about its centre.
        spoke.frame = CGRect(x: (side - width) / 2, y: 0, width: width, height: length)
        spoke.cornerRadius = width / 2
        spoke.backgroundColor = color
    }

    /// One turn in eight discrete steps of 45° clockwise, for ever.
    private static func spin() -> CAKeyframeAnimation {
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<spokeCount).map { NSNumber(value: Double($0) * 2 * .pi / Double(spokeCount)) }
        spin.keyTimes = (0..<spokeCount).map { NSNumber(value: Double($0) / Double(spokeCount)) }
        spin.calculationMode = .discrete
        spin.duration = turnDuration
        spin.repeatCount = .infinity
        return spin
    }

    static func side(for style: Style) -> CGFloat {
        switch style {
        case .large, .whiteLarge: 37
        case .medium, .white, .gray: 20
        }
    }

    static func styleColor(_ style: Style) -> UIColor {
        switch style {
        case .medium, .large: .secondaryLabel
        case .white, .whiteLarge: .white
        case .gray: .gray
        }
    }
}
