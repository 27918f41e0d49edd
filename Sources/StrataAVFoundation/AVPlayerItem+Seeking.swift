import Foundation
import Strata

/// An item's own seeks, as AVFoundation's: they seek the player whose current item it is. An item that is no
/// player's current item cannot seek: its completion is called with false and the refusal logged.
extension AVPlayerItem {
    /// Seeks the player whose current item this is to the nearest key frame to `time`, then calls
    /// `completionHandler` on the main queue as `AVPlayer.seek(to:completionHandler:)` does; when the item is no
    /// player's current item, the refusal is logged and the handler gets false.
    public func seek(to time: CMTime, completionHandler: (@Sendable (Bool) -> Void)?) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    /// Seeks the player whose current item this is within the tolerances (zero both ways: the frame whose span
    /// holds `time`; any other: the nearest key frame), then calls `completionHandler` on the main queue; when the
    /// item is no player's current item, the refusal is logged and the handler gets false.
    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: (@Sendable (Bool) -> Void)?) {
        guard let player, player.currentItem === self else {
            StrataLog.logger.error("AVPlayerItem.seek(to:): refused: the item is not a player's current item")
            if let completionHandler { CallbackQueue.current.async { completionHandler(false) } }
            return
        }
        player.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: completionHandler)
    }

    /// Seeks as `seek(to:completionHandler:)` does and returns once done: true when the seek finished, false when
    /// it could not be made (the item is no player's current item, for one).
    public func seek(to time: CMTime) async -> Bool {
        await withCheckedContinuation { done in seek(to: time, completionHandler: { done.resume(returning: $0) }) }
    }

    /// Seeks as `seek(to:toleranceBefore:toleranceAfter:completionHandler:)` does and returns once done, with what
    /// its handler would get.
    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) async -> Bool {
        await withCheckedContinuation { done in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { done.resume(returning: $0) })
        }
    }
}
