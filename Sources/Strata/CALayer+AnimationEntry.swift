import Foundation
import StrataCore

extension CALayer {
    /// An animation added to the layer under a key, and what the commits made of it.
    final class AnimationEntry {
        /// Issued by the layer lock's holder, never reused: what the server shadow, start/stop matching and
        /// completion groups know an entry by. (An `ObjectIdentifier` is an address: an entry freed when
        /// replaced under its key left it to the next entry, which then looked already sent.)
        let serial: UInt64
        nonisolated(unsafe) private static var lastSerial: UInt64 = 0
        let key: String
        let animation: CAAnimation
        var spec: AnimationSpec
        var committed = false
        /// Whether the delegate heard of its start and stop: a restored session re-sends running
        /// animations and reports them again, and the delegate hears of each once.
        var startDelivered = false
        var stopDelivered = false
        /// The animated custom key (a subclass's own property) when the animation is evaluated here, not
        /// by the server.
        let customKey: String?
        /// Called with the layer lock held.
        init(key: String, animation: CAAnimation, spec: AnimationSpec, customKey: String? = nil) {
            Self.lastSerial += 1
            serial = Self.lastSerial
            self.key = key; self.animation = animation; self.spec = spec; self.customKey = customKey
        }
    }
}
