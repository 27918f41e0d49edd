import Foundation
import Strata

/// The segmented control's look and layout: the track is the control's own layer, the plate a view under the
/// segments' labels and image views, the separators views under the plate. Dimensions UIKit does not publish
/// are **choices** read from iOS 13–18's control.
extension UISegmentedControl {
    /// The control's height (iOS 13's 32 points), the track's and plate's corner radii and the plate's inset
    /// from the track (9, 7 and 2 points), a segment's padding either side of its content (12 points), and a
    /// separator's size (1 × 16 points).
    static let height: CGFloat = 32
    static let trackRadius: CGFloat = 9
    static let plateRadius: CGFloat = 7
    static let plateInset: CGFloat = 2
    static let contentPadding: CGFloat = 12
    static let separatorSize = CGSize(width: 1, height: 16)
    /// How long the plate takes to slide to the user's segment (**choice**).
    static let slideDuration: TimeInterval = 0.25
    /// The opacity of the content of a pressed unselected segment, or of a disabled segment's image (**choice**).
    static let dimmedAlpha: CGFloat = 0.35

    func setUpLook() {
        layer.backgroundColor = UIColor.tertiarySystemFill
        layer.cornerRadius = Self.trackRadius
        plate.isUserInteractionEnabled = false
        plate.layer.cornerRadius = Self.plateRadius
        // The plate's soft shadow (**choice**: black at 12 %, 4-point blur, 3 points down).
        plate.layer.shadowColor = UIColor.black
        plate.layer.shadowOpacity = 0.12
        plate.layer.shadowRadius = 4
        plate.layer.shadowOffset = CGSize(width: 0, height: 3)
        plate.isHidden = true
        addSubview(plate)
        refreshLook()
    }

    /// After segments or titles change: their views are added, restyled, and laid out (sliding if `animated`).
    func segmentsChanged(animated: Bool) {
        for segment in segments where segment.label.superview == nil {
            segment.label.textAlignment = .center
            addSubview(segment.label)
            addSubview(segment.imageView)
        }
        let wanted = max(segments.count - 1, 0)
        while separators.count > wanted { separators.removeLast().removeFromSuperview() }
        while separators.count < wanted {
            let separator = UIView(frame: .zero)
            separator.isUserInteractionEnabled = false
            separator.backgroundColor = .opaqueSeparator
            separators.append(separator)
            insertSubview(separator, at: 0)
        }
        refreshLook()
        invalidateIntrinsicContentSize()
        if animated {
            UIView.animate(withDuration: Self.slideDuration, animations: { self.layoutSegments() })
        } else {
            layoutSegments()
        }
    }

    /// Whether the plate shows (a selected segment, not momentary).
    var showsPlate: Bool { !isMomentary && segments.indices.contains(selected) }

    /// Colours, fonts and dimming for the current selection, highlight and enabled states.
    func refreshLook() {
        plate.backgroundColor = selectedSegmentTintColor ?? .white
        plate.isHidden = !showsPlate
        for (index, segment) in segments.enumerated() {
            let disabled = !isEnabled || !segment.isEnabled
            let pressed = index == highlightedSegment && !(showsPlate && index == selected)
            segment.label.isHidden = segment.title == nil
            segment.label.attributedText = segment.title.map { NSAttributedString(string: $0, attributes: attributes(for: index)) }
            segment.label.alpha = pressed ? Self.dimmedAlpha : 1
            segment.imageView.image = segment.image
            segment.imageView.isHidden = segment.image == nil
            segment.imageView.alpha = pressed || disabled ? Self.dimmedAlpha : 1
        }
        for (index, separator) in separators.enumerated() {
            separator.isHidden = showsPlate && (selected == index || selected == index + 1)
        }
    }

    /// The default look (13-point system font, semibold when selected; `label`, or `tertiaryLabel` when
    /// disabled), then `.normal`'s attributes, then the segment's state's.
    func attributes(for index: Int) -> [NSAttributedString.Key: Any] {
        let disabled = !isEnabled || !segments[index].isEnabled
        let isSelected = showsPlate && index == selected
        var result: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 13, weight: isSelected ? .semibold : .regular),
            .foregroundColor: disabled ? UIColor.tertiaryLabel : UIColor.label,
        ]
        result.merge(titleAttributes[UIControl.State.normal.rawValue] ?? [:]) { $1 }
        let state: UIControl.State = disabled ? .disabled : index == highlightedSegment ? .highlighted : isSelected ? .selected : .normal
        if state != .normal { result.merge(titleAttributes[state.rawValue] ?? [:]) { $1 } }
        return result
    }

    /// A segment's content width plus its padding.
    func naturalWidth(of segment: Segment) -> CGFloat {
        let content = segment.image?.size.width ?? (segment.title == nil ? 0 : segment.label.intrinsicContentSize.width)
        return content + 2 * Self.contentPadding
    }

    /// Fixed widths as set; automatic segments as wide as the widest (or their own, when apportioning by content).
    func naturalSize() -> CGSize {
        let automatic = segments.filter { $0.width == 0 }.map(naturalWidth)
        let fixed = segments.reduce(0) { $0 + $1.width }
        let shared = apportionsSegmentWidthsByContent ? automatic.reduce(0, +) : CGFloat(automatic.count) * (automatic.max() ?? 0)
        return CGSize(width: fixed + shared, height: Self.height)
    }

    /// Each segment's width in `total`: fixed ones as set, the rest of the width shared among the automatic
    /// ones equally, or in proportion to their content when `apportionsSegmentWidthsByContent`.
    func segmentWidths(in total: CGFloat) -> [CGFloat] {
        let automatic = segments.filter { $0.width == 0 }
        let remaining = max(total - segments.reduce(0) { $0 + $1.width }, 0)
        let weights = automatic.map { apportionsSegmentWidthsByContent ? naturalWidth(of: $0) : 1 }
        let sum = weights.reduce(0, +)
        var next = 0
        return segments.map { segment in
            guard segment.width == 0 else { return segment.width }
            defer { next += 1 }
            return sum > 0 ? remaining * weights[next] / sum : 0
        }
    }

    /// The segments' rectangles across the bounds.
    func segmentFrames() -> [CGRect] {
        var x = bounds.minX
        return segmentWidths(in: bounds.width).map { width in
            defer { x += width }
            return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
        }
    }

    /// The enabled segment at `point`, if the point is within the bounds.
    func enabledSegment(at point: CGPoint) -> Int? {
        guard isEnabled, bounds.contains(point) else { return nil }
        guard let index = segmentFrames().firstIndex(where: { $0.minX <= point.x && point.x < $0.maxX }) else { return nil }
        return segments[index].isEnabled ? index : nil
    }

    /// Frames for the labels, images, separators and plate.
    func layoutSegments() {
        let frames = segmentFrames()
        for (segment, frame) in zip(segments, frames) {
            let inset = min(Self.plateInset * 2, frame.width / 2) // insetBy past the middle gives a null rect
            segment.label.frame = frame.insetBy(dx: inset, dy: 0)
            let size = segment.image?.size ?? .zero
            let shown = CGSize(width: min(size.width, frame.width), height: min(size.height, frame.height))
            segment.imageView.frame = CGRect(x: frame.midX - shown.width / 2, y: frame.midY - shown.height / 2,
                                             width: shown.width, height: shown.height)
        }
        for (index, separator) in separators.enumerated() where index + 1 < frames.count {
            let size = Self.separatorSize
            separator.frame = CGRect(x: (frames[index].maxX - size.width / 2).rounded(.down), y: bounds.midY - size.height / 2,
                                     width: size.width, height: size.height)
        }
        if frames.indices.contains(selected) {
            plate.frame = frames[selected].insetBy(dx: Self.plateInset, dy: Self.plateInset)
        }
    }
}
