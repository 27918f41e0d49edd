import Foundation
import StrataCore
import StrataProtocol

/// `labels`: N cards, each holding a text label, sliding and turning for ever (a departures board's rows
/// swinging in, a carousel of tiles): the labels move with their cards' motion slots, so frames reuse the
/// draw list and draw the glyphs from the cache without laying anything out.
enum LabelsScenario {
    static func scene(cards n: Int, width: Int, height: Int) -> Commit {
        var ops = BenchCommand.root(width: width, height: height, background: Color(red: 0.05, green: 0.05, blue: 0.1, alpha: 1))
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let cell = CGSize(width: CGFloat(width) / CGFloat(columns), height: CGFloat(height) / CGFloat(columns))
        for i in 0..<n {
            let card = LayerID(2 * i + 2), label = LayerID(2 * i + 3)
            let x = (CGFloat(i % columns) + 0.5) * cell.width, y = (CGFloat(i / columns) + 0.5) * cell.height
            let size = CGSize(width: max(8, cell.width * 0.9), height: max(6, cell.height * 0.7))
            ops += BenchCommand.square(card, side: 1, at: CGPoint(x: x, y: y), hue: CGFloat(i % 7) / 7, index: i)
            ops += [.setProperty(card, .bounds, .rect(CGRect(origin: .zero, size: size))),
                    .setProperty(card, .cornerRadius, .scalar(3)),
                    .createLayer(label, kind: .text),
                    .setProperty(label, .bounds, .rect(CGRect(origin: .zero, size: size))),
                    .setProperty(label, .position, .point(CGPoint(x: size.width / 2, y: size.height / 2))),
                    .setProperty(label, .fontSize, .scalar(min(12, size.height * 0.6))),
                    .setProperty(label, .foregroundColor, .color(Color(red: 0.05, green: 0.05, blue: 0.1, alpha: 1))),
                    .setProperty(label, .string, .text(AttributedText("Gate \(i % 40 + 1)"))),
                    .insertSublayer(parent: card, child: label, index: 0)]
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.autoreverses = true
            t.duration = 0.9 + Double(i % 5) * 0.15
            func add(_ key: String, _ keyPath: LayerKeyPath, _ by: AnimatableValue) {
                ops.append(.addAnimation(card, key: key, AnimationSpec(keyPath: keyPath, kind: .basic(from: nil, to: nil, by: by), timing: t,
                                                                       timingFunction: .easeInEaseOut)))
            }
            add("slide", LayerKeyPath(property: .position), .point(CGPoint(x: 7, y: -3)))
            add("swing", LayerKeyPath(property: .transform, component: .rotationZ), .scalar(0.35))
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }
}
