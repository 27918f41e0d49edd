import Foundation
import StrataCore
import StrataDisplay
import StrataRender
import Testing

/// The GPU animation path against the one definition of the semantics: every packed animation, evaluated
/// by the vertex stage (llvmpipe here) at many times, presents what `PreparedAnimation` presents on the
/// CPU, within single precision.
@Suite(.serialized) struct GPUAnimationTests {
    static let epoch = 5000.0
    static let begin = 5000.25

    static func timing(_ configure: (inout MediaTiming) -> Void = { _ in }) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = begin
        t.duration = 1
        configure(&t)
        return t
    }

    static func basic(_ property: LayerProperty, _ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue? = nil,
                      timing: MediaTiming = timing(), function: TimingFunction? = nil, removed: Bool = true,
                      additive: Bool = false, cumulative: Bool = false) -> AnimationSpec {
        AnimationSpec(keyPath: LayerKeyPath(property: property), kind: .basic(from: from, to: to, by: by), timing: timing,
                      timingFunction: function, isRemovedOnCompletion: removed, isAdditive: additive, isCumulative: cumulative)
    }

    static func p(_ x: CGFloat, _ y: CGFloat) -> AnimatableValue { .point(CGPoint(x: x, y: y)) }

    /// The largest component difference, against the largest magnitude (at least 1).
    static func relativeError(_ gpu: SIMD4<Float>, _ cpu: SIMD4<Double>) -> Double {
        let g = SIMD4<Double>(gpu)
        let difference = (0..<4).map { abs(g[$0] - cpu[$0]) }.max() ?? 0
        return difference / max(1, (0..<4).map { abs(cpu[$0]) }.max() ?? 0)
    }

    /// Every timing mode, endpoint form, spring regime and keyframe mode the GPU path takes.
    static let cases: [(String, AnimationSpec, AnimatableValue)] = [
        ("linear opacity", basic(.opacity, .scalar(0.2), .scalar(0.9)), .scalar(1)),
        ("ease-in-out position", basic(.position, p(10, 20), p(300, -40), function: .easeInEaseOut), p(0, 0)),
        ("default curve", basic(.position, p(0, 0), p(100, 100), function: .default), p(0, 0)),
        ("steep curve", basic(.opacity, .scalar(0), .scalar(1), function: TimingFunction(0.9, 0, 0.1, 1)), .scalar(1)),
        ("fill backwards", basic(.opacity, .scalar(0.1), .scalar(0.5), timing: timing { $0.fillMode = .backwards }), .scalar(1)),
        ("fill forwards, kept", basic(.opacity, .scalar(0.1), .scalar(0.5), timing: timing { $0.fillMode = .forwards }, removed: false), .scalar(1)),
        ("fill both, removed", basic(.opacity, .scalar(0.1), .scalar(0.5), timing: timing { $0.fillMode = .both }), .scalar(1)),
        ("repeat 2.5 autoreverse", basic(.position, p(0, 0), p(50, 80), timing: timing { $0.repeatCount = 1.25; $0.autoreverses = true; $0.fillMode = .forwards }, removed: false), p(0, 0)),
        ("speed 2 offset", basic(.opacity, .scalar(0), .scalar(1), timing: timing { $0.speed = 2; $0.timeOffset = 0.3; $0.repeatCount = 2 }), .scalar(1)),
        ("repeat duration", basic(.opacity, .scalar(0), .scalar(1), timing: timing { $0.repeatDuration = 1.7; $0.duration = 0.4 }), .scalar(1)),
        ("infinite repeat", basic(.cornerRadius, .scalar(0), .scalar(20), timing: timing { $0.repeatCount = .infinity; $0.duration = 0.3 }), .scalar(0)),
        ("default duration", basic(.opacity, .scalar(0), .scalar(1), timing: timing { $0.duration = 0 }), .scalar(1)),
        ("cumulative", basic(.position, p(0, 0), p(10, 5), timing: timing { $0.repeatCount = 3; $0.duration = 0.5 }, cumulative: true), p(0, 0)),
        ("additive", basic(.position, p(0, 0), p(10, 5), additive: true), p(100, 200)),
        ("from only", basic(.bounds, .rect(CGRect(x: 0, y: 0, width: 10, height: 10)), nil), .rect(CGRect(x: 5, y: 5, width: 100, height: 60))),
        ("to only", basic(.backgroundColor, nil, .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1))), .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5))),
        ("by only", basic(.position, nil, nil, p(40, -10)), p(7, 9)),
        ("from and by", basic(.position, p(1, 2), nil, p(40, -10)), p(7, 9)),
        ("to and by", basic(.opacity, nil, .scalar(0.8), .scalar(0.5)), .scalar(1)),
        ("nothing given", basic(.opacity, nil, nil), .scalar(0.4)),
        ("colour to clear", basic(.borderColor, .color(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)), .color(nil)), .color(nil)),
        ("spring, under-damped", AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .spring(from: p(0, 0), to: p(100, 50), by: nil, Spring(mass: 1, stiffness: 200, damping: 5)), timing: timing { $0.duration = 2 }), p(0, 0)),
        ("spring, critically damped", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .spring(from: .scalar(0), to: .scalar(1), by: nil, Spring(mass: 1, stiffness: 100, damping: 20)), timing: timing()), .scalar(1)),
        ("spring, over-damped, velocity", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .spring(from: .scalar(0), to: .scalar(1), by: nil, Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3)), timing: timing(), timingFunction: .easeOut), .scalar(1)),
        ("keyframes with key times and segment curves", AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .keyframe(Keyframes(values: [p(0, 0), p(100, 0), p(100, 100), p(0, 100)], keyTimes: [0, 0.2, 0.7, 1], timingFunctions: [.easeIn, .easeOut])), timing: timing { $0.duration = 2 }), p(0, 0)),
        ("keyframes discrete", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(0.1), .scalar(0.6), .scalar(0.3)], keyTimes: [0, 0.3, 0.8], mode: .discrete)), timing: timing()), .scalar(1)),
        ("keyframes discrete, even", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(0.1), .scalar(0.6), .scalar(0.3), .scalar(1)], mode: .discrete)), timing: timing()), .scalar(1)),
        ("keyframes paced", AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .keyframe(Keyframes(values: [p(0, 0), p(10, 0), p(10, 90), p(50, 90)], mode: .paced)), timing: timing(), timingFunction: .easeInEaseOut), p(0, 0)),
        ("keyframes cumulative, repeated", AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .keyframe(Keyframes(values: [p(0, 0), p(30, 10), p(20, 40)])), timing: timing { $0.repeatCount = 2; $0.duration = 0.7 }, isCumulative: true), p(0, 0)),
        ("keyframes cubic", AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .keyframe(Keyframes(values: [p(0, 0), p(100, 0), p(100, 100), p(0, 100)], mode: .cubic)), timing: timing()), p(0, 0)),
        ("keyframes cubic: tension, continuity, bias, key times, curves", AnimationSpec(keyPath: LayerKeyPath(property: .bounds), kind: .keyframe(Keyframes(values: [.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), .rect(CGRect(x: 5, y: -5, width: 60, height: 20)), .rect(CGRect(x: 20, y: 10, width: 30, height: 80)), .rect(CGRect(x: 0, y: 0, width: 40, height: 40))], keyTimes: [0, 0.4, 0.5, 1], timingFunctions: [.easeOut], mode: .cubic, tension: [0, 0.6, -0.5, 0], continuity: [0, -0.4, 0.8, 0], bias: [0, 0.3, -0.9, 0])), timing: timing { $0.repeatCount = 2 }, isCumulative: true), .rect(.zero)),
        ("one keyframe", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(0.3)])), timing: timing()), .scalar(1)),
    ]

    @Test func theGPUPresentsWhatTheCPUPresentsForEveryAnimationItTakes() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        // Times from half a second before the begin to past every end, off the exact boundaries.
        let times = (0..<90).map { Self.begin - 0.5 + Double($0) * 0.05 + 0.0123 }
        var checked = 0
        for (name, spec, beneath) in Self.cases {
            let record = try #require(GPUAnimationRecord(spec, epoch: Self.epoch), "\(name) is not packed")
            let under = try #require(GPUAnimationRecord.vector(beneath))
            let prepared = PreparedAnimation(spec)
            for t in times {
                let gpu = try evaluator.evaluate([record], beneath: [SIMD4<Float>(under)], at: Float(t - Self.epoch))[0]
                let cpu = prepared.value(at: t, underlying: beneath).flatMap(GPUAnimationRecord.vector)
                #expect((gpu == nil) == (cpu == nil), "\(name) at \(t - Self.begin): GPU \(String(describing: gpu)), CPU \(String(describing: cpu))")
                guard let gpu, let cpu else { continue }
                #expect(Self.relativeError(gpu, cpu) <= 2e-4, "\(name) at \(t - Self.begin): GPU \(gpu), CPU \(cpu)")
                checked += 1
            }
        }
        #expect(checked > 800)
    }

    @Test func manyRecordsEvaluateInOnePass() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        let records = try Self.cases.map { try #require(GPUAnimationRecord($0.1, epoch: Self.epoch)) }
        let beneath = try Self.cases.map { SIMD4<Float>(try #require(GPUAnimationRecord.vector($0.2))) }
        let t = Self.begin + 0.4321
        let all = try evaluator.evaluate(records, beneath: beneath, at: Float(t - Self.epoch))
        for (i, (name, spec, under)) in Self.cases.enumerated() {
            let cpu = PreparedAnimation(spec).value(at: t, underlying: under).flatMap(GPUAnimationRecord.vector)
            #expect((all[i] == nil) == (cpu == nil), "\(name)")
            if let g = all[i], let cpu { #expect(Self.relativeError(g, cpu) <= 2e-4, "\(name)") }
        }
    }

    /// Whole-matrix animations: decomposed once when packed, components mixed and the rotation slerped in
    /// the vertex stage, the matrix rebuilt there.
    @Test func theGPUInterpolatesWholeTransformsAsTheCPUDoes() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        let cases: [(String, AnimationSpec.Kind, MediaTiming, TimingFunction?)] = [
            ("spin", .basic(from: .transform(.identity), to: .transform(.rotation(.pi * 0.9, 0, 0, 1)), by: nil), Self.timing(), nil),
            ("scale and move", .basic(from: .transform(.scale(0.5, 2, 1) * .translation(10, -20, 0)),
                                      to: .transform(.rotation(0.4, 0, 0, 1) * .translation(200, 30, 5)), by: nil),
             Self.timing { $0.autoreverses = true; $0.repeatCount = 2 }, .easeInEaseOut),
            ("3D turn in perspective", .basic(from: .transform(perspective), to: .transform(.rotation(1.2, 1, 1, 0) * perspective), by: nil),
             Self.timing { $0.fillMode = .forwards }, nil),
            ("by a turn", .basic(from: .transform(.translation(5, 5, 0)), to: nil, by: .transform(.rotation(-1, 0, 0, 1))), Self.timing(), .easeOut),
            ("spring of a skewed scale", .spring(from: .transform(.identity), to: .transform(Transform3D(m11: 1.5, m12: 0, m13: 0, m14: 0, m21: 0.3, m22: 0.8, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)), by: nil,
                                                 Spring(stiffness: 300, damping: 8)), Self.timing { $0.duration = 2 }, nil),
        ]
        var checked = 0
        for (name, kind, timing, function) in cases {
            let spec = AnimationSpec(keyPath: LayerKeyPath(property: .transform), kind: kind, timing: timing, timingFunction: function,
                                     isRemovedOnCompletion: timing.fillMode == .removed)
            let record = try #require(GPUAnimationRecord(spec, epoch: Self.epoch), "\(name) is not packed")
            let prepared = PreparedAnimation(spec)
            for k in 0..<60 {
                let t = Self.begin - 0.3 + Double(k) * 0.05 + 0.0071
                let gpu = try evaluator.evaluateTransforms([record], at: Float(t - Self.epoch))[0]
                let cpu: Transform3D? = if case let .transform(m)? = prepared.value(at: t, underlying: .transform(.identity)) { m } else { nil }
                #expect((gpu == nil) == (cpu == nil), "\(name) at \(t - Self.begin)")
                guard let gpu, let cpu else { continue }
                let g = gpu.flatMap { [Double($0.x), Double($0.y), Double($0.z), Double($0.w)] }
                let c = cpu.elements.map { Double($0) }
                let error = zip(g, c).map { abs($0 - $1) }.max() ?? 0
                #expect(error <= 2e-4 * max(1, c.map(abs).max() ?? 0), "\(name) at \(t - Self.begin): GPU \(g), CPU \(c)")
                checked += 1
            }
        }
        #expect(checked > 150)
    }

    /// Key path components: the part is read from the value beneath, animated and written back, for points,
    /// sizes and rects, and for transforms through TransformComponents (the spin of every kiosk spinner).
    @Test func componentsAnimateInsideTheValueBeneath() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        let tilted = Transform3D.scale(1.5, 0.5, 1) * .rotation(0.3, 0, 0, 1) * .translation(20, -7, 3)
        var model = LayerModel()
        model.position = CGPoint(x: 40, y: 60)
        model.bounds = CGRect(x: 1, y: 2, width: 30, height: 20)
        model.transform = tilted
        let infinite = Self.timing { $0.repeatCount = .infinity; $0.autoreverses = true; $0.duration = 0.6 }
        func path(_ p: LayerProperty, _ c: LayerKeyPath.Component) -> LayerKeyPath { LayerKeyPath(property: p, component: c) }
        let cases: [(String, LayerKeyPath, AnimationSpec.Kind, MediaTiming, Bool)] = [
            ("spin", path(.transform, .rotationZ), .basic(from: .scalar(0), to: .scalar(3), by: nil), infinite, false),
            ("turn about x", path(.transform, .rotationX), .basic(from: nil, to: .scalar(1), by: nil), Self.timing(), false),
            ("turn about y, additive", path(.transform, .rotationY), .basic(from: .scalar(0), to: .scalar(0.7), by: nil), Self.timing(), true),
            ("scale keyframes", path(.transform, .scale), .keyframe(Keyframes(values: [.scalar(1), .scalar(2), .scalar(0.5)])), Self.timing(), false),
            ("scale.x spring", path(.transform, .scaleX), .spring(from: .scalar(0.2), to: .scalar(1), by: nil, Spring(stiffness: 150, damping: 6)), Self.timing(), false),
            ("translation by", path(.transform, .translation), .basic(from: nil, to: nil, by: .size(CGSize(width: 30, height: -12))), Self.timing(), false),
            ("translation.z", path(.transform, .translationZ), .basic(from: .scalar(0), to: .scalar(40), by: nil), Self.timing(), false),
            ("position.x", path(.position, .x), .basic(from: nil, to: .scalar(200), by: nil), Self.timing(), false),
            ("bounds.size", path(.bounds, .size), .basic(from: .size(CGSize(width: 10, height: 10)), to: .size(CGSize(width: 80, height: 40)), by: nil), Self.timing(), false),
            ("bounds.origin.y", path(.bounds, .originY), .basic(from: nil, to: nil, by: .scalar(-15)), infinite, false),
            ("bounds.size.width, cumulative", path(.bounds, .sizeWidth), .basic(from: .scalar(10), to: .scalar(20), by: nil),
             Self.timing { $0.repeatCount = 3; $0.duration = 0.4 }, false),
        ]
        var checked = 0
        for (name, keyPath, kind, timing, additive) in cases {
            let spec = AnimationSpec(keyPath: keyPath, kind: kind, timing: timing, isAdditive: additive, isCumulative: name.contains("cumulative"))
            let record = try #require(GPUAnimationRecord(spec, epoch: Self.epoch), "\(name) is not packed")
            let prepared = PreparedAnimation(spec)
            let whole = model[keyPath.property]
            for k in 0..<50 {
                let t = Self.begin - 0.2 + Double(k) * 0.05 + 0.0031
                var presented = model
                prepared.apply(to: &presented, at: t)
                let changed = presented[keyPath.property] != whole || prepared.value(at: t, underlying: keyPath.get(from: whole)) != nil
                let gpu: [Double]?
                let cpu: [Double]
                if case let .transform(m) = whole {
                    let rows = (0..<4).map { r in SIMD4<Float>((0..<4).map { Float(m.elements[r * 4 + $0]) }) }
                    gpu = try evaluator.evaluateTransforms([record], beneath: [rows], at: Float(t - Self.epoch))[0]?
                        .flatMap { [Double($0.x), Double($0.y), Double($0.z), Double($0.w)] }
                    guard case let .transform(p) = presented[keyPath.property] else { Issue.record("\(name)"); continue }
                    cpu = p.elements.map { Double($0) }
                } else {
                    let under = try #require(GPUAnimationRecord.vector(whole))
                    gpu = try evaluator.evaluate([record], beneath: [SIMD4<Float>(under)], at: Float(t - Self.epoch))[0]
                        .map { [Double($0.x), Double($0.y), Double($0.z), Double($0.w)] }
                    let v = try #require(GPUAnimationRecord.vector(presented[keyPath.property]))
                    cpu = [v.x, v.y, v.z, v.w]
                }
                #expect((gpu != nil) == changed, "\(name) at \(t - Self.begin)")
                guard let gpu, changed else { continue }
                let error = zip(gpu, cpu).map { abs($0 - $1) }.max() ?? 0
                #expect(error <= 2e-4 * max(1, cpu.map(abs).max() ?? 0), "\(name) at \(t - Self.begin): GPU \(gpu), CPU \(cpu)")
                checked += 1
            }
        }
        #expect(checked > 250)
    }

    /// The GPU-resident table: rows given out and reused, the texture grown, only changed rows uploaded,
    /// and the epoch moved when frame times run far past it (a fast animation a day after boot still
    /// evaluates to within single precision of the CPU).
    @Test func theAnimationTableKeepsRecordsOnTheGPUAndMovesItsEpoch() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        let table = AnimationTable(epoch: 0)
        let day = 86_400.25
        func fade(_ to: CGFloat, begin: Double) -> AnimationSpec {
            var t = MediaTiming()
            t.beginTime = begin
            t.duration = 1
            return AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0), to: .scalar(to), by: nil), timing: t)
        }
        let cubicPaced = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(0), .scalar(1), .scalar(0)], mode: .cubicPaced)))
        #expect(table.insert(cubicPaced) == nil)                     // the CPU keeps it
        let rows = (0..<100).compactMap { table.insert(fade(CGFloat($0) * 10, begin: day)) }
        #expect(rows == (0..<100).map(Int32.init))
        table.remove(rows[7])
        let reused = try #require(table.insert(fade(12345, begin: day)))
        #expect(reused == 7)
        #expect(table.count == 100)

        let t = day + 0.3456
        let results = try evaluator.evaluate(table, rows: rows, beneath: Array(repeating: [.zero, .zero, .zero, .zero], count: rows.count), at: t)
        #expect(table.capacity >= 100 && table.rebaseCount == 1 && table.epoch == t)
        for (i, row) in rows.enumerated() {
            let to: CGFloat = row == 7 ? 12345 : CGFloat(i) * 10
            let cpu = PreparedAnimation(fade(to, begin: day)).value(at: t, underlying: .scalar(1)).flatMap(GPUAnimationRecord.vector)
            let gpu = try #require(results[i]?[0], "row \(row)")
            #expect(Self.relativeError(gpu, try #require(cpu)) <= 2e-4, "row \(row): \(gpu) against \(String(describing: cpu))")
        }
        // Within the span the epoch stays; a removed row is simply not asked for.
        table.remove(rows[3])
        _ = try evaluator.evaluate(table, rows: [rows[0]], beneath: [[.zero, .zero, .zero, .zero]], at: t + 100)
        #expect(table.rebaseCount == 1 && table.count == 99)
    }

    @Test func beginTimesFarFromTheEpochShiftByWholeCyclesOrStayOnTheCPU() {
        var forever = MediaTiming()
        forever.duration = 0.4
        forever.repeatCount = .infinity
        forever.autoreverses = true
        // Near: as it is.
        #expect(GPUAnimationRecord.begin(forever, cumulative: false, epoch: 100) == -100)
        // Far, repeating for ever: whole cycles (0.8 s) later, at or before the epoch.
        let shifted = GPUAnimationRecord.begin(forever, cumulative: false, epoch: 122_000.3)
        #expect(shifted.map { $0 > -0.8 && $0 <= 0 } == true)
        // The original begin (0) plus a whole number of cycles, to rounding.
        let cycles = shifted.map { ($0 + 122_000.3) / 0.8 } ?? 0.5
        #expect(abs(cycles - cycles.rounded()) < 1e-6)
        forever.speed = 2 // a cycle is 0.4 s of local time
        #expect(GPUAnimationRecord.begin(forever, cumulative: false, epoch: 5000).map { $0 > -0.4 && $0 <= 0 } == true)
        // Cumulative (the iteration counts), finite, or beginning far ahead: the CPU evaluates it.
        #expect(GPUAnimationRecord.begin(forever, cumulative: true, epoch: 5000) == nil)
        var once = MediaTiming()
        once.duration = 1
        #expect(GPUAnimationRecord.begin(once, cumulative: false, epoch: 5000) == nil)
        once.beginTime = 9000
        #expect(GPUAnimationRecord.begin(once, cumulative: false, epoch: 5000) == nil)
    }

    @Test func theMotionPathNamesTheLayerPropertiesItAnimates() {
        let pairs: [(LayerProperty, MotionSlots.Property)] = [
            (.position, .position), (.anchorPoint, .anchorPoint), (.anchorPointZ, .anchorPointZ), (.transform, .transform), (.opacity, .opacity),
            (.backgroundColor, .backgroundColor), (.bounds, .bounds), (.cornerRadius, .cornerRadius), (.borderWidth, .borderWidth),
            (.borderColor, .borderColor), (.shadowOpacity, .shadowOpacity), (.shadowOffset, .shadowOffset), (.shadowRadius, .shadowRadius),
            (.shadowColor, .shadowColor), (.strokeStart, .strokeStart), (.strokeEnd, .strokeEnd), (.contentsRect, .contentsRect),
            (.zPosition, .zPosition), (.fillColor, .fillColor), (.strokeColor, .strokeColor),
        ]
        for (layer, motion) in pairs { #expect(MotionSlots.Property(layer) == motion, "\(layer)") }
        for other: LayerProperty in [.contentsCenter, .sublayerTransform, .hidden, .shadowPath, .lineWidth, .path] {
            #expect(MotionSlots.Property(other) == nil, "\(other)")
        }
    }

    @Test func whatTheGPUPathDoesNotTakeIsLeftToTheCPU() {
        let spin = AnimationSpec(keyPath: LayerKeyPath(property: .transform), kind: .basic(from: .transform(.identity), to: .transform(.rotation(1, 0, 0, 1)), by: nil), isAdditive: true)
        let open = AnimationSpec(keyPath: LayerKeyPath(property: .transform), kind: .basic(from: nil, to: .transform(.rotation(1, 0, 0, 1)), by: nil))
        let group = AnimationSpec(keyPath: nil, kind: .group([Self.cases[0].1]))
        let cubicPaced = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(0), .scalar(1), .scalar(0.5)], mode: .cubicPaced)))
        let many = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: (0..<33).map { .scalar(CGFloat($0)) })))
        let manyCubic = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: (0..<17).map { .scalar(CGFloat($0)) }, mode: .cubic)))
        let nested = AnimationSpec(keyPath: nil, kind: .group([group]))
        for spec in [spin, open, group, cubicPaced, many, manyCubic, nested] { #expect(GPUAnimationRecord(spec, epoch: 0) == nil) }
        // A group is its children's records; one holding a group, or anything else the GPU does not take, is none.
        #expect(GPUAnimationRecord.records(group, epoch: 0)?.count == 1)
        #expect(GPUAnimationRecord.records(nested, epoch: 0) == nil)
        #expect(GPUAnimationRecord.records(AnimationSpec(keyPath: nil, kind: .group([Self.cases[0].1, cubicPaced])), epoch: 0) == nil)
    }
}
