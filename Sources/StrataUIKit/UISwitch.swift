import Foundation
import Strata

/// UIKit's on/off switch, drawn as iOS 13–18 draw it: a 51 × 31-point rounded track, filled with
/// `onTintColor` (system green) when on and a light grey when off, and a 27-point white thumb with a soft
/// shadow that slides from side to side in Core Animation (the server plays it). A tap toggles it; dragging
/// the thumb across sets the side it is lifted on. `.valueChanged` (then `.primaryActionTriggered`, iOS 14)
/// is sent only when the user changes the value, before the touch-up event, never when code sets it.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// The fixed size of a switch (UIKit's; it ignores the frame's size).
    static let size = CGSize(width: 51, height: 31)
    /// The thumb's diameter and its inset from the track's edge (UIKit's look).
    static let thumbDiameter: CGFloat = 27
    static let thumbInset: CGFloat = 2
    /// The thumb's width while a touch holds the switch (**choice**: iOS stretches it towards the middle by
    /// about a quarter; not published).
    static let pressedThumbWidth: CGFloat = 34
    /// The off track's fill (**choice**: iOS 13–18's light grey, `secondarySystemFill` over the background).
    static let offTrackColor = UIColor.secondarySystemFill
    /// How far a touch moves sideways before it drags the thumb rather than tapping (**choice**: 4 points).
    static let dragThreshold: CGFloat = 4
    /// The opacity of a disabled switch (**choice**: UIKit dims it, undocumented how much).
    static let disabledOpacity: Float = 0.5

    private var on = false
    /// The side the thumb shows (differs from `isOn` while a drag is in progress).
    private var shownOn = false
    private var touchDownX: CGFloat = 0
    private var isDragging = false
    private let face = CALayer()
    private let track = CALayer()
    private let thumb = ControlThumb.make()

    /// A switch at `frame`'s origin; its size is always 51 × 31, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        face.addSublayer(track)
        face.addSublayer(thumb)
        layer.addSublayer(face)
        show(animated: false)
    }
    public required init?(coder: NSCoder) { nil }

    /// The colour of the track when on (nil: `UIColor.systemGreen`).
    open var onTintColor: UIColor? { didSet { show(animated: false) } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { show(animated: false) } }

    /// Whether it is on. Setting it moves the thumb without animation and sends no event.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }

    /// Sets the value, sliding the thumb when `animated`; sends no event, as UIKit's.
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        shownOn = on
        show(animated: animated)
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    open override func layoutSubviews() {
        super.layoutSubviews()
        show(animated: false)
    }

    /// The thumb stretches as a touch begins (animated); a disabled switch dims.
    open override func stateDidChange() {
        super.stateDidChange()
        show(animated: true)
    }

    // MARK: tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchDownX = touch.location(in: self).x
        isDragging = false
        return true
    }

    /// Past the drag threshold the thumb follows the touch's side of the switch's middle.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        if abs(x - touchDownX) > Self.dragThreshold { isDragging = true }
        if isDragging { showSide(x >= Self.size.width / 2) }
        return true
    }

    /// A drag leaves the switch on the side shown; a tap lifted inside toggles it; the value is sent if it
    /// changed.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        var new = on
        if isDragging {
            new = shownOn
        } else if let touch, isWithinTrackingMargin(touch.location(in: self)) {
            new = !on
        }
        isDragging = false
        guard new != on else {
            setOn(on, animated: true) // back to its side and its width
            return
        }
        setOn(new, animated: true)
        send(.valueChanged, event: event)
        send(.primaryActionTriggered, event: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        isDragging = false
        setOn(on, animated: true)
    }

    // MARK: look

    private func showSide(_ side: Bool) {
        guard side != shownOn else { return }
        shownOn = side
        show(animated: true)
    }

    /// Lays the track and thumb out for `shownOn` and the state (the thumb wider while tracked), sliding
    /// when `animated`.
    private func show(animated: Bool) {
        let thumbWidth = isTracking ? Self.pressedThumbWidth : Self.thumbDiameter
        let thumbX = shownOn ? Self.size.width - Self.thumbInset - thumbWidth : Self.thumbInset
        ControlThumb.change(animated: false) {
            face.frame = CGRect(origin: .zero, size: Self.size)
            face.opacity = isEnabled ? 1 : Self.disabledOpacity
            track.frame = face.bounds
            track.cornerRadius = Self.size.height / 2
        }
        ControlThumb.change(animated: animated) {
            track.backgroundColor = shownOn ? onTintColor ?? .systemGreen : Self.offTrackColor
            ControlThumb.show(thumb, frame: CGRect(x: thumbX, y: Self.thumbInset, width: thumbWidth, height: Self.thumbDiameter),
                              color: thumbTintColor ?? .white, image: nil)
        }
    }
}
