import Foundation
import StrataCore
import StrataProtocol

/// `cards`: N rounded cards with shadows, each moving while its shadow's offset, radius and opacity
/// animate: on the GPU path every shadow property comes from the motion pass (a shadow costs an offscreen
/// pass and two blur passes per frame whichever path evaluates it).
enum CardsScenario {
    static func scene(cards n: Int, width: Int, height: Int) -> Commit {
        var ops = BenchCommand.root(width: width, height: height, background: Color(red: 0.85, green: 0.85, blue: 0.8, alpha: 1))
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        for i in 0..<n {
            let id = LayerID(i + 2)
            let x = (CGFloat(i % columns) + 0.5) / CGFloat(columns) * CGFloat(width)
            let y = (CGFloat(i / columns) + 0.5) / CGFloat(columns) * CGFloat(height)
            ops += BenchCommand.square(id, side: 16, at: CGPoint(x: x, y: y), hue: CGFloat(i % 7) / 7, index: i)
            ops += [.setProperty(id, .cornerRadius, .scalar(4)), .setProperty(id, .shadowOpacity, .scalar(0.5)),
                    .setProperty(id, .shadowColor, .color(Color(red: 0.1, green: 0, blue: 0.3, alpha: 1)))]
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.autoreverses = true
            t.duration = 0.8 + Double(i % 5) * 0.15
            func add(_ key: String, _ property: LayerProperty, _ kind: AnimationSpec.Kind, curve: TimingFunction? = nil) {
                ops.append(.addAnimation(id, key: key, AnimationSpec(keyPath: LayerKeyPath(property: property), kind: kind, timing: t, timingFunction: curve)))
            }
            add("position", .position, .basic(from: nil, to: nil, by: .point(CGPoint(x: 6, y: -4))))
            add("offset", .shadowOffset, .keyframe(Keyframes(values: [.size(CGSize(width: 0, height: 1)), .size(CGSize(width: 4, height: 6)),
                                                                      .size(CGSize(width: -3, height: 5))])))
            add("radius", .shadowRadius, .basic(from: .scalar(1), to: .scalar(6), by: nil), curve: .easeInEaseOut)
            add("opacity", .shadowOpacity, .basic(from: .scalar(0.8), to: .scalar(0.2), by: nil))
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }
}
