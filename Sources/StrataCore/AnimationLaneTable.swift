import Foundation

/// The property animations the CPU evaluates each frame, laid out as columns (a struct of arrays): one row
/// per animation, each layer's animations a contiguous block, prepared once when they are attached.
/// Evaluating a block reads its rows' timing, curve and endpoints from adjacent memory and writes each
/// value straight into its field, with no per-frame allocation, no boxed values and no decomposition of
/// endpoints.
///
/// It holds only what it can evaluate exactly as `PreparedAnimation.apply` does (the one definition of the
/// semantics, which the tests hold it to): basic, spring and keyframe animations, without a value
/// function or value step, of CALayer's numeric fields and colours, of the transform's components, and of the whole
/// transform (basic or spring, not cumulative; its fixed ends decomposed once, as `PreparedAnimation`
/// does). Keyframes are evaluated by their resolved frames (the same function), read in place. A layer
/// with any other animation (groups, transitions, a kind's own properties) takes no block and is
/// evaluated by `Presentation.apply`.
public final class AnimationLaneTable {
    /// A layer's rows. Its start moves when the table compacts.
    public final class Block {
        public fileprivate(set) var start: Int
        public let count: Int
        fileprivate var isLive = true
        fileprivate init(start: Int, count: Int) { self.start = start; self.count = count }
    }

    /// How a row's endpoints are found: fixed when added, or from the value beneath (CABasicAnimation's
    /// from/to/by combinations with one value or none).
    enum Ends: UInt8 {
        case fixed, fromOnly, toOnly, byOnly, none
        /// Keyframes: the value from the prepared animation's resolved frames (`starts` and `ends` then
        /// hold the first and last values, for a cumulative repeat).
        case keyframes
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let additive = Flags(rawValue: 1)
        static let cumulative = Flags(rawValue: 2)
        static let removedOnCompletion = Flags(rawValue: 4)
        static let spring = Flags(rawValue: 8)
    }

    // The columns, one entry per row.
    private var timings: [MediaTiming] = []
    private var curves: [TimingFunction] = []
    private var springs: [Spring] = []
    /// Fixed ends: the start and end. Open ends: the one value given, in `starts`.
    private var starts: [SIMD4<Double>] = []
    private var ends: [SIMD4<Double>] = []
    private var targets: [AnimationLaneTarget] = []
    /// A whole-transform row's matrices (nil in every other row).
    private var matrices: [MatrixEnds?] = []
    /// A keyframe row's resolved frames, read in place from its prepared animation (nil in every other row).
    private var keyframeSources: [PreparedAnimation?] = []
    private var endForms: [Ends] = []
    private var flags: [Flags] = []

    /// Live and released blocks in row order; released rows are dropped when they outnumber the live ones.
    private var blocks: [Block] = []
    private var releasedRows = 0

    public init() {}

    /// Rows in use (live blocks' and released ones not yet compacted away).
    public var rowCount: Int { timings.count }

    /// Adds the rows of a layer's animations, in the order they apply; nil (nothing added) when one of them
    /// is not one the table evaluates.
    public func add(_ animations: [PreparedAnimation]) -> Block? {
        guard !animations.isEmpty else { return nil }
        var rows: [Row] = []
        rows.reserveCapacity(animations.count)
        for a in animations {
            guard let row = Row(a) else { return nil }
            rows.append(row)
        }
        let block = Block(start: timings.count, count: rows.count)
        for row in rows { append(row) }
        blocks.append(block)
        return block
    }

    /// Gives a block's rows back; they are reused when the table next compacts.
    public func release(_ block: Block) {
        guard block.isLive else { return }
        block.isLive = false
        releasedRows += block.count
        if releasedRows > 64, releasedRows * 2 > timings.count { compact() }
    }

    /// The presentation at local time `t`: the block's animations applied in order onto `values`, each
    /// seeing the value beneath it. `values` must equal the model in every field the block's rows write
    /// (`resetTargets` makes it so); every other field it leaves alone.
    public func apply(_ block: Block, onto values: inout LayerModel, at t: Double) {
        for row in block.start..<(block.start + block.count) {
            let removed = flags[row].contains(.removedOnCompletion)
            guard let sample = timings[row].sample(at: t, removedOnCompletion: removed) else { continue }
            let curved = curves[row].progress(at: sample.fraction)
            let progress = flags[row].contains(.spring) ? springs[row].progress(at: curved * timings[row].simpleDuration) : curved
            let target = targets[row]
            let form = endForms[row]
            if let m = matrices[row] {
                values.transform = m.value(form, progress: progress, additive: flags[row].contains(.additive), beneath: values.transform)
                continue
            }
            let reads = flags[row].contains(.additive) || (form != .fixed && form != .keyframes)
            let beneath = reads ? target.read(values) : SIMD4<Double>()
            // The value, and what a cumulative repeat adds per iteration: the arithmetic of `Interpolation`
            // lane by lane (a + (b − a)·t; end − start), or for keyframes the resolved frames at the curved
            // time (`PreparedAnimation.value`'s keyframe branch; last − first).
            var v: SIMD4<Double>, change: SIMD4<Double>
            if form == .keyframes {
                guard let source = keyframeSources[row], case let .keyframe(frames) = source.form else { continue }
                v = AnimationLaneTarget.numbers(frames.value(at: curved))
                change = ends[row] - starts[row]
            } else {
                let start: SIMD4<Double>, end: SIMD4<Double>
                switch form {
                case .fixed, .keyframes: start = starts[row]; end = ends[row]
                case .fromOnly: start = starts[row]; end = beneath
                case .toOnly: start = beneath; end = starts[row]
                case .byOnly: start = beneath; end = beneath + starts[row]
                case .none: start = beneath; end = beneath
                }
                v = start + (end - start) * progress
                change = end - start
            }
            if flags[row].contains(.cumulative), sample.iteration > 0 { v = v + change * sample.iteration }
            // Then the value beneath, for an additive animation.
            if flags[row].contains(.additive) { v = beneath + v }
            target.write(v, into: &values)
        }
    }

    /// Sets every field the block's rows write to its value in `model` (what lies beneath the animations).
    public func resetTargets(of block: Block, in values: inout LayerModel, from model: borrowing LayerModel) {
        for row in block.start..<(block.start + block.count) { targets[row].reset(&values, from: model) }
    }

    /// A whole-transform row's endpoints: fixed ones with their decompositions (made once), or the one
    /// matrix given.
    final class MatrixEnds {
        let start: Transform3D, end: Transform3D
        let decomposed: (DecomposedTransform?, DecomposedTransform?)

        init(start: Transform3D, end: Transform3D, decomposed: (DecomposedTransform?, DecomposedTransform?)) {
            self.start = start; self.end = end; self.decomposed = decomposed
        }

        /// `PreparedAnimation.value` for a transform, to the bit: the endpoints as `Interpolation.endpoints`
        /// finds them (a by-value composes as `Interpolation.add`: b · beneath), interpolated by
        /// decomposition, then over the value beneath when additive.
        func value(_ form: Ends, progress: Double, additive: Bool, beneath: Transform3D) -> Transform3D {
            let v: Transform3D
            switch form {
            case .fixed, .keyframes: v = DecomposedTransform.interpolate(start, end, progress, decomposed: decomposed)
            case .fromOnly: v = DecomposedTransform.interpolate(start, beneath, progress)
            case .toOnly: v = DecomposedTransform.interpolate(beneath, start, progress)
            case .byOnly: v = DecomposedTransform.interpolate(beneath, start * beneath, progress)
            case .none: v = DecomposedTransform.interpolate(beneath, beneath, progress)
            }
            return additive ? v * beneath : v
        }
    }

    /// One row, taken from a prepared animation.
    private struct Row {
        let timing: MediaTiming, curve: TimingFunction, spring: Spring
        let start: SIMD4<Double>, end: SIMD4<Double>
        let target: AnimationLaneTarget, ends: Ends, flags: Flags
        let matrices: MatrixEnds?
        let keyframes: PreparedAnimation?

        init?(_ a: PreparedAnimation) {
            guard let keyPath = a.keyPath, a.spec.valueFunction == nil, a.valueStep == 0, let target = AnimationLaneTarget(keyPath)
            else { return nil }
            var flags: Flags = []
            var keyframes: Keyframes.Resolved?
            switch a.form {
            case .basic: spring = Spring()
            case let .spring(s): spring = s; flags.insert(.spring)
            case let .keyframe(frames): spring = Spring(); keyframes = frames
            case .group, .transition: return nil
            }
            if a.spec.isAdditive { flags.insert(.additive) }
            if a.spec.isCumulative { flags.insert(.cumulative) }
            if a.spec.isRemovedOnCompletion { flags.insert(.removedOnCompletion) }
            // A value of another shape than the key path's interpolates discretely (`Interpolation`): not a lane.
            let (from, to, by) = a.spec.kind.endpoints
            guard [from, to, by].allSatisfy({ $0 == nil || $0?.kind == keyPath.kind }) else { return nil }
            if let keyframes {
                guard let (first, last) = Self.keyframeEnds(keyframes.frames, keyPath: keyPath, target: target) else { return nil }
                (start, end, ends, matrices, self.keyframes) = (first, last, .keyframes, nil, a)
            } else {
                guard let (start, end, ends, matrices) = target.isWholeTransform ? Self.matrixEnds(a) : Self.numberEnds(a) else { return nil }
                (self.start, self.end, self.ends, self.matrices, self.keyframes) = (start, end, ends, matrices, nil)
            }
            timing = a.timing
            curve = a.timingFunction
            self.target = target
            self.flags = flags
        }

        /// A keyframe animation's first and last values, where the table can hold it: numbers of the key
        /// path's shape (not whole transforms), no missing colour (a discrete frame would present it as
        /// none, not clear), and no rotation along a path (it turns the transform too).
        private static func keyframeEnds(_ frames: Keyframes, keyPath: LayerKeyPath, target: AnimationLaneTarget) -> (SIMD4<Double>, SIMD4<Double>)? {
            guard !target.isWholeTransform, frames.rotationMode == nil, let first = frames.values.first, let last = frames.values.last,
                  frames.values.allSatisfy({ v in
                      if case .color(nil) = v { return false }
                      return v.kind == keyPath.kind
                  })
            else { return nil }
            return (AnimationLaneTarget.numbers(first), AnimationLaneTarget.numbers(last))
        }

        private static func numberEnds(_ a: PreparedAnimation) -> (SIMD4<Double>, SIMD4<Double>, Ends, MatrixEnds?)? {
            if let fixed = a.fixedEnds {
                return (AnimationLaneTarget.numbers(fixed.start), AnimationLaneTarget.numbers(fixed.end), .fixed, nil)
            }
            let open = a.openEnds
            switch (open?.from, open?.to, open?.by) {
            case let (f?, nil, nil): return (AnimationLaneTarget.numbers(f), SIMD4(), .fromOnly, nil)
            case let (nil, t?, nil): return (AnimationLaneTarget.numbers(t), SIMD4(), .toOnly, nil)
            case let (nil, nil, b?): return (AnimationLaneTarget.numbers(b), SIMD4(), .byOnly, nil)
            case (nil, nil, nil): return (SIMD4(), SIMD4(), .none, nil)
            default: return nil // two values given are fixed ends
            }
        }

        /// A whole transform's: a cumulative one composes powers of its change, which is left to
        /// `Presentation.apply`.
        private static func matrixEnds(_ a: PreparedAnimation) -> (SIMD4<Double>, SIMD4<Double>, Ends, MatrixEnds?)? {
            guard !a.spec.isCumulative, let (ends, matrices) = matrices(a) else { return nil }
            return (SIMD4(), SIMD4(), ends, matrices)
        }

        private static func matrices(_ a: PreparedAnimation) -> (Ends, MatrixEnds)? {
            if let fixed = a.fixedEnds {
                guard case let .transform(s) = fixed.start, case let .transform(e) = fixed.end, let d = fixed.decomposed else { return nil }
                return (.fixed, MatrixEnds(start: s, end: e, decomposed: d))
            }
            func given(_ v: AnimatableValue?) -> Transform3D? { if case let .transform(m)? = v { m } else { nil } }
            let open = a.openEnds
            let form: Ends, value: Transform3D
            switch (given(open?.from), given(open?.to), given(open?.by)) {
            case let (f?, nil, nil): (form, value) = (.fromOnly, f)
            case let (nil, t?, nil): (form, value) = (.toOnly, t)
            case let (nil, nil, b?): (form, value) = (.byOnly, b)
            case (nil, nil, nil) where open?.from == nil && open?.to == nil && open?.by == nil: (form, value) = (.none, .identity)
            default: return nil
            }
            return (form, MatrixEnds(start: value, end: value, decomposed: (nil, nil)))
        }
    }

    private func append(_ row: Row) {
        timings.append(row.timing)
        curves.append(row.curve)
        springs.append(row.spring)
        starts.append(row.start)
        ends.append(row.end)
        targets.append(row.target)
        matrices.append(row.matrices)
        keyframeSources.append(row.keyframes)
        endForms.append(row.ends)
        flags.append(row.flags)
    }

    /// Moves the live blocks' rows together, in order, and drops the released ones.
    private func compact() {
        var write = 0
        var live: [Block] = []
        live.reserveCapacity(blocks.count)
        for block in blocks where block.isLive {
            for offset in 0..<block.count where write + offset != block.start + offset {
                let from = block.start + offset, to = write + offset
                timings[to] = timings[from]; curves[to] = curves[from]; springs[to] = springs[from]
                starts[to] = starts[from]; ends[to] = ends[from]; targets[to] = targets[from]; matrices[to] = matrices[from]
                keyframeSources[to] = keyframeSources[from]
                endForms[to] = endForms[from]; flags[to] = flags[from]
            }
            block.start = write
            write += block.count
            live.append(block)
        }
        let dropped = timings.count - write
        timings.removeLast(dropped); curves.removeLast(dropped); springs.removeLast(dropped)
        starts.removeLast(dropped); ends.removeLast(dropped); targets.removeLast(dropped); matrices.removeLast(dropped)
        keyframeSources.removeLast(dropped)
        endForms.removeLast(dropped); flags.removeLast(dropped)
        blocks = live
        releasedRows = 0
    }
}
