import Foundation

/// A serialisable description of one animation attached to a layer: what the client library's
/// animation objects compile to, what travels on the wire and what the server evaluates.
public struct AnimationSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// CABasicAnimation: from/to/by, any two or one of them.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CASpringAnimation: from/to/by as for basic; progress follows the spring instead of the curve.
        case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, Spring)
        /// CAKeyframeAnimation with values.
        case keyframe(Keyframes)
        /// CAAnimationGroup: children timed in the group's local time, clipped to the group's duration.
        /// A group has no key path.
        case group([AnimationSpec])
        /// CATransition: no key path; it changes how the layer's subtree is drawn, not its values.
        case transition(Transition)

        /// The from/to/by values, whatever the kind.
        public var endpoints: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
            switch self {
            case let .basic(from, to, by), let .spring(from, to, by, _): (from, to, by)
            case .group, .keyframe, .transition: (nil, nil, nil)
            }
        }
    }

    /// The animated key path; nil for a group or a transition, and for a property animation of a custom
    /// key (a CALayer subclass's own property): the client evaluates those, the server only times them.
    public var keyPath: LayerKeyPath?
    public var kind: Kind
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion: Bool
    public var isAdditive: Bool
    public var isCumulative: Bool
    /// CAValueFunction: values are its inputs and it builds the animated transform.
    public var valueFunction: ValueFunction?
    /// Strata's own (no Core Animation name): each value presented is rounded to the nearest multiple of it,
    /// component by component (0: not rounded). UIKit's scroll views keep their offset on the device pixel
    /// grid while it moves, as UIKit's do; only numbers, points, sizes and rectangles are rounded.
    public var valueStep: Double = 0

    /// Groups nest at most this deep (a bound on what one message can make the server evaluate).
    public static let maxGroupDepth = 8

    public init(keyPath: LayerKeyPath?, kind: Kind, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction? = nil, isRemovedOnCompletion: Bool = true,
                isAdditive: Bool = false, isCumulative: Bool = false, valueFunction: ValueFunction? = nil, valueStep: Double = 0) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing; self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion; self.isAdditive = isAdditive; self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.valueStep = valueStep
    }

    /// A group's children as they run in it: a child whose own duration is 0 runs for the group's
    /// duration (Core Animation code relies on it), not for the 0.25 s default. Empty for other kinds.
    public var groupChildren: [AnimationSpec] {
        guard case let .group(list) = kind else { return [] }
        return list.map { child in
            var c = child
            if c.timing.duration == 0 { c.timing.duration = timing.simpleDuration }
            return c
        }
    }

    /// Checks value shapes against the key path; throws naming the offending field.
    public func validate() throws { try validate(depth: 0) }

    private func validate(depth: Int) throws {
        if case let .group(children) = kind {
            guard keyPath == nil else { throw StrataError.invalidValue(key: "CAAnimationGroup", expected: "no keyPath") }
            guard depth < Self.maxGroupDepth else {
                throw StrataError.invalidValue(key: "CAAnimationGroup", expected: "groups nested at most \(Self.maxGroupDepth) deep")
            }
            for child in children { try child.validate(depth: depth + 1) }
        } else if case let .transition(transition) = kind {
            guard keyPath == nil else { throw StrataError.invalidValue(key: "CATransition", expected: "no keyPath") }
            guard depth == 0 else { throw StrataError.unsupported("CATransition inside a CAAnimationGroup") }
            try transition.validate()
        } else if keyPath == nil {
            try validateCustom()
        } else if let keyPath {
            guard keyPath.isAnimatable else { throw StrataError.unsupported("animation of \(keyPath)") }
            // With a value function the values are its inputs, and the key path must be a whole transform.
            let valueKind = valueFunction?.inputKind ?? keyPath.kind
            if let valueFunction, keyPath.component != nil || keyPath.kind != .transform {
                throw StrataError.invalidValue(key: "\(keyPath).valueFunction", expected: "a transform key path for \(valueFunction.rawValue)")
            }
            if case let .keyframe(frames) = kind {
                try frames.validate(kind: valueKind, keyPath: "\(keyPath)")
                if valueKind == .path {
                    try PathAnimationCheck.check(frames.values.enumerated().map { ("values[\($0.offset)]", $0.element) }, keyPath: keyPath)
                }
            } else {
                let (from, to, by) = kind.endpoints
                for (name, v) in [("fromValue", from), ("toValue", to), ("byValue", by)] {
                    if let v, v.kind != valueKind {
                        throw StrataError.invalidValue(key: "\(keyPath).\(name)", expected: "\(valueKind)")
                    }
                }
                if from == nil, to == nil, by == nil {
                    throw StrataError.unsupported("CABasicAnimation with no fromValue, toValue or byValue")
                }
                // Images are not summed: a crossfade goes from one image to another.
                if valueKind == .image, by != nil { throw StrataError.unsupported("byValue for \(keyPath) (an image)") }
                if valueKind == .path {
                    let named = [("fromValue", from), ("toValue", to), ("byValue", by)].compactMap { n, v in v.map { (n, $0) } }
                    try PathAnimationCheck.check(named, keyPath: keyPath)
                }
                if case let .spring(_, _, _, spring) = kind { try spring.validate() }
            }
        }
        if valueStep != 0 {
            guard valueStep > 0, valueStep.isFinite else { throw StrataError.invalidValue(key: "valueStep", expected: "a finite number ≥ 0") }
            guard let kind = keyPath?.kind ?? customValueKind, Interpolation.roundable(kind) else {
                throw StrataError.unsupported("valueStep on values that are not numbers, points, sizes or rectangles")
            }
        }
        if !(timing.duration >= 0) || !timing.duration.isFinite {
            throw StrataError.invalidValue(key: "duration", expected: "a finite number ≥ 0")
        }
        if !(timing.repeatCount >= 0) { throw StrataError.invalidValue(key: "repeatCount", expected: "a number ≥ 0") }
        if !timing.beginTime.isFinite { throw StrataError.invalidValue(key: "beginTime", expected: "a finite number") }
        if !timing.speed.isFinite { throw StrataError.invalidValue(key: "speed", expected: "a finite number") }
        if !timing.timeOffset.isFinite { throw StrataError.invalidValue(key: "timeOffset", expected: "a finite number") }
        if !(timing.repeatDuration >= 0) || !timing.repeatDuration.isFinite {
            throw StrataError.invalidValue(key: "repeatDuration", expected: "a finite number ≥ 0")
        }
    }

    /// The image ids (without 0) the values of this animation and its group's children name: `contents`
    /// animations' images, which the server keeps while they may be shown.
    public var contentsImages: [UInt64] {
        var ids: [UInt64] = []
        func add(_ v: AnimatableValue?) {
            guard case .image(let c)? = v else { return }
            for id in c.images where !ids.contains(id) { ids.append(id) }
        }
        switch kind {
        case let .basic(from, to, by), let .spring(from, to, by, _): add(from); add(to); add(by)
        case .keyframe(let frames): frames.values.forEach(add)
        case .group(let children): for id in children.flatMap(\.contentsImages) where !ids.contains(id) { ids.append(id) }
        case .transition: break
        }
        return ids
    }

    /// Every key path this animation and its group's children animate.
    public var keyPaths: [LayerKeyPath] {
        if case let .group(children) = kind { return children.flatMap(\.keyPaths) }
        return keyPath.map { [$0] } ?? []
    }

    /// The kind of a property animation's values (from/to/by or keyframe values); nil for a group or a
    /// transition, or when none is set.
    public var customValueKind: ValueKind? {
        switch kind {
        case let .basic(from, to, by), let .spring(from, to, by, _): return (from ?? to ?? by)?.kind
        case let .keyframe(frames): return frames.values.first?.kind
        case .group, .transition: return nil
        }
    }

    /// A custom key's animation: its values share one kind (the key is the client's; the server has no
    /// model value to check them against), with no value function or path.
    private func validateCustom() throws {
        guard valueFunction == nil else { throw StrataError.unsupported("value function on a custom key") }
        var kinds: [ValueKind] = []
        switch kind {
        case let .basic(from, to, by), let .spring(from, to, by, _):
            kinds = [from, to, by].compactMap { $0?.kind }
            if kinds.isEmpty { throw StrataError.unsupported("CABasicAnimation with no fromValue, toValue or byValue") }
            if case let .spring(_, _, _, spring) = kind { try spring.validate() }
        case let .keyframe(frames):
            guard frames.path == nil, let first = frames.values.first else {
                throw StrataError.invalidValue(key: "custom key values", expected: "values (a path needs a point key path)")
            }
            kinds = frames.values.map(\.kind)
            try frames.validate(kind: first.kind, keyPath: "custom key")
        case .group, .transition:
            return
        }
        if let first = kinds.first, let other = kinds.first(where: { $0 != first }) {
            throw StrataError.invalidValue(key: "custom key", expected: "values of one kind (\(first), not \(other))")
        }
    }

    /// Applies this animation's effect at parent time `t` to `model` (see `PreparedAnimation.apply`).
    public func apply(to model: inout LayerModel, at t: Double, inGroup: Bool = false) {
        PreparedAnimation(self).apply(to: &model, at: t, inGroup: inGroup)
    }

    /// The transition's progress at parent time `t`; nil when this is not a transition or it has no
    /// effect at `t`.
    public func transitionProgress(at t: Double) -> Double? {
        guard case let .transition(transition) = kind,
              let sample = timing.sample(at: t, removedOnCompletion: isRemovedOnCompletion) else { return nil }
        return transition.progress(atEased: (timingFunction ?? .linear).progress(at: sample.fraction))
    }

    /// The value this property animation presents at parent time `t`, given the value beneath it
    /// (the model value with earlier animations applied); nil when it has no effect at `t` (or for a group).
    public func value(at t: Double, underlying: AnimatableValue) -> AnimatableValue? {
        PreparedAnimation(self).value(at: t, underlying: underlying)
    }
}
