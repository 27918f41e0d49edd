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
    /// The events a control sends to its targets and actions, with UIKit's raw values; registrations take a set
    /// of them.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch went down on the enabled control (bit 0).
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch went down with a tap count above 1, sent together with `.touchDown` (bit 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The tracked touch moved within the bounds or `touchExitMargin` (70 points) around them (bit 2).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The tracked touch moved farther than `touchExitMargin` outside the bounds (bit 3).
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The tracked touch came back within the margin, sent before `.touchDragInside` (bit 4).
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The tracked touch left the margin, sent before `.touchDragOutside` (bit 5).
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The tracked touch lifted within the bounds or margin: a button's tap (bit 6).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The tracked touch lifted beyond the margin (bit 7).
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The tracked touch was cancelled, by the system or a recognizer taking it (bit 8).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The user changed the control's value: a switch, slider, segmented control or page control (bit 12).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action: a button's tap (after `.touchUpInside`), or a value control's change (after
        /// `.valueChanged`) (bit 13).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action was triggered (bit 14); never sent by Strata's controls: menus are absent.
        /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text control (bit 16); Strata has no text controls that send it.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed in a text control (bit 17); Strata has no text controls that send it.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control (bit 18); Strata has no text controls that send it.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return ended editing in a text control (bit 19); Strata has no text controls that send it.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event: the low 12 bits (`0x0000_0FFF`).
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event: bits 16–19 (`0x000F_0000`).
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits an app may use for its own events (`0x0F00_0000`), sent with `sendActions(for:)`.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for the framework (`0xF000_0000`).
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event (`0xFFFF_FFFF`).
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// A control's state flags, with UIKit's raw values: what `state` returns and what per-state appearance
    /// (a button's titles and images, a slider's thumb images) is keyed by.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No flag set: enabled, not selected, not highlighted (raw value 0); the fallback of per-state values.
        public static let normal = State([])
        /// A touch is down on the control, inside its margin (bit 0).
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false (bit 1).
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true (bit 2).
        public static let selected = State(rawValue: 1 << 2)
        /// The control has the focus (bit 3); never in Strata's `state`: there is no focus engine.
        public static let focused = State(rawValue: 1 << 3)
        /// Bits an app may use for its own states (`0x00FF_0000`).
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for the framework (`0xFF00_0000`).
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// How a control places its content across its width, with UIKit's raw values (a button's image and title row).
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centred (raw value 0, the default).
        case center
        /// Against the left edge (1).
        case left
        /// Against the right edge (2).
        case right
        /// Stretched across the width: a button's title takes the width its image leaves (3).
        case fill
        /// Against the leading edge (4); in Strata always the left edge, even in a view laid out right to left.
        case leading
        /// Against the trailing edge (5); in Strata always the right edge, even in a view laid out right to left.
        case trailing
    }
    /// How a control places its content in its height, with UIKit's raw values.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centred (raw value 0, the default).
        case center
        /// Against the top edge (1).
        case top
        /// Against the bottom edge (2).
        case bottom
        /// Stretched to the full height (3).
        case fill
    }

    /// How far outside its bounds a tracked touch still counts as inside (UIKit's undocumented margin, measured
    /// at about 70 points on iOS devices: **choice**).
    public static let touchExitMargin: CGFloat = 70

    /// Target–action pairs and actions, in the order added (UIControl+Actions.swift).
    var targetActions: [ControlTarget] = []
    /// The touch being tracked and whether it is inside (UIControl+Tracking.swift).
    var trackingState = ControlTracking()

    /// Makes an enabled, unselected, unhighlighted control with no targets or actions.
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
    /// Whether the control is selected (false by default; controls do not change it themselves); a change calls
    /// `stateDidChange()`.
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether the control shows as pressed: set while a tracked touch is within its margin, cleared when the
    /// touch ends; a change calls `stateDidChange()`.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// The state flags the three properties make.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// How the content is placed across the width (`.center` by default); a change lays the control out again.
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center { didSet { setNeedsLayout() } }
    /// `contentHorizontalAlignment` with `.leading` and `.trailing` resolved by the control's
    /// `effectiveUserInterfaceLayoutDirection`: `.left` and `.right` left to right, `.right` and `.left` right to
    /// left; the other values as they are. What a button's layout places its content by.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        default: return contentHorizontalAlignment
        }
    }
    /// How the content is placed in the height (`.center` by default); a change lays the control out again.
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

    /// Registers `action` on `target` for `controlEvents`; the same target and selector registered again gains
    /// the new events. The target is held weakly (a gone target's action is skipped); a nil target sends the action
    /// to the first responder, up the chain from the control, whose class has the method.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        addTarget(target as AnyObject?, selector: action, for: controlEvents)
    }
    /// Takes `controlEvents` off the matching registrations, dropping those left with none: nil `target` matches
    /// every target, nil `action` every selector. A selector matches only the `Selector` value registered (method
    /// references cannot be compared).
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        removeTargets(target as AnyObject?, selector: action, for: controlEvents)
    }
    /// Registers `action` for `controlEvents`; an action already registered with the same identifier is replaced,
    /// as UIKit's.
    open func addAction(_ action: UIAction, for controlEvents: Event) { add(action, for: controlEvents) }
    /// Takes `controlEvents` off the action with `action`'s identifier, dropping it when none are left.
    open func removeAction(_ action: UIAction, for controlEvents: Event) { remove(action, for: controlEvents) }
    /// Takes `controlEvents` off the action with `actionIdentifier`, dropping it when none are left.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        removeActions(identifiedBy: actionIdentifier, for: controlEvents)
    }
    /// Sends every action registered for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) { send(controlEvents, event: nil) }
    /// Calls `action` on `target` (or on the first responder up the chain it belongs to, for nil).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        perform(action, target: target as AnyObject?)
    }
    /// Performs `action` with this control as its `sender`; every registered action is sent through here, so an
    /// override sees them all.
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

    /// Begins tracking the touch on an enabled control (if `beginTracking` agrees): highlights it and sends
    /// `.touchDown`. A disabled control passes the touch up the responder chain.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trackBegan(touches, with: event) }
    /// Follows the tracked touch: asks `continueTracking`, updates the highlight, and sends the drag events
    /// (enter or exit first when it crosses `touchExitMargin`).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trackMoved(touches, with: event) }
    /// Ends tracking: clears the highlight, calls `endTracking`, then sends `.touchUpInside` (and a button's
    /// `.primaryActionTriggered`) or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trackEnded(touches, with: event) }
    /// Cancels tracking: clears the highlight, calls `cancelTracking`, then sends `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trackCancelled(touches, with: event) }
}
