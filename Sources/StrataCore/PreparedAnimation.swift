import Foundation

/// An animation made ready to evaluate, once, when it is added: its spec, its group's children prepared
/// the same way, and what does not change from frame to frame (a transform animation's fixed endpoints,
/// decomposed). A class, so a layer's list of animations is walked each frame without copying specs.
/// Its `apply` is the one definition of what an animation presents (docs/animation.md); the client's
/// `presentation()`, the server and `strata sample` all evaluate through it (`Presentation.apply`).
public final class PreparedAnimation: Sendable {
    public let spec: AnimationSpec
    let children: [PreparedAnimation]
    // What evaluation reads every frame, taken out of the spec once (reading `spec.kind` would copy every
    // value it holds each time).
    let keyPath: LayerKeyPath?
    /// The spec's timing, read in place each frame.
    public let timing: MediaTiming
    let timingFunction: TimingFunction
    let form: Form
    /// For a basic or spring animation whose endpoints do not depend on the value beneath it: the
    /// endpoints, and for transforms their decompositions (nil when singular).
    let fixedEnds: FixedEnds?
    /// The from/to/by values of a basic or spring animation whose endpoints do depend on it.
    let openEnds: OpenEnds?
    /// The properties it changes: its key path's (and the transform, for keyframes along a path that turn
    /// the layer), or its children's at any depth for a group; none for a transition, which changes how
    /// the layer is drawn (`isTransition`).
    public let changedProperties: [LayerProperty]
    public let isTransition: Bool
    public let isGroup: Bool
    let valueStep: Double

    // `indirect`: a keyframe animation's resolved frames are large; boxed, reading the form copies a word.
    enum Form: Sendable {
        case basic
        case spring(Spring)
        indirect case keyframe(Keyframes.Resolved)
        case group
        case transition
    }

    final class FixedEnds: Sendable {
        let start: AnimatableValue, end: AnimatableValue
        let decomposed: (DecomposedTransform?, DecomposedTransform?)?
        init(start: AnimatableValue, end: AnimatableValue, decomposed: (DecomposedTransform?, DecomposedTransform?)?) {
            self.start = start; self.end = end; self.decomposed = decomposed
        }
    }

    final class OpenEnds: Sendable {
        let from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?
        init(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) { self.from = from; self.to = to; self.by = by }
    }

    public init(_ spec: AnimationSpec) {
        self.spec = spec
        keyPath = spec.keyPath
        timing = spec.timing
        timingFunction = spec.timingFunction ?? .linear
        valueStep = spec.valueStep
        switch spec.kind {
        case .basic: form = .basic
        case let .spring(_, _, _, spring): form = .spring(spring)
        case let .keyframe(frames): form = .keyframe(Keyframes.Resolved(frames))
        case .group: form = .group
        case .transition: form = .transition
        }
        children = spec.groupChildren.map(PreparedAnimation.init)
        if case .transition = form { isTransition = true } else { isTransition = false }
        if case .group = form { isGroup = true } else { isGroup = false }
        switch form {
        case .group: changedProperties = children.flatMap(\.changedProperties)
        case .transition: changedProperties = []
        case let .keyframe(frames) where frames.frames.rotationMode != nil: changedProperties = (spec.keyPath.map { [$0.property] } ?? []) + [.transform]
        default: changedProperties = spec.keyPath.map { [$0.property] } ?? []
        }
        fixedEnds = Self.fixedEnds(spec)
        let (from, to, by) = spec.kind.endpoints
        openEnds = fixedEnds == nil && (from != nil || to != nil || by != nil) ? OpenEnds(from: from, to: to, by: by) : nil
    }

    private static func fixedEnds(_ spec: AnimationSpec) -> FixedEnds? {
        guard spec.valueFunction == nil else { return nil }
        let (from, to, by) = spec.kind.endpoints
        let ends: (AnimatableValue, AnimatableValue)
        switch (from, to, by) {
        case let (f?, t?, _): ends = (f, t)
        case let (f?, nil, b?): ends = (f, Interpolation.add(f, b))
        case let (nil, t?, b?): ends = (Interpolation.subtract(t, b), t)
        default: return nil
        }
        var decomposed: (DecomposedTransform?, DecomposedTransform?)?
        if case let .transform(a) = ends.0, case let .transform(b) = ends.1 {
            decomposed = (DecomposedTransform(a), DecomposedTransform(b))
        }
        return FixedEnds(start: ends.0, end: ends.1, decomposed: decomposed)
    }

    /// Whether it only moves the layer's sublayers by whole steps of its `valueStep` (a UIKit scroll view's
    /// offset on the pixel grid): an animation of `bounds.origin` or one of its coordinates, rounded, not
    /// additive.
    public var movesSublayersOnPixelGrid: Bool {
        guard valueStep > 0, !spec.isAdditive, let keyPath, keyPath.property == .bounds,
              let component = keyPath.component else { return false }
        return [.origin, .originX, .originY].contains(component)
    }

    /// Applies this animation's effect at parent time `t` to `model`, each property animation seeing the
    /// value beneath it. `inGroup`: a group's children ignore `isRemovedOnCompletion` (their fill modes
    /// alone decide what they show after their end), as in Core Animation.
    public func apply(to model: inout LayerModel, at t: Double, inGroup: Bool = false) {
        let removed = spec.isRemovedOnCompletion && !inGroup
        if case .group = form {
            guard let sample = timing.sample(at: t, removedOnCompletion: removed) else { return }
            // The group's local time, clipped to its duration, is its children's parent time.
            let local = timingFunction.progress(at: sample.fraction) * timing.simpleDuration
            for child in children { child.apply(to: &model, at: local, inGroup: true) }
            return
        }
        guard let keyPath else { return } // transitions change drawing, not values
        if let valueFunction = spec.valueFunction, case let .transform(beneath) = model[keyPath] {
            // Animate the function's input (the value beneath read as that input), then build the transform.
            guard let input = value(at: t, underlying: valueFunction.input(of: beneath), removedOnCompletion: removed, additive: false)
            else { return }
            let m = valueFunction.matrix(input)
            model[keyPath] = spec.isAdditive ? Interpolation.add(.transform(beneath), .transform(m)) : .transform(m)
            return
        }
        guard let v = value(at: t, underlying: model[keyPath], removedOnCompletion: removed) else { return }
        model[keyPath] = v
        // Following a path with a rotation mode also turns the layer to the path's direction.
        if case let .keyframe(frames) = form, frames.frames.rotationMode != nil,
           let sample = timing.sample(at: t, removedOnCompletion: removed),
           let angle = frames.rotation(at: timingFunction.progress(at: sample.fraction)) {
            model.transform = Transform3D.rotation(angle, 0, 0, 1) * model.transform
        }
    }

    /// The value this property animation presents at parent time `t`, given the value beneath it
    /// (the model value with earlier animations applied); nil when it has no effect at `t` (or for a group).
    public func value(at t: Double, underlying: AnimatableValue) -> AnimatableValue? {
        value(at: t, underlying: underlying, removedOnCompletion: spec.isRemovedOnCompletion)
    }

    /// The value presented, rounded to the spec's `valueStep` when it has one.
    private func value(at t: Double, underlying: AnimatableValue, removedOnCompletion: Bool, additive: Bool? = nil) -> AnimatableValue? {
        let v = unrounded(at: t, underlying: underlying, removedOnCompletion: removedOnCompletion, additive: additive)
        guard valueStep > 0, let v else { return v }
        return Interpolation.rounded(v, step: valueStep)
    }

    private func unrounded(at t: Double, underlying: AnimatableValue, removedOnCompletion: Bool, additive: Bool? = nil) -> AnimatableValue? {
        let isAdditive = additive ?? spec.isAdditive
        guard let sample = timing.sample(at: t, removedOnCompletion: removedOnCompletion) else { return nil }
        let curved = timingFunction.progress(at: sample.fraction)
        let progress: Double
        switch form {
        case .basic:
            progress = curved
        case let .spring(spring):
            // The spring runs in seconds of the animation's own (curved) time within its duration.
            progress = spring.progress(at: curved * timing.simpleDuration)
        case .group, .transition:
            return nil
        case let .keyframe(frames):
            // The animation's timing function shapes the whole duration; segment functions act inside it.
            var v = frames.value(at: curved)
            if spec.isCumulative, sample.iteration > 0, let first = frames.frames.values.first, let last = frames.frames.values.last {
                v = Interpolation.add(v, Interpolation.scale(Interpolation.subtract(last, first), sample.iteration))
            }
            return isAdditive ? Interpolation.add(underlying, v) : v
        }
        var v: AnimatableValue
        if let fixed = fixedEnds {
            if let (da, db) = fixed.decomposed, case let .transform(a) = fixed.start, case let .transform(b) = fixed.end {
                v = .transform(DecomposedTransform.interpolate(a, b, progress, decomposed: (da, db)))
            } else {
                v = Interpolation.interpolate(fixed.start, fixed.end, progress)
            }
            if spec.isCumulative, sample.iteration > 0 {
                v = Interpolation.add(v, Interpolation.scale(Interpolation.subtract(fixed.end, fixed.start), sample.iteration))
            }
        } else {
            let open = openEnds
            let (start, end) = Interpolation.endpoints(from: open?.from, to: open?.to, by: open?.by, underlying: underlying)
            v = Interpolation.interpolate(start, end, progress)
            if spec.isCumulative, sample.iteration > 0 {
                v = Interpolation.add(v, Interpolation.scale(Interpolation.subtract(end, start), sample.iteration))
            }
        }
        return isAdditive ? Interpolation.add(underlying, v) : v
    }
}
