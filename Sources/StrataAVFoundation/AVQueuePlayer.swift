import Foundation
import Strata

/// A player of a queue of items (AVFoundation's AVQueuePlayer): at an item's end it plays the next
/// (`actionAtItemEnd` is `.advance`).
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    private let queue = Locked([AVPlayerItem]())

    /// A paused queue player of `items` in order, the first its current item; `actionAtItemEnd` is `.advance`.
    public init(items: [AVPlayerItem]) {
        super.init(playerItem: items.first)
        queue.withLock { $0 = items }
        actionAtItemEnd = .advance
    }

    public override init() {
        super.init()
        actionAtItemEnd = .advance
    }

    /// The items still to play, the current one first.
    public func items() -> [AVPlayerItem] { queue.withLock { $0 } }

    /// Ends the current item and plays the next (at the same rate).
    public func advanceToNextItem() {
        let next = queue.withLock { items -> AVPlayerItem? in
            if !items.isEmpty { items.removeFirst() }
            return items.first
        }
        let playing = rate
        replaceCurrentItem(with: next)
        if next != nil, playing != 0 { rate = playing }
    }

    /// Whether `insert(item, after: afterItem)` can add it: the item is in no queue of this player nor another
    /// player's current item, and `afterItem` (nil: the end) is in the queue.
    public func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        if let owner = item.player, owner !== self { return false }
        return queue.withLock { items in
            !items.contains { $0 === item } && (afterItem.map { a in items.contains { $0 === a } } ?? true)
        }
    }

    /// Adds `item` after `afterItem` (nil: at the end). An item `canInsert` refuses is not added, and that is
    /// logged (AVFoundation raises an exception).
    public func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        guard canInsert(item, after: afterItem) else {
            StrataLog.logger.error("AVQueuePlayer.insert(_:after:): refused: the item is queued or playing already, or the item to insert after is not queued")
            return
        }
        let first = queue.withLock { items -> Bool in
            if let afterItem, let i = items.firstIndex(where: { $0 === afterItem }) { items.insert(item, at: i + 1) } else { items.append(item) }
            return items.count == 1
        }
        if first { replaceCurrentItem(with: item) }
    }

    /// Takes `item` out of the queue; when it was the current item, the next one becomes current (at the same
    /// rate), or none. An item not queued is ignored.
    public func remove(_ item: AVPlayerItem) {
        let wasCurrent = queue.withLock { items -> Bool in
            let current = items.first === item
            items.removeAll { $0 === item }
            return current
        }
        if wasCurrent { replaceCurrentItem(with: queue.withLock { $0.first }) }
    }

    /// Empties the queue and stops the current item: the player has no item afterwards.
    public func removeAllItems() {
        queue.withLock { $0.removeAll() }
        replaceCurrentItem(with: nil)
    }

    override func itemEnded() {
        advanceToNextItem()
    }
}

/// Plays an item over and over without a gap (AVFoundation's AVPlayerLooper): as each pass nears its end
/// GStreamer's playbin queues the same file again, so the frames and the sound run on in one timeline
/// (`loopCount` counts the loops).
public final class AVPlayerLooper: @unchecked Sendable {
    /// Whether the looper is looping (AVFoundation's AVPlayerLooper.Status, with its raw values).
    public enum Status: Int, Sendable {
        /// The template item is not ready to play yet (raw value 0).
        case unknown
        /// The template item is ready and looping (raw value 1).
        case ready
        /// The template item failed; `error` says why (raw value 2).
        case failed
        /// `disableLooping()` was called (raw value 3).
        case cancelled
    }

    private let player: AVQueuePlayer
    private let templateItem: AVPlayerItem

    /// Loops `templateItem` on `player`: empties the player's queue and plays the template item itself, looped
    /// gaplessly by GStreamer, where AVFoundation queues copies of it; there is no `timeRange`.
    /// See <doc:Status#Layer-subclasses>.
    public init(player: AVQueuePlayer, templateItem: AVPlayerItem) {
        self.player = player
        self.templateItem = templateItem
        player.removeAllItems()
        player.setLooping(true)
        player.insert(templateItem, after: nil)
    }

    /// Loops completed so far.
    public var loopCount: Int { player.loopCount }

    /// `.failed` when the template item failed; otherwise `.cancelled` once `disableLooping()` was called, else
    /// `.ready` once the template item is ready to play and `.unknown` before.
    public var status: Status {
        switch templateItem.status {
        case .failed: .failed
        case .readyToPlay: cancelled ? .cancelled : .ready
        case .unknown: cancelled ? .cancelled : .unknown
        }
    }

    /// The template item's error when `status` is `.failed`; nil otherwise.
    public var error: Error? { templateItem.error }

    private var cancelled = false

    /// The current loop plays to its end, and the player then does its `actionAtItemEnd`.
    public func disableLooping() {
        cancelled = true
        player.setLooping(false)
    }
}
