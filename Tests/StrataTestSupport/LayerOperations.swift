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
}
