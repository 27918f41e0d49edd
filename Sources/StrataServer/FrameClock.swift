import Foundation

/// The display's vblank grid as the server knows it: when the last vblank happened and how long a
/// refresh lasts. It starts from the mode's refresh rate and follows the presentation timestamps the
/// display reports (page-flip events; the headless backend's virtual vblanks), so the interval comes
/// from the mode and the timestamps, never from an assumed 60 Hz.
struct FrameClock {
    /// The mode's refresh interval, in seconds.
    let nominalInterval: Double
    /// The interval in use: the median of the recently measured ones once there are enough, else the mode's.
    private(set) var interval: Double
    private(set) var lastVBlank: Double
    private var lastSequence: UInt64?
    private var measured: [Double] = []
    /// Whether a bad timestamp has been reported (it is logged once, not every frame).
    private(set) var reportedBadTimestamp = false
    static let samples = 16

    init(interval: Double, lastVBlank: Double) {
        nominalInterval = interval
        self.interval = interval
        self.lastVBlank = lastVBlank
    }

    /// The first vblank strictly after `t` on the grid. A `t` within a nanosecond-scale tolerance of a
    /// grid point counts as that point, so a vblank computed earlier (with rounding) is never returned
    /// again as the one after itself.
    func nextVBlank(after t: Double) -> Double {
        let n = ((t - lastVBlank) / interval + 1e-6).rounded(.down) + 1
        return lastVBlank + n * interval
    }

    /// A frame was shown at the vblank with `timestamp` (and `sequence`, when the display counts them).
    /// A zero timestamp or one before the last vblank cannot be right: the vblank is taken to be `now`.
    /// Returns a warning the first time that happens, to be logged once.
    mutating func presented(timestamp: Double, sequence: UInt64?, now: Double) -> String? {
        var warning: String?
        var t = timestamp
        if !(t > 0) || !t.isFinite || t < lastVBlank {
            if !reportedBadTimestamp {
                warning = "display reported vblank timestamp \(timestamp) (last \(lastVBlank)): using the monotonic clock instead"
                reportedBadTimestamp = true
            }
            t = now
        } else if let last = lastSequence, let sequence, sequence > last {
            // Refreshes between the two timestamps: the interval they measure.
            let each = (t - lastVBlank) / Double(sequence - last)
            // A measurement far from the mode (a missed event, a stall) says nothing about the refresh.
            if each > nominalInterval * 0.5, each < nominalInterval * 1.5 {
                measured.append(each)
                if measured.count > Self.samples { measured.removeFirst() }
                if measured.count >= 4 { interval = measured.sorted()[measured.count / 2] }
            }
        }
        lastVBlank = t
        lastSequence = sequence
        return warning
    }
}
