import Foundation
import StrataCore
import StrataProtocol

/// The `text` scenario: N labels whose strings change every frame, like counters or clocks on a
/// departures board: each frame's commit sets every label's string to a new time and count, so the
/// server lays each out again and draws it from its glyph cache (digits, colons and letters it has
/// already made).
enum TextScenario {
    /// A root the size of the display holding `n` 14-point labels in a grid.
    static func scene(labels n: Int, width: Int, height: Int) -> Commit {
        var ops = BenchCommand.root(width: width, height: height, background: Color(red: 0.05, green: 0.05, blue: 0.1, alpha: 1))
        let columns = max(1, Int((Double(n) * Double(width) / Double(max(1, height)) / 4).squareRoot().rounded(.up)))
        let rows = max(1, (n + columns - 1) / columns)
        let cell = CGSize(width: CGFloat(width) / CGFloat(columns), height: CGFloat(height) / CGFloat(rows))
        for i in 0..<n {
            let id = LayerID(i + 2)
            ops += [.createLayer(id, kind: .text),
                    .setProperty(id, .bounds, .rect(CGRect(origin: .zero, size: cell))),
                    .setProperty(id, .position, .point(CGPoint(x: (CGFloat(i % columns) + 0.5) * cell.width,
                                                               y: (CGFloat(i / columns) + 0.5) * cell.height))),
                    .setProperty(id, .fontSize, .scalar(14)),
                    .setProperty(id, .foregroundColor, .color(Color(red: 1, green: 0.8, blue: 0.2, alpha: 1))),
                    .setProperty(id, .string, .text(AttributedText(label(i, frame: 0)))),
                    .insertSublayer(parent: 1, child: id, index: UInt32(i))]
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// The commit that shows frame `frame`: every label's string changed.
    static func update(labels n: Int, frame: Int) -> Commit {
        Commit(transactionID: UInt64(frame + 1),
               operations: (0..<n).map { .setProperty(LayerID($0 + 2), .string, .text(AttributedText(label($0, frame: frame)))) })
    }

    /// "Gate 12 10:45:07.15": a clock that advances a frame (1/60 s) at a time, offset per label.
    static func label(_ i: Int, frame: Int) -> String {
        let hundredths = (frame * 100 / 60 + i * 997) % (24 * 360_000)
        let h = hundredths / 360_000, m = hundredths / 6000 % 60, s = hundredths / 100 % 60, c = hundredths % 100
        func two(_ x: Int) -> String { x < 10 ? "0\(x)" : "\(x)" }
        return "Gate \(i % 40 + 1) \(two(h)):\(two(m)):\(two(s)).\(two(c))"
    }
}
