import Foundation
import Strata

/// UIKit's base for controls: target–action for control events, and the enabled, selected and highlighted
/// states. Touches are tracked as UIKit's are (UIControl+Tracking.swift): a touch that begins on an enabled
/// control highlights it and sends `.touchDown`; moving sends drag events, and the highlight follows whether
/// the touch is within `UIControl.touchExitMargin` of the bounds; lifting sends `.touchUpInside` or
/// `.touchUpOutside`. Targets are held weakly, as UIKit's; a nil target sends the action to the first object up
/// the responder chain from the control that the method belongs to (UIKit's nil-targeted action).
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    /// How far outside its bounds a tracked touch still counts as inside (UIKit's undocumented margin, measured
    /// at about 70 points on iOS devices: **choice**).
    public static let touchExitMargin: CGFloat = 70

    /// Target–action pairs and actions, in the order added (UIControl+Actions.swift).
    var targetActions: [ControlTarget] = []
    /// The touch being tracked and whether it is inside (UIControl+Tracking.swift).
    var trackingState = ControlTracking()

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { nil }
    /// A control that performs `primaryAction` on `.primaryActionTriggered` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: state

    /// A disabled control tracks no touches (they go up the responder chain) and sends no touch events.
    open var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// The state flags the three properties make.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center { didSet { setNeedsLayout() } }
    open var contentVerticalAlignment = ContentVerticalAlignment.center { didSet { setNeedsLayout() } }
    /// Whether a touch is being tracked.
    open var isTracking: Bool { trackingState.touch != nil }
    /// Whether the tracked touch is inside (within the exit margin).
    open var isTouchInside: Bool { trackingState.isInside }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes: subclasses redraw for the new `state`.
    /// (Strata's hook; UIKit's subclasses observe the properties.)
    open func stateDidChange() { setNeedsLayout() }

    /// Whether a touch lifted inside also sends `.primaryActionTriggered` (buttons: true; controls whose
    /// primary action is a value change send it themselves).
    var sendsPrimaryActionOnTouchUp: Bool { false }

    // MARK: target–action (UIControl+Actions.swift)

    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        addTarget(target as AnyObject?, selector: action, for: controlEvents)
    }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        removeTargets(target as AnyObject?, selector: action, for: controlEvents)
    }
    open func addAction(_ action: UIAction, for controlEvents: Event) { add(action, for: controlEvents) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) { remove(action, for: controlEvents) }
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        removeActions(identifiedBy: actionIdentifier, for: controlEvents)
    }
    /// Sends every action registered for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) { send(controlEvents, event: nil) }
    /// Calls `action` on `target` (or on the first responder up the chain it belongs to, for nil).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        perform(action, target: target as AnyObject?)
    }
    open func sendAction(_ action: UIAction) { action.perform(sender: self) }

    /// The targets with actions, nil-targeted ones as `NSNull` (UIKit's).
    open var allTargets: Set<AnyHashable> { targets }
    /// The events any action is registered for.
    open var allControlEvents: Event { targetActions.reduce(Event()) { $0.union($1.events) } }

    // MARK: tracking (UIControl+Tracking.swift)

    /// A touch began on the control: return whether to track it (the default: true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved: return whether to go on tracking it (the default: true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch ended (nil when `continueTracking` stopped it).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// The tracked touch was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trackBegan(touches, with: event) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trackMoved(touches, with: event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trackEnded(touches, with: event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trackCancelled(touches, with: event) }
}
