import Foundation

/// An animation in the flat form the GPU evaluates (`Shaders/glsl/animation.glsl`): a row of
/// `texelsPerRecord` texels of four floats, uploaded once when the animation is added. The vertex stage
/// then computes its value at each frame's time exactly as `PreparedAnimation.apply` defines it, in
/// single precision. Times are stored relative to an `epoch` the renderer chooses (floats near the
/// monotonic clock's hours would lose milliseconds), so a record is packed again when the epoch moves.
///
/// Layout (texel: x, y, z, w):
/// - 0: begin − epoch, simple duration, speed, timeOffset
/// - 1: active duration (−1: infinite), cycle duration, flags (`Flags`), form (`Form`)
/// - 2: timing function control points c1x, c1y, c2x, c2y
/// - 3: spring ω₀, ζ, initial velocity; endpoint mode (`Ends`)
/// - 4, 5: start and end values (fixed ends), or from/to/by as the endpoint mode reads them
/// - 6: keyframe count n, mode (0 linear, 1 discrete, 2 cubic), segment timing functions given; the key
///   path's component (`componentCode`: 0 the whole value)
/// - 7 …: n values, then the n key times four to a texel, then room for n − 1 segment timing functions,
///   then (cubic) each segment's outgoing and incoming tangent (`KochanekBartels`, computed when packed)
/// - 8–12, 13–17 (a whole-matrix transform, flag `transform`): the start's and the end's decompositions
///   (`DecomposedTransform`): perspective, translate, scale, skew (each a texel, xyz), quaternion
/// - 80–82 (a group's child, flag `inGroup`): the group's timing as texels 0–2 hold an animation's (its
///   begin relative to the epoch, its flags); the child's own begin (texel 0.x) is then in the group's
///   local time, which the group's sample gives: its timing function's progress × its simple duration.
///
/// Values are up to four components (a scalar, point, size, rect or colour: straight RGBA, nil = clear; a
/// list of up to four numbers, every list of the animation as long: `listLength`, which the value beneath
/// must match too, or the CPU's interpolation of lists would switch half-way instead),
/// or a whole 4 × 4 transform between fixed endpoints that decompose, interpolated as the CPU does
/// (components mixed, the rotation slerped); not additive or cumulative. A key path's component
/// (`position.x`, `bounds.size`, `transform.rotation.z`, `transform.translation`) animates a scalar or a
/// size read from the value beneath and written back into it, as `LayerKeyPath.get`/`set` do (a
/// transform through `TransformComponents`).
public struct GPUAnimationRecord: Equatable, Sendable {
    public static let maxKeyframes = 32
    /// Cubic keyframes also carry two tangents per segment: 7 + 16 + 4 + 15 + 30 = 72 texels.
    public static let maxCubicKeyframes = 16
    /// Texels per record: the largest keyframe record (7 + 32 + 8 + 31 = 78), rounded up, and a group's
    /// timing (80–82).
    public static let texelsPerRecord = 84
    /// Where each part of a record starts (the layout above). `MotionLayout` generates them for
    /// `animation.glsl` (`RECORD_TEXEL_…`), so neither side writes a texel as a number.
    public enum Texel: Int, CaseIterable, Sendable {
        case timing = 0, cycle, timingFunction, spring, start, end, keyframes, values
        /// A whole transform's start and end decompositions: perspective, translate, scale, skew, quaternion.
        case transformStart = 8
        case transformEnd = 13
        /// A group child's group timing: as `timing`, `cycle` and `timingFunction`.
        case group = 80

        /// The GLSL constant's name (`RECORD_TEXEL_TIMING_FUNCTION`).
        public var glslName: String {
            "RECORD_TEXEL_" + "\(self)".replacingOccurrences(of: "([a-z])([A-Z])", with: "$1_$2", options: .regularExpression).uppercased()
        }
    }
    /// Where a group child's record holds its group's timing.
    public static let groupTexel = Texel.group.rawValue
    /// Records side by side on one texture row (`animation.glsl`'s `record`): 1,344 texels wide, within
    /// GLES 3.0's smallest texture size (2,048), so the rows, not the width, grow with the count. Record r
    /// is at column (r % recordsPerLine) · texelsPerRecord of row r / recordsPerLine: the records in order
    /// are the texture's texels in order.
    public static let recordsPerLine = 16

    public struct Flags: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let autoreverses = Flags(rawValue: 1)
        public static let fillsBackwards = Flags(rawValue: 2)
        public static let fillsForwards = Flags(rawValue: 4)
        public static let removedOnCompletion = Flags(rawValue: 8)
        public static let additive = Flags(rawValue: 16)
        public static let cumulative = Flags(rawValue: 32)
        /// The value is a whole transform (texels 8–17), the result four rows.
        public static let transform = Flags(rawValue: 64)
        /// The value is a component of a transform (`transform.rotation.z`): the result is the transform
        /// beneath with that component replaced, four rows.
        public static let transformPart = Flags(rawValue: 128)
        /// A child of a group (texels 80–82): evaluated at the group's local time.
        public static let inGroup = Flags(rawValue: 256)

        /// Every flag by name: the GLSL header's RECORD_… bits (StrataRender's MotionLayout).
        public static let named: [(String, Flags)] = [
            ("autoreverses", .autoreverses), ("fillsBackwards", .fillsBackwards), ("fillsForwards", .fillsForwards),
            ("removedOnCompletion", .removedOnCompletion), ("additive", .additive), ("cumulative", .cumulative),
            ("transform", .transform), ("transformPart", .transformPart), ("inGroup", .inGroup),
        ]
    }

    /// A key path component's code in texel 6.w: its position in `LayerKeyPath.Component.allCases`, plus 1
    /// (the shader's `vectorPart`/`transformPart` switch on them); 0 for the whole value.
    public static func componentCode(_ c: LayerKeyPath.Component?) -> Int {
        guard let c, let i = LayerKeyPath.Component.allCases.firstIndex(of: c) else { return 0 }
        return i + 1
    }

    /// How a record's value is made (texel 1.w).
    public enum Form: Int, CaseIterable, Sendable {
        case basic = 0, spring, keyframes
    }

    /// How keyframes are interpolated (texel 6.y): paced ones are packed as linear with their key times.
    public enum KeyframeMode: Int, CaseIterable, Sendable {
        case linear = 0, discrete, cubic
    }

    /// Where a basic or spring animation's endpoints come from (`Interpolation.endpoints`'s cases).
    public enum Ends: Int, CaseIterable, Sendable {
        /// Both known when packed (texels 4, 5).
        case fixed = 0
        /// from → the value beneath.
        case fromOnly, toOnly, byOnly, none
    }

    /// The texels, `texelsPerRecord × 4` floats.
    public private(set) var floats: [Float]

    /// The records of `spec` packed against `epoch`, in the order they apply: one, or a group's children
    /// each with the group's timing (`group.groupChildren`, as `PreparedAnimation` runs them); nil when
    /// the GPU path does not evaluate it or any child, or a group holds a group.
    public static func records(_ spec: AnimationSpec, epoch: Double) -> [GPUAnimationRecord]? {
        guard case .group = spec.kind else { return GPUAnimationRecord(spec, epoch: epoch).map { [$0] } }
        var list: [GPUAnimationRecord] = []
        for child in spec.groupChildren {
            guard let r = GPUAnimationRecord(child, in: spec, epoch: epoch) else { return nil }
            list.append(r)
        }
        return list
    }

    /// Packs `spec` with its times relative to `epoch`; nil when the GPU path does not evaluate it (value
    /// functions, values rounded to a step, transforms and other value kinds, groups, transitions, paths, paced cubic keyframes,
    /// rotation modes, more than `maxKeyframes` values, cubic ones beyond `maxCubicKeyframes`): the CPU
    /// evaluates those. With `group` (a `.group` spec),
    /// `spec` is one of its `groupChildren`: its times are in the group's local time, its
    /// `isRemovedOnCompletion` ignored (its fill mode alone decides, as in Core Animation), and the
    /// group's timing, packed against `epoch`, maps frame times to it.
    /// Kept whole (over 60 lines): the record's texels written in layout order.
    public init?(_ spec: AnimationSpec, in group: AnimationSpec? = nil, epoch: Double) {
        guard spec.valueFunction == nil, spec.valueStep == 0, let keyPath = spec.keyPath else { return nil }
        let isTransform = keyPath.kind == .transform
        let isTransformPart = keyPath.component != nil && keyPath.property.kind == .transform
        guard isTransform || Self.components(of: keyPath.kind) != nil || (keyPath.kind == .numbers && Self.listLength(spec) != nil)
        else { return nil }
        floats = [Float](repeating: 0, count: Self.texelsPerRecord * 4)
        let timing = spec.timing
        var flags: Flags = []
        if timing.autoreverses { flags.insert(.autoreverses) }
        if timing.fillMode == .backwards || timing.fillMode == .both { flags.insert(.fillsBackwards) }
        if timing.fillMode == .forwards || timing.fillMode == .both { flags.insert(.fillsForwards) }
        if spec.isRemovedOnCompletion, group == nil { flags.insert(.removedOnCompletion) }
        if spec.isAdditive { flags.insert(.additive) }
        if spec.isCumulative { flags.insert(.cumulative) }
        if isTransform {
            // Only fixed, decomposable endpoints of basic and spring animations, neither additive nor cumulative.
            guard !spec.isAdditive, !spec.isCumulative, packTransformEnds(spec.kind) else { return nil }
            flags.insert(.transform)
        }
        if isTransformPart { flags.insert(.transformPart) }
        let active = timing.activeDuration
        let tf = spec.timingFunction ?? .linear
        set(.timingFunction, tf.c1x, tf.c1y, tf.c2x, tf.c2y)
        let form: Form
        switch spec.kind {
        case let .basic(from, to, by):
            form = .basic
            guard isTransform || packEnds(from, to, by) else { return nil }
        case let .spring(from, to, by, spring):
            form = .spring
            guard isTransform || packEnds(from, to, by) else { return nil }
            set(.spring, spring.naturalFrequency, spring.dampingRatio, spring.initialVelocity, Double(Self.endsMode(from, to, by).rawValue))
        case let .keyframe(frames):
            form = .keyframes
            guard !isTransform, packKeyframes(frames) else { return nil }
        case .group, .transition:
            return nil
        }
        floats[Texel.keyframes.rawValue * 4 + 3] = Float(Self.componentCode(keyPath.component))
        let begin: Double
        if let group {
            guard case .group = group.kind, let groupBegin = Self.begin(group.timing, cumulative: false, epoch: epoch) else { return nil }
            flags.insert(.inGroup)
            begin = timing.beginTime
            let g = group.timing, gtf = group.timingFunction ?? .linear
            var groupFlags: Flags = []
            if g.autoreverses { groupFlags.insert(.autoreverses) }
            if g.fillMode == .backwards || g.fillMode == .both { groupFlags.insert(.fillsBackwards) }
            if g.fillMode == .forwards || g.fillMode == .both { groupFlags.insert(.fillsForwards) }
            if group.isRemovedOnCompletion { groupFlags.insert(.removedOnCompletion) }
            set(Self.groupTexel, groupBegin, g.simpleDuration, g.speed, g.timeOffset)
            set(Self.groupTexel + 1, g.activeDuration.isFinite ? g.activeDuration : -1, g.cycleDuration, Double(groupFlags.rawValue), 0)
            set(Self.groupTexel + 2, gtf.c1x, gtf.c1y, gtf.c2x, gtf.c2y)
        } else {
            guard let b = Self.begin(timing, cumulative: spec.isCumulative, epoch: epoch) else { return nil }
            begin = b
        }
        set(.timing, begin, timing.simpleDuration, timing.speed, timing.timeOffset)
        set(.cycle, active.isFinite ? active : -1, timing.cycleDuration, Double(flags.rawValue), Double(form.rawValue))
    }

    /// How far from its epoch a record's begin time may lie: single-precision times lose 0.12 ms there.
    public static let maxBeginDistance = 1024.0

    /// The begin time relative to `epoch` as packed, or nil when it lies too far for single precision. An
    /// animation that repeats for ever (not cumulative, running forwards) and began long before the epoch
    /// is packed as if it began a whole number of cycles later, at or before the epoch: at every time from
    /// the epoch on it presents the same (the cycle's position is all it depends on).
    public static func begin(_ timing: MediaTiming, cumulative: Bool, epoch: Double) -> Double? {
        let begin = timing.beginTime - epoch
        guard abs(begin) > maxBeginDistance else { return begin }
        let period = timing.cycleDuration / timing.speed
        guard begin < 0, timing.activeDuration.isInfinite, !cumulative, timing.speed > 0, period > 0, period.isFinite else { return nil }
        let shifted = begin + ((-begin) / period).rounded(.down) * period
        return abs(shifted) <= maxBeginDistance ? shifted : nil
    }

    /// Value components of a kind the GPU path animates (nil: not one).
    public static func components(of kind: ValueKind) -> Int? {
        switch kind {
        case .scalar: 1
        case .point, .size: 2
        case .rect, .color: 4
        default: nil
        }
    }

    /// A value as four floats (nil for a kind the GPU path does not animate); a list of up to four numbers
    /// padded with zeros.
    public static func vector(_ v: AnimatableValue) -> SIMD4<Double>? {
        if case .numbers(let n) = v {
            guard let n, n.count <= 4 else { return nil }
            var s = SIMD4<Double>()
            for (i, x) in n.enumerated() { s[i] = Double(x) }
            return s
        }
        return components(of: v.kind) != nil ? Keyframes.vector(v) : nil
    }

    /// The length every list of numbers in a basic, spring or keyframe animation has, when they all have the
    /// same, from 1 to 4 (nil otherwise, or for values of another kind). Lists are interpolated element by
    /// element only between lists as long: the value beneath must have this length too.
    public static func listLength(_ spec: AnimationSpec) -> Int? {
        let values: [AnimatableValue?]
        switch spec.kind {
        case let .basic(from, to, by), let .spring(from, to, by, _): values = [from, to, by]
        case let .keyframe(frames): values = frames.values
        case .group, .transition: return nil
        }
        var length: Int?
        for v in values.compactMap({ $0 }) {
            guard case .numbers(let n?) = v, (1...4).contains(n.count), length == nil || length == n.count else { return nil }
            length = n.count
        }
        return length
    }

    private mutating func set(_ texel: Int, _ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        floats[texel * 4] = Float(x); floats[texel * 4 + 1] = Float(y)
        floats[texel * 4 + 2] = Float(z); floats[texel * 4 + 3] = Float(w)
    }

    private mutating func set(_ texel: Int, _ v: SIMD4<Double>) { set(texel, v.x, v.y, v.z, v.w) }
    private mutating func set(_ texel: Texel, _ x: Double, _ y: Double, _ z: Double, _ w: Double) { set(texel.rawValue, x, y, z, w) }
    private mutating func set(_ texel: Texel, _ v: SIMD4<Double>) { set(texel.rawValue, v) }

    static func endsMode(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?) -> Ends {
        switch (from, to, by) {
        case (_?, _?, _), (_?, nil, _?), (nil, _?, _?): .fixed
        case (_?, nil, nil): .fromOnly
        case (nil, _?, nil): .toOnly
        case (nil, nil, _?): .byOnly
        case (nil, nil, nil): .none
        }
    }

    /// Texels 3.w, 4 and 5: fixed endpoints as `Interpolation.endpoints` makes them, or the one value given.
    private mutating func packEnds(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?) -> Bool {
        let mode = Self.endsMode(from, to, by)
        floats[Texel.spring.rawValue * 4 + 3] = Float(mode.rawValue)
        switch mode {
        case .fixed:
            guard let f = from ?? to ?? by else { return false }
            let (start, end) = Interpolation.endpoints(from: from, to: to, by: by, underlying: f)
            guard let a = Self.vector(start), let b = Self.vector(end) else { return false }
            set(.start, a); set(.end, b)
        case .fromOnly, .toOnly, .byOnly:
            guard let given = from ?? to ?? by, let v = Self.vector(given) else { return false }
            set(.start, v)
        case .none:
            break
        }
        return true
    }

    /// Texels 8–17: the decomposed fixed endpoints of a basic or spring animation of a whole transform.
    private mutating func packTransformEnds(_ kind: AnimationSpec.Kind) -> Bool {
        let (from, to, by): (AnimatableValue?, AnimatableValue?, AnimatableValue?)
        switch kind {
        case let .basic(f, t, b): (from, to, by) = (f, t, b)
        case let .spring(f, t, b, _): (from, to, by) = (f, t, b)
        default: return false
        }
        guard Self.endsMode(from, to, by) == .fixed, let given = from ?? to else { return false }
        let (start, end) = Interpolation.endpoints(from: from, to: to, by: by, underlying: given)
        guard case let .transform(a) = start, case let .transform(b) = end,
              let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return false }
        for (base, d) in [(Texel.transformStart.rawValue, da), (Texel.transformEnd.rawValue, db)] {
            set(base, d.perspective[0], d.perspective[1], d.perspective[2], d.perspective[3])
            set(base + 1, d.translate[0], d.translate[1], d.translate[2], 0)
            set(base + 2, d.scale[0], d.scale[1], d.scale[2], 0)
            set(base + 3, d.skew[0], d.skew[1], d.skew[2], 0)
            set(base + 4, d.quaternion[0], d.quaternion[1], d.quaternion[2], d.quaternion[3])
        }
        return true
    }

    private mutating func packKeyframes(_ frames: Keyframes) -> Bool {
        let n = frames.values.count
        guard frames.path == nil, frames.rotationMode == nil, (1...Self.maxKeyframes).contains(n) else { return false }
        let vectors = frames.values.compactMap(Self.vector)
        guard vectors.count == n else { return false }
        let keyTimes: [Double]
        let mode: KeyframeMode
        switch frames.mode {
        case .linear: keyTimes = frames.keyTimes ?? Keyframes.even(max(n, 2)); mode = .linear
        case .discrete: keyTimes = frames.keyTimes ?? Keyframes.even(max(n, 2)); mode = .discrete
        case .paced: keyTimes = n > 1 ? frames.pacedKeyTimes() : [0, 1]; mode = .linear
        case .cubic:
            guard n <= Self.maxCubicKeyframes else { return false }
            keyTimes = frames.keyTimes ?? Keyframes.even(max(n, 2)); mode = .cubic
        case .cubicPaced: return false
        }
        let curved = frames.mode == .linear || frames.mode == .cubic
        let functions = curved ? Array((frames.timingFunctions ?? []).prefix(max(0, n - 1))) : []
        let header = Texel.keyframes.rawValue * 4, first = Texel.values.rawValue
        floats[header] = Float(n); floats[header + 1] = Float(mode.rawValue); floats[header + 2] = Float(functions.count)
        for (i, v) in vectors.enumerated() { set(first + i, v) }
        let timesStart = first + n
        for (i, t) in keyTimes.prefix(n).enumerated() { floats[timesStart * 4 + i] = Float(t) }
        let functionsStart = timesStart + (n + 3) / 4
        for (i, f) in functions.enumerated() { set(functionsStart + i, f.c1x, f.c1y, f.c2x, f.c2y) }
        if frames.mode == .cubic, n > 1 {
            let spline = frames.spline(), tangentsStart = functionsStart + n - 1
            for i in 0..<(n - 1) {
                let (out, incoming) = spline.tangents(i)
                set(tangentsStart + 2 * i, out)
                set(tangentsStart + 2 * i + 1, incoming)
            }
        }
        return true
    }
}
