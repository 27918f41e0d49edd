import Foundation
import StrataCore
import StrataProtocol

/// Layer operations tests of several targets build scenes from.
public enum TestOperations {
    /// A red layer `id` filling `frame` in its superlayer's coordinates (not attached).
    public static func square(_ id: LayerID, _ frame: CGRect) -> [LayerOperation] {
        [.createLayer(id), .setProperty(id, .bounds, .rect(CGRect(origin: .zero, size: frame.size))),
         .setProperty(id, .position, .point(CGPoint(x: frame.midX, y: frame.midY))),
         .setProperty(id, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))]
    }

    /// Moves a layer by `offset` from its model position and back (`by` only, so the model position is
    /// where it starts), over and over: what the GPU path moves with a slot.
    public static func endlessMove(by offset: CGPoint, duration: Double = 1, autoreverses: Bool = false) -> AnimationSpec {
        var timing = MediaTiming()
        timing.duration = duration
        timing.repeatCount = .infinity
        timing.autoreverses = autoreverses
        return AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .basic(from: nil, to: nil, by: .point(offset)), timing: timing)
    }
}
