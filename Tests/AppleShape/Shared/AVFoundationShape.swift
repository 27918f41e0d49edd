import Foundation
import StrataAVFoundation

// Apple-shaped uses of AVFoundation and Core Media (api-shape.md, "AVFoundation and Core Media" and the
// AVFoundation line of "Missing members"): each compiles as written for iOS, `import AVFoundation` renamed.

enum CoreMediaShape {
    /// CMTime's types, fields, initialisers, constants and operators.
    static func times() -> [CMTime] {
        let half = CMTime(seconds: 0.5, preferredTimescale: CMTimeScale(NSEC_PER_SEC))
        let frame = CMTime(value: 1, timescale: 30)
        var t = half + frame - CMTimeMake(value: 1, timescale: 600)
        t += frame
        t -= CMTime.zero
        let value: CMTimeValue = t.value
        let scale: CMTimeScale = t.timescale
        let flags: CMTimeFlags = t.flags
        let epoch: CMTimeEpoch = t.epoch
        let raw = CMTime(value: value, timescale: scale, flags: flags, epoch: epoch)
        let doubled = raw * Int32(2)
        let slowed = raw * Float64(0.5)
        let checks = [t.isValid, t.isNumeric, t.isIndefinite, t.isPositiveInfinity, t.isNegativeInfinity, t.hasBeenRounded,
                      flags.contains(.valid), flags.contains(.hasBeenRounded)]
        _ = checks
        let constants: [CMTime] = [.zero, .invalid, .indefinite, .positiveInfinity, .negativeInfinity, CMTime()]
        return [t, raw, doubled, slowed, t.convertScale(600, method: .default)] + constants
    }

    /// Core Media's C functions.
    static func functions(_ a: CMTime, _ b: CMTime) -> Float64 {
        let sum = CMTimeAdd(a, b)
        let difference = CMTimeSubtract(a, b)
        let later = CMTimeCompare(a, b) > 0 ? a : b
        let product = CMTimeMultiply(sum, multiplier: 3)
        let scaled = CMTimeMultiplyByFloat64(difference, multiplier: 1.5)
        let bounded = CMTimeMaximum(CMTimeMinimum(later, product), scaled)
        let magnitude = CMTimeAbsoluteValue(difference)
        guard CMTIME_IS_VALID(bounded), CMTIME_IS_NUMERIC(magnitude), !CMTIME_IS_INDEFINITE(later) else { return 0 }
        return CMTimeGetSeconds(CMTimeMakeWithSeconds(CMTimeGetSeconds(bounded), preferredTimescale: 600))
    }

    /// CMTimeRange, and times compared and sorted.
    static func ranges(_ time: CMTime) -> Bool {
        let range = CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 1))
        let tail = CMTimeRange(start: CMTime(value: 1, timescale: 1), end: range.end)
        let made = CMTimeRangeMake(start: .zero, duration: tail.duration)
        let sorted = [time, .zero, range.end].sorted()
        return range.containsTime(time) && made != .invalid && tail != .zero && sorted.first == .zero && time >= .zero
    }
}

/// Players, items and assets.
enum AVFoundationShape {
    static func player(for url: URL) -> AVPlayer {
        let asset = AVURLAsset(url: url)
        let item = AVPlayerItem(asset: asset)
        let player = AVPlayer(playerItem: item)
        player.automaticallyWaitsToMinimizeStalling = false
        if player.currentItem == item, player.timeControlStatus != .playing {
            player.playImmediately(atRate: 1.0)
        }
        let boundary = player.addBoundaryTimeObserver(forTimes: [NSValue(time: CMTime(seconds: 1, preferredTimescale: 600))], queue: .main) {
            print("a second in")
        }
        player.removeTimeObserver(boundary)
        player.seek(to: .zero) { finished in print("seeked: \(finished)") }
        item.seek(to: CMTime(value: 1, timescale: 2), completionHandler: nil)
        let loaded = item.loadedTimeRanges.map { $0.timeRangeValue }
        print(item.isPlaybackLikelyToKeepUp, loaded, item.asset.duration)
        return player
    }

    /// Seeking with `await`.
    static func restart(_ player: AVPlayer) async -> Bool {
        let finished = await player.seek(to: .zero)
        if finished { player.play() }
        return finished
    }

    /// The notifications under their class names, and the failure's error.
    static func observeEnd(of item: AVPlayerItem) -> [NSObjectProtocol] {
        let center = NotificationCenter.default
        let name: NSNotification.Name = AVPlayerItem.didPlayToEndTimeNotification
        return [
            center.addObserver(forName: name, object: item, queue: .main) { _ in print("ended") },
            center.addObserver(forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: item, queue: nil) { note in
                let error = note.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? Error
                print(error?.localizedDescription ?? "")
            },
        ]
    }

    /// A queue; items equal only to themselves, in sets.
    static func enqueue(_ items: [AVPlayerItem], in queue: AVQueuePlayer) -> Set<AVPlayerItem> {
        for item in items where queue.canInsert(item, after: nil) {
            queue.insert(item, after: nil)
        }
        return Set(queue.items())
    }
}
