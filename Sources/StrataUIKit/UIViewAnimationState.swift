/// The animation blocks open on the main thread, and how a view's property change inside one becomes an
/// animation. A view answers its layer's action lookup (UIView.action(for:forKey:)): outside a block, or
/// inside `performWithoutAnimation`, with no action (NSNull), so views never animate implicitly; inside a
/// block, with an action that records the change (the old value, or the presentation value with
/// `.beginFromCurrentState`). When the block closes, each property changed in it gets one animation from
/// its first old value to its model value, under the property's key (replacing one in flight, which then
/// stops unfinished), with the block's duration, delay, curve or spring and repeat options.
@MainActor
enum UIViewAnimationState {
    static var blocks: [AnimationBlock] = []
    static var animationsEnabled = true
    static var withoutAnimation = 0

    /// The properties a block animates: those UIKit animates (frame, bounds, center, transform, alpha,
    /// backgroundColor) and the layer's other animatable ones a view's layer may be given in a block.
    /// Others (hidden, contents, masksToBounds, …) change at once, as in UIKit.
    static let animatableKeys: Set<String> = [
        "bounds", "position", "transform", "opacity", "backgroundColor", "anchorPoint", "zPosition", "cornerRadius",
        "borderWidth", "borderColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowColor", "contentsRect",
        "sublayerTransform",
    ]

    /// Set while a view's own setter records its change (the layer's action lookup then adds nothing).
    static var settingThroughView = 0

    /// The block a change made now animates in (nil: none).
    static var animatingBlock: AnimationBlock? {
        guard let block = blocks.last, animationsEnabled, withoutAnimation == 0, !block.changesAreStill else { return nil }
        return block
    }

    /// A change to the view's layer itself (`view.layer.cornerRadius = …` in a block): recorded through the
    /// layer's action, which Core Animation looks up only for a layer already on screen.
    static func action(for view: UIView, forKey key: String) -> CAAction {
        guard settingThroughView == 0, let block = animatingBlock, animatableKeys.contains(key) else { return NSNull() }
        return RecordingAction(block: block, view: view, from: startValue(of: view.layer, key, in: block))
    }

    /// Where an animation of `key` starts: the model's old value, or what shows with `.beginFromCurrentState`
    /// while an animation moves it (otherwise the model: the presentation shows only committed values, and
    /// a value just set is not committed yet).
    static func startValue(of layer: CALayer, _ key: String, in block: AnimationBlock) -> Any? {
        block.options.contains(.beginFromCurrentState) && isAnimating(layer, key)
            ? layer.presentation()?.value(forKeyPath: key) ?? layer.value(forKeyPath: key)
            : layer.value(forKeyPath: key)
    }

    /// Whether an animation on `layer` may move `key` (one of another kind, a transition, counts).
    static func isAnimating(_ layer: CALayer, _ key: String) -> Bool {
        (layer.animationKeys() ?? []).contains { name in
            guard let path = (layer.animation(forKey: name) as? CAPropertyAnimation)?.keyPath else { return true }
            return path == key || path.hasPrefix(key + ".")
        }
    }
}

/// Records one property change of a view into its block.
struct RecordingAction: CAAction, @unchecked Sendable {
    let block: AnimationBlock
    let view: UIView
    let from: Any?

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let boxed = MainHandOff(value: (layer, from))
        MainActor.assumeIsolated { block.record(view: view, layer: boxed.value.0, key: event, from: boxed.value.1) }
    }
}

/// One open animation block: its settings (already merged with the enclosing block's) and the changes
/// made in it.
@MainActor
final class AnimationBlock {
    struct Change {
        let view: UIView
        let layer: CALayer
        let key: String
        let from: Any?
        /// For a keyframe block: each keyframe's window (relative start and duration) and value.
        var keyframes: [(start: Double, duration: Double, value: Any?)] = []
    }

    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    var spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// iOS 17's `animate(springDuration:bounce:…)`: `CASpringAnimation(perceptualDuration:bounce:)`'s spring.
    var perceptualSpring: (duration: TimeInterval, bounce: CGFloat, velocity: CGFloat)?
    /// A keyframe block's calculation mode (nil: not a keyframe block), and the window of the
    /// `addKeyframe` running now (the whole duration outside one).
    var keyframeMode: CAAnimationCalculationMode?
    var keyframeWindow = (start: 0.0, duration: 1.0)
    /// A transition's block without `.allowAnimatedContent`: its changes show at once, under the transition.
    var changesAreStill = false
    let completion: AnimationCompletion
    private(set) var changes: [Change] = []

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, completion: AnimationCompletion) {
        self.duration = duration; self.delay = delay; self.options = options; self.completion = completion
        // Nested in another block: its duration, curve and options unless overridden (UIKit's rules).
        if let outer = UIViewAnimationState.blocks.last, !options.contains(.overrideInheritedOptions) {
            if !options.contains(.overrideInheritedDuration) { self.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                self.options = self.options.subtracting(.curveBits).union(outer.options.intersection(.curveBits))
                if spring == nil { spring = outer.spring }
                if perceptualSpring == nil { perceptualSpring = outer.perceptualSpring }
            }
            self.options.formUnion(outer.options.intersection([.allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse]))
        }
    }

    func record(view: UIView, layer: CALayer, key: String, from: Any?) {
        let now = layer.value(forKeyPath: key)
        guard !ValueEquality.same(from, now) || keyframeMode != nil || changes.contains(where: { $0.layer === layer && $0.key == key })
        else { return } // set to what it was: nothing to animate
        if let i = changes.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            if keyframeMode != nil { changes[i].keyframes.append((keyframeWindow.start, keyframeWindow.duration, now)) }
            return
        }
        var change = Change(view: view, layer: layer, key: key, from: from)
        if keyframeMode != nil { change.keyframes = [(keyframeWindow.start, keyframeWindow.duration, now)] }
        changes.append(change)
    }

    /// Runs `body` as this block (changes in it are recorded here), then animates what it changed.
    func run(_ body: () -> Void) {
        UIViewAnimationState.blocks.append(self)
        body()
        layOutIfAsked()
        if let i = UIViewAnimationState.blocks.lastIndex(where: { $0 === self }) { UIViewAnimationState.blocks.remove(at: i) }
        commit()
    }

    /// Runs `body` as this block and returns its changes without animating them (a property animator
    /// makes its own animations from them).
    func capture(_ body: () -> Void) -> [Change] {
        UIViewAnimationState.blocks.append(self)
        body()
        layOutIfAsked()
        if let i = UIViewAnimationState.blocks.lastIndex(where: { $0 === self }) { UIViewAnimationState.blocks.remove(at: i) }
        return changes
    }

    /// `.layoutSubviews`: the changed views lay out inside the block, so their subviews' moves animate too.
    func layOutIfAsked() {
        guard options.contains(.layoutSubviews) else { return }
        var seen = Set<ObjectIdentifier>()
        for change in changes where seen.insert(ObjectIdentifier(change.view)).inserted { change.view.layoutIfNeeded() }
    }

    /// Adds the animations of the changes, or finishes at once when there are none (or no duration).
    func commit() {
        guard duration > 0, !changes.isEmpty else {
            if !completion.isWaiting { completion.finishSoon() }
            return
        }
        for change in changes {
            let animation = makeAnimation(change)
            completion.expect(animation, blocking: options.contains(.allowUserInteraction) ? nil : change.view)
            change.layer.add(animation, forKey: change.key)
        }
    }

    private func makeAnimation(_ change: Change) -> CAAnimation {
        let animation: CAPropertyAnimation
        if change.key == "hidden" {
            // A stack view's arranged view hidden in the block: shown until the block ends (from and to false),
            // then its model value, hidden; once, whatever the block repeats.
            let hold = CABasicAnimation(keyPath: change.key)
            hold.fromValue = false
            hold.toValue = false
            hold.duration = delay + duration
            hold.delegate = completion
            return hold
        } else if let mode = keyframeMode {
            let frames = CAKeyframeAnimation(keyPath: change.key)
            let (times, values) = Self.keyframeTimeline(from: change.from, change.keyframes)
            frames.values = values
            frames.keyTimes = times.map { NSNumber(value: $0) }
            frames.calculationMode = mode
            frames.timingFunction = options.curve.timingFunction
            animation = frames
        } else if let perceptual = perceptualSpring {
            let s = CASpringAnimation(perceptualDuration: perceptual.duration, bounce: perceptual.bounce)
            s.keyPath = change.key
            s.fromValue = change.from
            s.initialVelocity = perceptual.velocity
            animation = s
        } else if let spring {
            let s = CASpringAnimation(keyPath: change.key)
            s.fromValue = change.from
            let p = UIViewSpring(duration: duration, dampingRatio: spring.dampingRatio, velocity: spring.velocity)
            s.mass = p.mass; s.stiffness = p.stiffness; s.damping = p.damping; s.initialVelocity = p.initialVelocity
            animation = s
        } else {
            let basic = CABasicAnimation(keyPath: change.key)
            basic.fromValue = change.from
            basic.timingFunction = options.curve.timingFunction
            animation = basic
        }
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = change.layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = options.contains(.autoreverse)
        animation.delegate = completion
        return animation
    }

    /// Key times and values of a keyframe block's changes to one property: the old value at 0; each
    /// keyframe holds the value before it until its start and reaches its value at its end; the last
    /// value holds until 1.
    static func keyframeTimeline(from: Any?, _ keyframes: [(start: Double, duration: Double, value: Any?)]) -> ([Double], [Any]) {
        var times: [Double] = [0], values: [Any] = [from ?? NSNull()]
        for frame in keyframes.sorted(by: { $0.start < $1.start }) {
            let start = min(max(frame.start, 0), 1), end = min(max(frame.start + frame.duration, start), 1)
            guard let last = times.last, let held = values.last else { continue }
            if start > last {
                times.append(start); values.append(held)
            }
            if end > (times.last ?? 0) {
                times.append(end); values.append(frame.value ?? NSNull())
            } else if let i = times.indices.last {
                values[i] = frame.value ?? NSNull() // a keyframe of no length: its value from then on
            }
        }
        if let last = times.last, last < 1, let held = values.last {
            times.append(1); values.append(held)
        }
        return (times, values)
    }
}
