import Foundation
import Strata

/// UIKit's segmented control in iOS 13's look (UISegmentedControl+Look.swift): a rounded grey track, titles or
/// images in equal (or content-sized) segments with separators between unselected ones, and the selected
/// segment on a white rounded plate with a soft shadow that slides to a segment the user picks. A touch
/// highlights the segment under it as it moves; lifting on an enabled segment selects it (`.valueChanged`, then
/// `.primaryActionTriggered` as iOS 14's) if that changes the selection, or always while `isMomentary`.
/// Selections made in code send nothing.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    /// One segment: its content, fixed width (0: automatic) and whether it takes touches, with its views.
    @MainActor final class Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
        /// The iOS 14 action performed when the user selects the segment.
        var action: UIAction?
        let label = UILabel(frame: .zero)
        let imageView = UIImageView(frame: .zero)
        init(title: String?, image: UIImage?) {
            self.title = title
            self.image = image
        }
    }

    var segments: [Segment] = []
    var selected = UISegmentedControl.noSegment
    /// The segment under the tracked touch (UISegmentedControl+Look.swift dims it).
    var highlightedSegment: Int?
    var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    let plate = UIView(frame: .zero)
    var separators: [UIView] = []

    /// Segments for `items`: `String`s become titles, `UIImage`s images (anything else an empty segment).
    /// (A convenience, as UIKit's: subclasses' `init(frame:)` runs.)
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] { segments.append(Segment(title: item as? String, image: item as? UIImage)) }
        segmentsChanged(animated: false)
        bounds.size = intrinsicContentSize
    }
    /// A segmented control with a frame and no segments (`selectedSegmentIndex` is `noSegment`), in iOS 13's look.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLook()
    }
    /// Segments for `actions` (iOS 14): each shows its action's image, else its title, and performs it when
    /// the user selects it.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        for action in actions { segments.append(Self.segment(for: action)) }
        segmentsChanged(animated: false)
    }
    public required init?(coder: NSCoder) { nil }

    // MARK: segments

    /// The number of segments.
    open var numberOfSegments: Int { segments.count }

    /// Inserts a segment showing `title` at an index (clamped to 0…`numberOfSegments`); the selection follows
    /// its segment. With `animated` the segments slide to their new widths over 0.25 s.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title, image: nil), at: segment, animated: animated)
    }
    /// Inserts a segment showing `image` at an index (clamped to 0…`numberOfSegments`); the selection follows
    /// its segment. With `animated` the segments slide to their new widths over 0.25 s.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(title: nil, image: image), at: segment, animated: animated)
    }
    /// Inserts a segment showing `action`'s image, else its title, that performs the action when the user
    /// selects it, at an index (clamped to 0…`numberOfSegments`); the selection follows its segment. With
    /// `animated` the segments slide to their new widths over 0.25 s.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Self.segment(for: action), at: segment, animated: animated)
    }
    /// Makes a segment show and perform `action` (out-of-range indices are ignored).
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        let made = Self.segment(for: action)
        segments[segment].title = made.title
        segments[segment].image = made.image
        segments[segment].action = action
        segmentsChanged(animated: false)
    }
    /// The action a segment performs when the user selects it; nil when it has none or the index is out of range.
    open func actionForSegment(at segment: Int) -> UIAction? { segments.indices.contains(segment) ? segments[segment].action : nil }
    /// The first segment whose action has `actionIdentifier`, or `noSegment`.
    open func segmentIndex(identifiedBy actionIdentifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == actionIdentifier } ?? Self.noSegment
    }

    /// Removes a segment (an index out of range removes nothing); the selection follows its segment, or is
    /// `noSegment` if that one went.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        let gone = segments.remove(at: segment)
        gone.label.removeFromSuperview()
        gone.imageView.removeFromSuperview()
        if selected == segment { selected = Self.noSegment } else if selected > segment { selected -= 1 }
        segmentsChanged(animated: animated)
    }
    /// Removes every segment; the selection becomes `noSegment`.
    open func removeAllSegments() {
        for segment in segments {
            segment.label.removeFromSuperview()
            segment.imageView.removeFromSuperview()
        }
        segments = []
        selected = Self.noSegment
        segmentsChanged(animated: false)
    }

    /// Sets a segment's title (it then shows no image, as UIKit's); out-of-range indices are ignored.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsChanged(animated: false)
    }
    /// A segment's title; nil when it shows an image, has no title, or the index is out of range.
    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    /// Sets a segment's image (it then shows no title, as UIKit's).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsChanged(animated: false)
    }
    /// A segment's image; nil when it shows a title, has no image, or the index is out of range.
    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    /// A fixed width for a segment (0, the default: shared out automatically; negative counts as 0).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(width, 0)
        segmentsChanged(animated: false)
    }
    /// A segment's fixed width, 0 when it is sized automatically or the index is out of range.
    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    /// Whether a segment takes touches (a disabled one shows its `.disabled` look).
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        refreshLook()
    }
    /// Whether a segment takes touches (true by default); false for an index out of range.
    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) ? segments[segment].isEnabled : false }

    // MARK: selection and look

    /// The selected segment, or `noSegment` (values out of range are `noSegment`). Set in code it moves the
    /// plate at once (or with the enclosing animation block) and sends no event, as UIKit's.
    open var selectedSegmentIndex: Int {
        get { selected }
        set {
            selected = segments.indices.contains(newValue) ? newValue : Self.noSegment
            plate.layer.removeAllAnimations() // a slide still running would show the old segment
            refreshLook()
            layoutSegments()
        }
    }
    /// Whether a segment is only highlighted while touched: a lift selects it and sends `.valueChanged` every
    /// time, but no plate stays (`selectedSegmentIndex` keeps the segment: **choice**).
    open var isMomentary = false { didSet { refreshLook(); layoutSegments() } }
    /// Whether automatic segments share the width in proportion to their content (false: equally).
    open var apportionsSegmentWidthsByContent = false { didSet { invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// The plate's colour (nil: white, iOS 13's).
    open var selectedSegmentTintColor: UIColor? { didSet { refreshLook() } }

    /// Title attributes for a state (`.normal`, `.selected`, `.highlighted`, `.disabled`); a state without its
    /// own uses `.normal`'s over the default look. Fonts and colours are drawn; other attributes as `UILabel`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        segmentsChanged(animated: false)
    }
    /// The title attributes set for exactly that state, or nil (the fallback to `.normal`'s is not applied here).
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    open override var intrinsicContentSize: CGSize { naturalSize() }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { naturalSize() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSegments()
    }
    open override func stateDidChange() {
        super.stateDidChange()
        refreshLook()
    }

    // MARK: tracking

    /// A touch down highlights the enabled segment under it.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        highlight(segmentAt: touch.location(in: self))
        return true
    }
    /// The highlight follows the touch from segment to segment, and goes while it is outside the bounds.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        highlight(segmentAt: touch.location(in: self))
        return true
    }
    /// Lifted on an enabled segment: the user's selection.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        let lifted = touch.flatMap { enabledSegment(at: $0.location(in: self)) }
        highlightedSegment = nil
        if let lifted { userSelected(lifted, event: event) } else { refreshLook() }
    }
    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        highlightedSegment = nil
        refreshLook()
    }

    // MARK: internals

    private static func segment(for action: UIAction) -> Segment {
        let segment = Segment(title: action.image == nil ? action.title : nil, image: action.image)
        segment.action = action
        return segment
    }

    private func insert(_ segment: Segment, at index: Int, animated: Bool) {
        let at = min(max(index, 0), segments.count)
        segments.insert(segment, at: at)
        if selected >= at { selected += 1 }
        segmentsChanged(animated: animated)
    }

    private func highlight(segmentAt point: CGPoint) {
        let now = enabledSegment(at: point)
        guard now != highlightedSegment else { return }
        highlightedSegment = now
        refreshLook()
    }

    /// The user lifted on `segment`: select it, sliding the plate, and tell the targets.
    private func userSelected(_ segment: Int, event: UIEvent?) {
        let changed = segment != selected
        let slides = changed && selected != Self.noSegment && !isMomentary
        selected = segment
        refreshLook()
        if slides {
            UIView.animate(withDuration: Self.slideDuration, delay: 0, options: [.beginFromCurrentState],
                           animations: { self.layoutSegments() })
        } else {
            layoutSegments()
        }
        guard changed || isMomentary else { return }
        // The segment's action first, then the control's events (**choice**: UIKit does not document the order).
        if let action = segments[segment].action { sendAction(action) }
        send(.valueChanged, event: event)
        send(.primaryActionTriggered, event: event)
    }
}
