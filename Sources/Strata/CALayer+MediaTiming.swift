import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: media timing (CAMediaTiming on the layer)

    /// The chain of time spaces from global media time to this layer, from model values (as Core Animation's
    /// convertTime uses them) or from the last committed ones (as the presentation uses them).
    func timeSpace(committed: Bool) -> TimeSpace {
        var chain: [LayerTiming] = []
        var n: CALayer? = self
        while let c = n { chain.append(committed ? c.committedModel.timing : c.modelValues.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }
}
