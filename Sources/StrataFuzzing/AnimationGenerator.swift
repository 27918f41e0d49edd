import Foundation
import StrataCore

/// Random animations of every kind (basic, spring, keyframe, group, transition) for a layer kind, valid
/// by `AnimationSpec.validate` most of the time, timed around `now` so they run while the fuzzer does.
public struct AnimationGenerator {
    public var values = ValueGenerator()

    public init() {}

    /// A key path a layer of `kind` animates: an animatable property it carries, sometimes with a component.
    public func keyPath(for kind: LayerKind, _ r: inout FuzzRandom) -> LayerKeyPath {
        // An emitter's cells by the names `ValueGenerator.cells` gives them (c0, c1, …), nested now and then.
        if kind == .emitter, r.chance(0.3) {
            let names = (0..<(r.chance(0.2) ? 2 : 1)).map { _ in "c\(r.int(0...3))" }
            let keys = EmitterCellModel.scalarKeys + ["color", "enabled"]
            if let cell = EmitterCellKey(names: names, key: r.pick(keys) ?? "birthRate") { return LayerKeyPath(cell: cell) }
        }
        let animatable = LayerProperty.carried(by: kind).filter(\.isAnimatable)
        let property = r.pick(animatable) ?? .opacity
        let components = LayerKeyPath.Component.allCases.filter { (try? LayerKeyPath(parsing: "\(property.name).\($0.rawValue)")) != nil }
        if r.chance(0.3), let c = r.pick(components) { return LayerKeyPath(property: property, component: c) }
        return LayerKeyPath(property: property)
    }

    public func animation(for kind: LayerKind, now: Double, _ r: inout FuzzRandom, depth: Int = 0) -> AnimationSpec {
        var spec: AnimationSpec
        let choice = r.int(0...9)
        if choice == 8, depth < 3 {
            let children = (0..<r.skewed(6)).map { _ in animation(for: kind, now: 0, &r, depth: depth + 1) }
            spec = AnimationSpec(keyPath: nil, kind: .group(children.filter { if case .transition = $0.kind { false } else { true } }))
        } else if choice == 9, depth == 0 {
            let start = r.double(0...1)
            spec = AnimationSpec(keyPath: nil, kind: .transition(Transition(kind: r.pick(Transition.Kind.allCases) ?? .fade,
                                                                            direction: r.chance(0.5) ? nil : Transition.Direction(rawValue: UInt8(r.int(0...3))),
                                                                            startProgress: start, endProgress: r.double(start...1))))
        } else {
            let path = keyPath(for: kind, &r)
            spec = AnimationSpec(keyPath: path, kind: propertyKind(path, choice: choice, &r))
            if path.property.kind == .transform, path.component == nil, r.chance(0.15), let f = r.pick(ValueFunction.allCases) {
                spec.valueFunction = f
                spec.kind = .basic(from: values.value(f.inputKind, &r), to: values.value(f.inputKind, &r), by: nil)
            }
            // Values on a grid (UIScrollView's offsets): pixel steps, and steps far smaller and larger than the values.
            if spec.valueFunction == nil, Interpolation.roundable(path.kind), r.chance(0.1) {
                spec.valueStep = r.pick([0.5, 1, 1.0 / 3, 1e-9, 1e6]) ?? 1
            }
        }
        spec.timing = timing(now: now, &r)
        if r.chance(0.3) { spec.timingFunction = TimingFunction(r.double(0...1), r.double(-1...2), r.double(0...1), r.double(-1...2)) }
        spec.isRemovedOnCompletion = r.chance(0.7)
        spec.isAdditive = r.chance(0.15)
        spec.isCumulative = r.chance(0.1)
        return spec
    }

    private func propertyKind(_ path: LayerKeyPath, choice: Int, _ r: inout FuzzRandom) -> AnimationSpec.Kind {
        let kind = path.kind
        // Paths animate between paths of one structure.
        let shape = kind == .path ? values.path(&r, maxElements: 16) : nil
        func v() -> AnimatableValue {
            if let shape { return .path(values.path(like: shape, &r)) }
            return values.value(kind, &r)
        }
        switch choice {
        case 0...3:
            return .basic(from: r.chance(0.6) ? v() : nil, to: v(), by: r.chance(0.2) ? v() : nil)
        case 4:
            return .spring(from: v(), to: v(), by: nil, Spring(mass: r.double(0.1...5), stiffness: r.double(1...500),
                                                                damping: r.double(0...50), initialVelocity: r.double(-10...10)))
        default:
            let n = r.int(1...(r.chance(0.05) ? 300 : 8))
            let mode = r.pick(Keyframes.Mode.allCases) ?? .linear
            var frames = Keyframes(values: (0..<n).map { _ in v() }, mode: mode)
            if r.chance(0.4) {
                let count = mode == .discrete && r.chance(0.5) ? n + 1 : n
                frames.keyTimes = (0..<count).map { _ in r.double(0...1) }.sorted()
            }
            if r.chance(0.2) { frames.timingFunctions = (0..<r.int(0...n)).map { _ in TimingFunction(r.double(0...1), r.double(0...1), r.double(0...1), r.double(0...1)) } }
            if mode == .cubic || mode == .cubicPaced, r.chance(0.5) {
                frames.tension = (0..<n).map { _ in r.double(-1...1) }
                frames.continuity = (0..<n).map { _ in r.double(-1...1) }
                frames.bias = (0..<n).map { _ in r.double(-1...1) }
            }
            if kind == .point, r.chance(0.3) {
                var p = values.path(&r, maxElements: 12)
                p.addLine(to: values.point(&r))
                frames.path = p
                frames.keyTimes = nil
                if r.chance(0.5) { frames.rotationMode = r.pick(Keyframes.RotationMode.allCases) }
            }
            return .keyframe(frames)
        }
    }

    private func timing(now: Double, _ r: inout FuzzRandom) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = now == 0 ? r.double(0...1) : now + r.double(-1...1)
        t.duration = r.chance(0.1) ? 0 : r.double(0.01...3)
        t.speed = r.chance(0.8) ? 1 : r.pick([0, -1, 2, 0.5, 100]) ?? 1
        t.timeOffset = r.chance(0.8) ? 0 : r.double(-2...2)
        t.repeatCount = r.chance(0.7) ? 0 : r.chance(0.3) ? .infinity : r.double(0...5)
        t.repeatDuration = r.chance(0.9) ? 0 : r.double(0...5)
        t.autoreverses = r.chance(0.2)
        t.fillMode = FillMode(rawValue: UInt8(r.int(0...3))) ?? .removed
        return t
    }
}
