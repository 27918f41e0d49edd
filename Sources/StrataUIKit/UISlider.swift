import Foundation
import Strata

/// UIKit's slider, drawn as iOS 13–18 draw it: a 4-point rounded track, `minimumTrackTintColor` (the tint)
/// left of the thumb and `maximumTrackTintColor` (a light grey) right of it, and a 28-point white thumb with
/// a soft shadow, optionally between `minimumValueImage` and `maximumValueImage`. Tracking begins only on the
/// thumb (a tap on the track moves nothing, as UIKit's) and moves the value with the touch, clamped
/// (UISlider+Tracking.swift). The geometry methods are overridable, as UIKit's.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The track's height (UIKit's look, iOS 13–18).
    static let trackHeight: CGFloat = 4
    /// The thumb's diameter without a thumb image (UIKit's look).
    static let thumbDiameter: CGFloat = 28
    /// Space between a value image and the track (**choice**: not published; iOS shows about this much).
    static let imageSpacing: CGFloat = 16
    /// The height a slider needs (**choice**: Interface Builder's fixed slider height, 30 points, which
    /// holds the 28-point thumb).
    static let intrinsicHeight: CGFloat = 30
    /// The right-of-thumb track colour when none is set (**choice**: `systemFill`, iOS 13–18's light grey).
    static let defaultMaximumTrackColor = UIColor.systemFill
    /// How long `setValue(_:animated: true)` slides (**choice**: a quarter of a second).
    static let slideDuration: CFTimeInterval = 0.25
    /// The opacity of a disabled slider (**choice**: UIKit dims it, undocumented how much).
    static let disabledOpacity: Float = 0.5

    var storedValue: Float = 0
    /// Where the touch held the thumb, from its centre, and the value when tracking began.
    var grabOffset: CGFloat = 0
    var valueAtTrackingStart: Float = 0
    var thumbImages = ButtonStateTable<UIImage>()
    let face = CALayer()
    let minimumTrack = CALayer()
    let maximumTrack = CALayer()
    let thumb = ControlThumb.make()
    let minimumImageLayer = CALayer()
    let maximumImageLayer = CALayer()

    /// Makes a slider at value 0 in 0…1, continuous, with the default colours and no images, in `frame`
    /// (its intrinsic height is 30 points).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        for part in [minimumImageLayer, maximumImageLayer, minimumTrack, maximumTrack, thumb] { face.addSublayer(part) }
        layer.addSublayer(face)
        show(animated: false)
    }
    public required init?(coder: NSCoder) { nil }

    // MARK: value

    /// The value, clamped to `minimumValue`…`maximumValue`; setting it sends no event.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The lowest value (0). Raising it above the value raises the value; above the maximum, the maximum.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// The highest value (1). Lowering it below the value lowers the value; below the minimum, the minimum.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether `.valueChanged` is sent on each move of a drag (true), or once when it ends.
    open var isContinuous = true

    /// Sets the value (clamped), sliding the thumb when `animated`; sends no event, as UIKit's.
    open func setValue(_ value: Float, animated: Bool) {
        storedValue = min(maximumValue, max(minimumValue, value.isNaN ? minimumValue : value))
        show(animated: animated)
    }

    // MARK: appearance

    /// Left of the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { show(animated: false) } }
    /// Right of the thumb (nil: a light grey).
    open var maximumTrackTintColor: UIColor? { didSet { show(animated: false) } }
    /// The thumb's colour (nil: white); ignored while a thumb image is shown.
    open var thumbTintColor: UIColor? { didSet { show(animated: false) } }
    /// Shown at the left end, before the track.
    open var minimumValueImage: UIImage? { didSet { show(animated: false) } }
    /// Shown at the right end, after the track.
    open var maximumValueImage: UIImage? { didSet { show(animated: false) } }

    /// The thumb's image for `state` (UIKit's fallback to `.normal`'s); nil draws the round white thumb.
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        thumbImages[state] = image
        show(animated: false)
    }
    /// The thumb image set for exactly `state`, else the `.normal` one, else nil (the round white thumb).
    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages.value(for: state) }
    /// The thumb image for the current `state` (the highlighted one while the thumb is tracked), with the same
    /// fallback to `.normal`.
    open var currentThumbImage: UIImage? { thumbImage(for: state) }

    // MARK: geometry

    /// The minimum value image at its size, at the left end, centred vertically.
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = minimumValueImage?.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The maximum value image at its size, at the right end, centred vertically.
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = maximumValueImage?.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The 4-point track across the bounds between the value images, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let left = minimumValueImage == nil ? bounds.minX : minimumValueImageRect(forBounds: bounds).maxX + Self.imageSpacing
        let right = maximumValueImage == nil ? bounds.maxX : maximumValueImageRect(forBounds: bounds).minX - Self.imageSpacing
        return CGRect(x: left, y: bounds.midY - Self.trackHeight / 2, width: max(0, right - left), height: Self.trackHeight)
    }
    /// The thumb for `value`: its left edge at the track's left end for the minimum, its right edge at the
    /// track's right end for the maximum, linear between; centred on the track vertically.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = thumbSize
        let x = rect.minX + (rect.width - size.width) * CGFloat(fraction(of: value))
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// As wide as it is laid out; 30 points tall (or the thumb image's height, if taller).
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: max(Self.intrinsicHeight, thumbSize.height))
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width, height: max(Self.intrinsicHeight, thumbSize.height))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        show(animated: false)
    }
    open override func stateDidChange() {
        super.stateDidChange()
        show(animated: false)
    }
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        show(animated: false)
    }

    // MARK: tracking (UISlider+Tracking.swift)

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { beginThumbTracking(touch) }
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        follow(touch, event: event)
        return true
    }
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { endThumbTracking(touch, event: event) }
}
