import Foundation
import Strata

/// A slider's drag and its look. The thumb is grabbed where the touch lands on it, so it does not jump, and
/// its centre follows the touch along the track; the value is the centre's place between the ends of its
/// travel, clamped.
extension UISlider {
    /// How far around the thumb a touch still grabs it (**choice**: 8 points, which makes the 28-point thumb a
    /// 44-point target, Apple's minimum touch size).
    static let thumbTouchMargin: CGFloat = 8

    var thumbSize: CGSize { currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter) }

    /// Where `value` lies between the minimum and the maximum, 0…1 (0 when they are equal).
    func fraction(of value: Float) -> Float {
        let range = maximumValue - minimumValue
        return range > 0 ? min(1, max(0, (value - minimumValue) / range)) : 0
    }

    var currentThumbRect: CGRect { thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value) }

    /// Tracks a touch that lands on the thumb (or within `thumbTouchMargin` of it); others are not tracked.
    func beginThumbTracking(_ touch: UITouch) -> Bool {
        let point = touch.location(in: self)
        let thumb = currentThumbRect
        guard thumb.insetBy(dx: -Self.thumbTouchMargin, dy: -Self.thumbTouchMargin).contains(point) else { return false }
        grabOffset = point.x - thumb.midX
        valueAtTrackingStart = value
        return true
    }

    /// Moves the value to the touch; a continuous slider sends `.valueChanged` then `.primaryActionTriggered`
    /// when it changed.
    func follow(_ touch: UITouch, event: UIEvent?) {
        let track = trackRect(forBounds: bounds)
        let width = thumbSize.width
        let travel = track.width - width
        let centre = touch.location(in: self).x - grabOffset
        let place = travel > 0 ? min(1, max(0, (centre - track.minX - width / 2) / travel)) : 0
        let new = minimumValue + Float(place) * (maximumValue - minimumValue)
        guard new != value else { return }
        storedValue = min(maximumValue, max(minimumValue, new))
        show(animated: false)
        if isContinuous { sendValueChanged(event) }
    }

    /// The lift's place counts; a slider that is not continuous sends its change now.
    func endThumbTracking(_ touch: UITouch?, event: UIEvent?) {
        if let touch { follow(touch, event: event) }
        if !isContinuous, value != valueAtTrackingStart { sendValueChanged(event) }
    }

    private func sendValueChanged(_ event: UIEvent?) {
        send(.valueChanged, event: event)
        send(.primaryActionTriggered, event: event)
    }

    /// Lays the parts out for the value and state and colours them, sliding when `animated`.
    func show(animated: Bool) {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: value)
        ControlThumb.change(animated: false) {
            face.frame = bounds
            face.opacity = isEnabled ? 1 : Self.disabledOpacity
            for (part, image, rect) in [(minimumImageLayer, minimumValueImage, minimumValueImageRect(forBounds: bounds)),
                                        (maximumImageLayer, maximumValueImage, maximumValueImageRect(forBounds: bounds))] {
                part.contents = image?.uprightImage
                part.contentsScale = image?.scale ?? 1
                part.frame = rect
            }
            for part in [minimumTrack, maximumTrack] { part.cornerRadius = Self.trackHeight / 2 }
            minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
            maximumTrack.backgroundColor = maximumTrackTintColor ?? Self.defaultMaximumTrackColor
        }
        ControlThumb.change(animated: animated, duration: Self.slideDuration) {
            minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
            maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: max(0, track.maxX - thumbFrame.midX), height: track.height)
            ControlThumb.show(thumb, frame: thumbFrame, color: thumbTintColor ?? .white, image: currentThumbImage)
        }
    }
}
