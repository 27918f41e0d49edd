import Foundation
import Testing
@testable import StrataCore

/// The lane table must present exactly what `Presentation.apply` does (the one definition): every value
/// compared with ==, over random animations of every key path it takes, every timing mode and endpoint form.
@Suite("Animation lanes (the CPU's columns of animations)")
struct AnimationLaneTableTests {
    /// A seeded generator, so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keyPaths = [
        "opacity", "zPosition", "anchorPointZ", "position", "position.x", "position.y", "anchorPoint", "bounds",
        "bounds.size", "bounds.origin", "bounds.size.width", "bounds.origin.y", "cornerRadius", "borderWidth",
        "shadowOffset", "shadowOffset.height", "shadowRadius", "shadowOpacity", "backgroundColor", "borderColor",
        "shadowColor", "contentsRect", "contentsCenter.size", "transform.rotation.z", "transform.rotation",
        "transform.rotation.x", "transform.scale", "transform.scale.y", "transform.translation", "transform.translation.x",
        "transform", "transform",
    ]

    static func value(_ kind: ValueKind, _ g: inout Seeded) -> AnimatableValue {
        func r() -> CGFloat { CGFloat(Double.random(in: -2...3, using: &g)) }
        switch kind {
        case .point: return .point(CGPoint(x: r() * 50, y: r() * 50))
        case .size: return .size(CGSize(width: r() * 40, height: r() * 40))
        case .rect: return .rect(CGRect(x: r(), y: r(), width: r() * 30, height: r() * 30))
        case .color: return Int.random(in: 0..<6, using: &g) == 0 ? .color(nil) : .color(Color(red: r(), green: r(), blue: r(), alpha: r()))
        case .transform:
            // Turns about any axis, scales (a zero one among them), moves, and sometimes perspective.
            var m = Transform3D.rotation(r(), r(), r(), r() + 3) * Transform3D.scale(r(), Int.random(in: 0..<8, using: &g) == 0 ? 0 : r(), 1)
                * Transform3D.translation(r() * 9, r() * 9, r())
            if Bool.random(using: &g) { m.m34 = -1 / 300 }
            return .transform(m)
        default: return .scalar(r())
        }
    }

    static func timing(_ g: inout Seeded) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = [0, 0.3, -0.2, 1.1].randomElement(using: &g) ?? 0
        t.duration = [0, 0.5, 1.3].randomElement(using: &g) ?? 1
        t.speed = [1, 2, 0.5, 0].randomElement(using: &g) ?? 1
        t.timeOffset = [0, 0, 0.4, -0.7].randomElement(using: &g) ?? 0
        t.repeatCount = [0, 0, 2.5, 3, .infinity].randomElement(using: &g) ?? 0
        if t.repeatCount == 0, Bool.random(using: &g) { t.repeatDuration = 1.7 }
        t.autoreverses = Bool.random(using: &g)
        t.fillMode = FillMode(rawValue: UInt8.random(in: 0...3, using: &g)) ?? .removed
        return t
    }

    static func animation(_ g: inout Seeded, index: Int) throws -> AttachedAnimation {
        let path = try LayerKeyPath(parsing: keyPaths.randomElement(using: &g) ?? "opacity")
        let kind = path.kind
        // Every from/to/by combination CABasicAnimation accepts, none included.
        let given = Int.random(in: 0..<8, using: &g)
        let from = given & 1 != 0 ? value(kind, &g) : nil
        let to = given & 2 != 0 ? value(kind, &g) : nil
        let by = given & 4 != 0 ? value(kind, &g) : nil
        let curve: TimingFunction? = [nil, .linear, .easeIn, .easeInEaseOut, TimingFunction(0.3, -0.4, 0.6, 1.5)].randomElement(using: &g) ?? nil
        let kindSpec: AnimationSpec.Kind
        switch Int.random(in: 0..<3, using: &g) {
        case 0: kindSpec = .basic(from: from, to: to, by: by)
        case 1: kindSpec = .spring(from: from, to: to, by: by, Spring(mass: 1, stiffness: 120, damping: 7, initialVelocity: 2))
        default:
            // Keyframes of every mode (a missing colour and whole transforms are left to Presentation.apply).
            let n = Int.random(in: 1...4, using: &g)
            var values: [AnimatableValue] = []
            while values.count < n {
                let v = value(kind, &g)
                if case .color(nil) = v { continue }
                values.append(v)
            }
            let mode = Keyframes.Mode.allCases.randomElement(using: &g) ?? .linear
            let keyTimes: [Double]? = Bool.random(using: &g) && n > 1 ? (0..<n).map { Double($0 * $0) / Double((n - 1) * (n - 1)) } : nil
            let curves: [TimingFunction]? = Bool.random(using: &g) && n > 1 ? Array(repeating: .easeInEaseOut, count: n - 1) : nil
            kindSpec = .keyframe(Keyframes(values: values, keyTimes: keyTimes, timingFunctions: curves, mode: mode))
        }
        // A cumulative whole transform is left to `Presentation.apply` (`takesOnlyWhatItEvaluatesExactly`).
        let spec = AnimationSpec(keyPath: path, kind: kindSpec, timing: timing(&g), timingFunction: curve,
                                 isRemovedOnCompletion: Bool.random(using: &g), isAdditive: Bool.random(using: &g),
                                 isCumulative: path.kind != .transform && Bool.random(using: &g))
        if path.kind == .transform, case .keyframe = kindSpec { return try animation(&g, index: index) }
        return AttachedAnimation(key: "a\(index)", spec: spec)
    }

    static func model(_ g: inout Seeded) -> LayerModel {
        var m = LayerModel()
        m.position = CGPoint(x: 40, y: -12)
        m.bounds = CGRect(x: 2, y: 3, width: 80, height: 50)
        m.opacity = 0.7
        m.backgroundColor = Bool.random(using: &g) ? nil : Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        m.cornerRadius = 4
        if Bool.random(using: &g) {
            m.transform = Transform3D.rotation(0.4, 0, 0, 1) * Transform3D.scale(1.5, 0.5, 1) * Transform3D.translation(3, -4, 0)
        }
        return m
    }

    @Test func presentsExactlyWhatPresentationApplyDoes() throws {
        var g = Seeded(state: 14)
        let table = AnimationLaneTable()
        var compared = 0
        for layer in 0..<400 {
            let model = Self.model(&g)
            let animations = try (0..<Int.random(in: 1...4, using: &g)).map { try Self.animation(&g, index: $0) }
            let block = try #require(table.add(animations.map(\.prepared)), "layer \(layer)")
            var values = model
            var first = true
            for step in 0..<40 {
                let t = -0.6 + Double(step) * 0.137
                let expected = Presentation.apply(animations, to: model, at: t)
                // The frame after the first resets only the fields the block writes.
                if first { values = model; first = false } else { table.resetTargets(of: block, in: &values, from: model) }
                table.apply(block, onto: &values, at: t)
                // One issue per layer, naming its animations, rather than two layer dumps per frame.
                guard values == expected else {
                    Issue.record("layer \(layer) differs at t = \(t): \(animations.map { "\($0.spec.keyPath?.description ?? "?") \($0.spec.kind)" })")
                    break
                }
                compared += 1
            }
        }
        #expect(compared == 16_000)
    }

    @Test func takesOnlyWhatItEvaluatesExactly() throws {
        func spec(_ path: String, _ kind: AnimationSpec.Kind, valueFunction: ValueFunction? = nil) throws -> PreparedAnimation {
            PreparedAnimation(AnimationSpec(keyPath: try LayerKeyPath(parsing: path), kind: kind, valueFunction: valueFunction))
        }
        let table = AnimationLaneTable()
        let opacity = try spec("opacity", .basic(from: .scalar(0), to: .scalar(1), by: nil))
        #expect(table.add([opacity]) != nil)
        #expect(table.add([]) == nil)
        // A whole transform repeating cumulatively composes powers of its change; keyframes, groups and value
        // functions have their own evaluation; a kind's own property is not one of CALayer's fields.
        #expect(table.add([try spec("transform", .basic(from: .transform(.identity), to: .transform(.scale(2, 2, 1)), by: nil))]) != nil)
        let whole = PreparedAnimation(AnimationSpec(keyPath: LayerKeyPath(property: .transform),
                                                    kind: .basic(from: .transform(.identity), to: .transform(.scale(2, 2, 1)), by: nil), isCumulative: true))
        #expect(table.add([try spec("opacity", .keyframe(Keyframes(values: [.scalar(0), .scalar(1)])))]) != nil)
        // Keyframes of a whole transform, with a missing colour (a discrete frame presents none, not clear),
        // or turning along a path are left to it too.
        let keyframes = try spec("transform", .keyframe(Keyframes(values: [.transform(.identity), .transform(.scale(2, 2, 1))])))
        let noColour = try spec("backgroundColor", .keyframe(Keyframes(values: [.color(nil), .color(.white)], mode: .discrete)))
        var square = Path()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let turning = try spec("position", .keyframe(Keyframes(values: [], path: square, rotationMode: .auto)))
        let valueFunction = try spec("transform", .basic(from: .scalar(0), to: .scalar(1), by: nil), valueFunction: .rotateZ)
        let strokeEnd = try spec("strokeEnd", .basic(from: .scalar(0), to: .scalar(1), by: nil))
        // A value of another shape interpolates discretely.
        let mismatched = try spec("position", .basic(from: .scalar(0), to: .point(.zero), by: nil))
        for other in [whole, keyframes, noColour, turning, valueFunction, strokeEnd, mismatched] {
            #expect(table.add([opacity, other]) == nil)
        }
        #expect(table.rowCount == 3)
    }

    @Test func releasedRowsAreCompactedAwayAndLiveBlocksKeepTheirAnimations() throws {
        var g = Seeded(state: 7)
        let table = AnimationLaneTable()
        var layers: [(AnimationLaneTable.Block, [AttachedAnimation], LayerModel)] = []
        for _ in 0..<200 {
            let animations = try (0..<3).map { try Self.animation(&g, index: $0) }
            layers.append((try #require(table.add(animations.map(\.prepared))), animations, Self.model(&g)))
        }
        #expect(table.rowCount == 600)
        for (i, layer) in layers.enumerated() where i % 3 != 0 { table.release(layer.0) }
        // 400 rows released of 600: compacted as soon as they outnumbered the live ones.
        #expect(table.rowCount < 600)
        let kept = layers.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        for (block, animations, model) in kept {
            for t in [0.1, 0.45, 1.2, 2.9] {
                var values = model
                table.apply(block, onto: &values, at: t)
                #expect(values == Presentation.apply(animations, to: model, at: t))
            }
        }
        let live = kept.map(\.0.count).reduce(0, +)
        #expect(table.rowCount >= live && table.rowCount <= live * 2)
    }
}
