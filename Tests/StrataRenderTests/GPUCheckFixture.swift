import Foundation
import StrataCore
import StrataDisplay
import StrataRender
import Testing

/// Writes the GPU path's evaluations and the CPU's answers to `STRATA_GPU_CHECK_DIR`, so a small C
/// harness (scripts/gpu-check) can run `animation.glsl` on a real GPU driver, where the Swift toolchain
/// is not, and compare. Checks the fixture against llvmpipe first, so what it writes is right.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STRATA_GPU_CHECK_DIR"] != nil, "set STRATA_GPU_CHECK_DIR to write the GPU check's fixture"))
struct GPUCheckFixture {
    @Test func writeTheFixture() throws {
        let dir = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["STRATA_GPU_CHECK_DIR"]))
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let evaluator = try GPUAnimationEvaluator()
        var specs: [(AnimationSpec, [Float])] = GPUAnimationTests.cases.compactMap { _, spec, beneath in
            GPUAnimationRecord.vector(beneath).map { v in (spec, [Float(v.x), Float(v.y), Float(v.z), Float(v.w)] + Array(repeating: 0, count: 12)) }
        }
        let tilted = Transform3D.scale(1.5, 0.5, 1) * .rotation(0.3, 0, 0, 1) * .translation(20, -7, 3)
        let tiltedRows = tilted.elements.map { Float($0) }
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        let identityRows = Transform3D.identity.elements.map { Float($0) }
        let timing = GPUAnimationTests.timing { $0.repeatCount = 2; $0.autoreverses = true }
        specs += [
            (AnimationSpec(keyPath: LayerKeyPath(property: .transform), kind: .basic(from: .transform(.identity), to: .transform(.rotation(.pi * 0.9, 0, 0, 1)), by: nil), timing: timing), identityRows),
            (AnimationSpec(keyPath: LayerKeyPath(property: .transform), kind: .basic(from: .transform(perspective), to: .transform(.rotation(1.2, 1, 1, 0) * perspective), by: nil), timing: timing, timingFunction: .easeInEaseOut), identityRows),
            (AnimationSpec(keyPath: LayerKeyPath(property: .transform, component: .rotationZ), kind: .basic(from: .scalar(0), to: .scalar(3), by: nil), timing: timing), tiltedRows),
            (AnimationSpec(keyPath: LayerKeyPath(property: .transform, component: .translation), kind: .basic(from: nil, to: nil, by: .size(CGSize(width: 30, height: -12))), timing: timing), tiltedRows),
        ]
        // Group children (a record each, carrying the group's timing): what the child shows at the group's time.
        let groups = Self.groupCases(timing: timing)
        let table = AnimationTable(epoch: GPUAnimationTests.epoch)
        var records: [Float] = []
        var cases = Data()
        var count = 0
        let all = specs.map { ($0.0, $0.1, AnimationSpec?.none) } + groups
        for (i, (spec, beneath, group)) in all.enumerated() {
            let record = try #require(GPUAnimationRecord(spec, in: group, epoch: GPUAnimationTests.epoch))
            records += record.floats
            let isTransform = spec.keyPath?.property == .transform
            // In a group: the child (which ignores isRemovedOnCompletion) at the group's local time.
            var child = spec
            if group != nil { child.isRemovedOnCompletion = false }
            let prepared = PreparedAnimation(child)
            let tableRow = try #require(table.insert(spec, in: group))
            for k in 0..<40 {
                let frameTime = GPUAnimationTests.begin - 0.3 + Double(k) * 0.06 + 0.0049
                var groupLocal: Double? = frameTime
                if let group {
                    let sample = group.timing.sample(at: frameTime, removedOnCompletion: group.isRemovedOnCompletion)
                    groupLocal = sample.map { (group.timingFunction ?? .linear).progress(at: $0.fraction) * group.timing.simpleDuration }
                }
                let t = groupLocal ?? 0
                let expected: [Float]?
                if isTransform {
                    var model = LayerModel()
                    model.transform = Transform3D(elements: beneath.map { CGFloat($0) })
                    let before = model.transform
                    prepared.apply(to: &model, at: t)
                    let hasEffect = prepared.value(at: t, underlying: spec.keyPath.map { $0.get(from: .transform(before)) } ?? .transform(before)) != nil
                    expected = hasEffect && groupLocal != nil ? model.transform.elements.map { Float($0) } : nil
                } else {
                    let under = AnimatableValue.fromVector(beneath, kind: spec.keyPath?.kind ?? .scalar)
                    expected = groupLocal == nil ? nil : prepared.value(at: t, underlying: under).flatMap(GPUAnimationRecord.vector).map { [Float($0.x), Float($0.y), Float($0.z), Float($0.w)] + Array(repeating: 0, count: 12) }
                }
                // The fixture must be right: llvmpipe agrees with it.
                let rows = beneath.chunked4()
                let gpu = try evaluator.evaluate(table, rows: [tableRow], beneath: [rows], at: frameTime)[0]
                #expect((gpu == nil) == (expected == nil), "case \(i) at \(frameTime)")
                if let gpu, let expected {
                    let worst = zip(gpu.flatMap { [$0.x, $0.y, $0.z, $0.w] }, expected).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
                    #expect(worst < 2e-4, "case \(i) at \(frameTime): \(gpu) against \(expected)")
                }
                var row = Int32(i), time = Float(frameTime - GPUAnimationTests.epoch), valid = Int32(expected == nil ? 0 : 1)
                withUnsafeBytes(of: &row) { cases.append(contentsOf: $0) }
                withUnsafeBytes(of: &time) { cases.append(contentsOf: $0) }
                beneath.withUnsafeBytes { cases.append(contentsOf: $0) }
                (expected ?? Array(repeating: 0, count: 16)).withUnsafeBytes { cases.append(contentsOf: $0) }
                withUnsafeBytes(of: &valid) { cases.append(contentsOf: $0) }
                count += 1
            }
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // Whole texture lines of records (GPUAnimationRecord.recordsPerLine), as the table lays them out.
        let perLine = GPUAnimationRecord.recordsPerLine, recordFloats = GPUAnimationRecord.texelsPerRecord * 4
        records += [Float](repeating: 0, count: (perLine - specs.count % perLine) % perLine * recordFloats)
        try records.withUnsafeBytes { try Data($0).write(to: dir.appendingPathComponent("records.f32")) }
        try cases.write(to: dir.appendingPathComponent("cases.bin"))
        #expect(count == all.count * 40)
    }

    /// Children of groups with their own curves, offsets, repeats and fills, each with its group.
    static func groupCases(timing: MediaTiming) -> [(AnimationSpec, [Float], AnimationSpec?)] {
        let zero4 = [Float](repeating: 0, count: 16)
        var inner = MediaTiming()
        inner.beginTime = 0.2
        inner.duration = 0.5
        inner.fillMode = .both
        let move = AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .basic(from: .point(CGPoint(x: 0, y: 10)), to: .point(CGPoint(x: 80, y: -30)), by: nil),
                                 timing: inner, timingFunction: .easeIn)
        var held = MediaTiming()
        held.duration = 0.3
        held.repeatCount = 2
        held.autoreverses = true
        let fade = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .keyframe(Keyframes(values: [.scalar(1), .scalar(0.2), .scalar(0.7)], mode: .cubic)), timing: held)
        let group = AnimationSpec(keyPath: nil, kind: .group([move, fade]), timing: timing, timingFunction: .easeInEaseOut)
        var removed = GPUAnimationTests.timing { $0.speed = 1.5; $0.timeOffset = 0.1 }
        removed.fillMode = .removed
        let group2 = AnimationSpec(keyPath: nil, kind: .group([fade]), timing: removed)
        return [(move, zero4, group), (fade, zero4, group), (fade, zero4, group2)]
    }
}

extension Array where Element == Float {
    /// Sixteen floats as four rows.
    func chunked4() -> [SIMD4<Float>] { (0..<4).map { r in SIMD4(self[r * 4], self[r * 4 + 1], self[r * 4 + 2], self[r * 4 + 3]) } }
}

extension AnimatableValue {
    /// A vector (as `GPUAnimationRecord.vector` gives) back as a value of `kind`.
    static func fromVector(_ v: [Float], kind: ValueKind) -> AnimatableValue {
        let c = v.map { CGFloat($0) }
        switch kind {
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        default: return .scalar(c[0])
        }
    }
}
