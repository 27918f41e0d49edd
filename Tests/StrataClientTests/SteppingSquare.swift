import Foundation
@testable import Strata
import StrataCore
import StrataProtocol

/// A 20×20 square stepping across a 160×120 screen for 10 s: discrete keyframes of position and colour,
/// one step a second, so what any server shows at a time (away from a step boundary) is known exactly,
/// whatever the phase of its frames.
enum SteppingSquare {
    static let duration = 10.0
    static let y = 60

    /// The square's centre at step `i` (its edges land on whole pixels).
    static func x(step i: Int) -> Int { 20 + 12 * i }

    static func color(step i: Int) -> CGColor {
        CGColor(red: 1 - CGFloat(i) / 9, green: CGFloat(i) / 9, blue: 0.5, alpha: 1)
    }

    /// The square with its animations, which begin at `begin` (media time; in the past to start part-way).
    static func layer(begin: CFTimeInterval) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = CGPoint(x: x(step: 0), y: y)
        layer.backgroundColor = color(step: 0)
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = (0..<10).map { CGPoint(x: x(step: $0), y: y) }
        let tint = CAKeyframeAnimation(keyPath: "backgroundColor")
        tint.values = (0..<10).map { color(step: $0) }
        for (key, animation) in [("move", move), ("tint", tint)] {
            animation.calculationMode = .discrete
            // One more key time than values: each value holds 1 s (without, 10/9 s: the last shows at the end only).
            animation.keyTimes = (0...10).map { NSNumber(value: Double($0) / 10) }
            animation.duration = duration
            animation.beginTime = begin
            layer.add(animation, forKey: key)
        }
        return layer
    }

    /// The same scene as raw operations for another server (a witness that is never killed): the layer's
    /// committed properties and its animations exactly as the client library sent them.
    static func commit(copying layer: CALayer) -> Commit {
        let (model, animations) = LayerLock.with { (layer.committedModel, layer.animationEntries.map { ($0.key, $0.spec) }) }
        let defaults = LayerModel(kind: model.kind)
        var ops: [LayerOperation] = [.createLayer(1, kind: model.kind)]
        for p in LayerProperty.carried(by: model.kind) where model[p] != defaults[p] { ops.append(.setProperty(1, p, model[p])) }
        ops.append(.attachRoot(1))
        for (key, spec) in animations { ops.append(.addAnimation(1, key: key, spec)) }
        return Commit(transactionID: 1, operations: ops)
    }

    /// The step a frame shows, from where the square's left edge is on its row (nil: no square).
    static func step(in pixels: [UInt8], width: Int = 160) -> Int? {
        guard let left = (0..<width).first(where: { !(pixel(pixels, width: width, $0, y) == [0, 0, 0, 255]) }) else { return nil }
        let i = (left + 10 - 20) / 12
        return x(step: i) - 10 == left ? i : nil
    }

    /// Whether two frames are the same within the golden-image tolerance (STRATA_PIXEL_TOLERANCE).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        let tolerance = Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0
        return zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
