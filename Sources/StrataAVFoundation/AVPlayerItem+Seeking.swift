import Foundation
import Strata

/// An item's own seeks, as AVFoundation's: they seek the player whose current item it is. An item that is no
/// player's current item cannot seek: its completion is called with false and the refusal logged.
extension AVPlayerItem {
    public func seek(to time: CMTime, completionHandler: (@Sendable (Bool) -> Void)?) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: (@Sendable (Bool) -> Void)?) {
        guard let player, player.currentItem === self else {
            StrataLog.logger.error("AVPlayerItem.seek(to:): refused: the item is not a player's current item")
            if let completionHandler { CallbackQueue.current.async { completionHandler(false) } }
            return
        }
        player.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: completionHandler)
    }

    public func seek(to time: CMTime) async -> Bool {
        await withCheckedContinuation { done in seek(to: time, completionHandler: { done.resume(returning: $0) }) }
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) async -> Bool {
        await withCheckedContinuation { done in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { done.resume(returning: $0) })
        }
    }
}
