import Foundation
import Strata

/// UIKit's progress bar: a track across the bounds and, over it from the left, the filled part, each an image
/// view (as UIKit's are) coloured by `trackTintColor` and `progressTintColor` (the tint by default) or showing
/// `trackImage`/`progressImage`. The `.default` style has round ends (iOS 13's look); `.bar` square ones.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// The look of a progress view, with UIKit's raw values: its height and its ends.
    public enum Style: Int, Sendable {
        /// The standard bar (0): 4 points high with round ends (iOS 13's look), the fill at least as wide as it is
        /// high while `progress` is above 0.
        case `default` = 0
        /// A thinner bar for toolbars (1): 2.5 points high, with square ends.
        case bar = 1
    }

    /// How long `setProgress(_:animated:)` takes to slide (**choice**: UIKit does not publish it).
    public static let progressAnimationDuration: TimeInterval = 0.25

    private let trackView = UIImageView(frame: .zero)
    private let fillView = UIImageView(frame: .zero)
    private var stored: Float = 0

    /// A bar of the style, as high as the style is (a convenience, as UIKit's: subclasses' `init(frame:)` runs).
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: Self.height(for: style)))
        progressViewStyle = style
    }
    /// Makes a `.default` progress view with the given frame (its height is not changed), `progress` 0, the
    /// track `systemFill` and the fill the tint colour. A progress view takes no touches.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    public required init?(coder: NSCoder) { nil }

    /// The bar's style (`.default`). Changing it changes the intrinsic height and the ends' shape at once; the
    /// frame stays as it is.
    open var progressViewStyle = Style.default { didSet { if progressViewStyle != oldValue { invalidateIntrinsicContentSize(); restyle() } } }

    /// The filled fraction, 0…1 (values outside are clamped, as UIKit's; NaN is 0).
    open var progress: Float {
        get { stored }
        set { setProgress(newValue, animated: false) }
    }

    /// Sets `progress`; with `animated`, the filled part slides to it through Core Animation (from where it is
    /// on screen), else it moves at once (or with the enclosing animation block's timing).
    open func setProgress(_ progress: Float, animated: Bool) {
        stored = progress.isNaN ? 0 : min(max(progress, 0), 1)
        guard animated else { return layoutBars() }
        UIView.animate(withDuration: Self.progressAnimationDuration, delay: 0, options: [.beginFromCurrentState],
                       animations: { self.layoutBars() })
    }

    /// The filled part's colour (nil: the tint, as UIKit's).
    open var progressTintColor: UIColor? { didSet { restyle() } }
    /// The track's colour (nil: `UIColor.systemFill`, **choice**: UIKit does not publish its grey).
    open var trackTintColor: UIColor? { didSet { restyle() } }
    /// An image for the filled part, stretched over it (Strata has no resizable images: the whole image is
    /// scaled to the part's size); it replaces `progressTintColor`.
    open var progressImage: UIImage? { didSet { restyle() } }
    /// An image for the track, stretched over the bounds; it replaces `trackTintColor`.
    open var trackImage: UIImage? { didSet { restyle() } }

    /// No width of its own; the style's height (**choices**: 4 points for `.default`, iOS 13's; 2.5 for `.bar`).
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.height(for: progressViewStyle))
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height(for: progressViewStyle))
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        restyle()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBars()
    }

    // MARK: internals

    static func height(for style: Style) -> CGFloat { style == .bar ? 2.5 : 4 }

    private func setUp() {
        isUserInteractionEnabled = false
        for bar in [trackView, fillView] {
            bar.clipsToBounds = true
            addSubview(bar)
        }
        restyle()
    }

    /// The track fills the bounds; the filled part is `progress` of its width from the left. With round ends a
    /// filled part is at least as wide as it is high, so its ends stay round (UIKit's measured behaviour).
    private func layoutBars() {
        trackView.frame = bounds
        var width = bounds.width * CGFloat(stored)
        if progressViewStyle == .default, stored > 0 { width = min(bounds.width, max(width, bounds.height)) }
        fillView.frame = CGRect(x: bounds.minX, y: bounds.minY, width: width, height: bounds.height)
        let radius = progressViewStyle == .default ? bounds.height / 2 : 0
        trackView.layer.cornerRadius = radius
        fillView.layer.cornerRadius = radius
    }

    private func restyle() {
        trackView.image = trackImage
        trackView.backgroundColor = trackImage == nil ? (trackTintColor ?? .systemFill) : nil
        fillView.image = progressImage
        fillView.backgroundColor = progressImage == nil ? (progressTintColor ?? tintColor) : nil
        layoutBars()
    }
}
