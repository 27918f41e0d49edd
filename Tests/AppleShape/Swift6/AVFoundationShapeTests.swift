import Foundation
import Strata
import StrataAVFoundation
import XCTest

/// Core Media's arithmetic and order, exact, as Core Media documents them; Core Text's names as CFStrings.
final class AVFoundationShapeTests: XCTestCase {
    func t(_ value: Int64, _ timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

    func assertTime(_ time: CMTime, _ value: Int64, _ timescale: Int32, rounded: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(time.value, value, "\(time)", file: file, line: line)
        XCTAssertEqual(time.timescale, timescale, "\(time)", file: file, line: line)
        XCTAssertTrue(time.isNumeric, "\(time)", file: file, line: line)
        XCTAssertEqual(time.hasBeenRounded, rounded, "\(time)", file: file, line: line)
    }

    func testSumsAreExactAtTheLeastCommonMultipleOfTheTimescales() {
        assertTime(t(1, 2) + t(1, 3), 5, 6)
        assertTime(t(1, 30) + t(1, 600), 21, 600)
        assertTime(t(1, 2) - t(1, 3), 1, 6)
        assertTime(t(3, 600) + t(7, 600), 10, 600)
        assertTime(CMTimeAdd(t(-1, 4), t(1, 6)), -1, 12)
        // The LCM (7 000 000 000) is past kCMTimeMaxTimescale: the result is at 1e9, rounded half away from zero.
        assertTime(t(1, 1_000_000_000) + t(1, 7), 142_857_144, 1_000_000_000, rounded: true)
        // An overflowing value halves the timescale: 2^62 / 2 + 2^62 / 2 = 2^62 / 1.
        assertTime(t(1 << 62, 2) + t(1 << 62, 2), 1 << 62, 1)
        // Rounding is remembered.
        XCTAssertTrue((CMTime(seconds: 0.1, preferredTimescale: 3) + t(1, 3)).hasBeenRounded)
    }

    func testInfinitiesIndefiniteAndInvalidPropagateAsDocumented() {
        XCTAssertTrue((CMTime.positiveInfinity + .negativeInfinity).isIndefinite)
        XCTAssertTrue((CMTime.positiveInfinity - .positiveInfinity).isIndefinite)
        XCTAssertTrue((CMTime.positiveInfinity - .negativeInfinity).isPositiveInfinity)
        XCTAssertTrue((t(5, 1) - .positiveInfinity).isNegativeInfinity)
        XCTAssertTrue((CMTime.positiveInfinity + .indefinite).isPositiveInfinity)
        XCTAssertTrue((CMTime.indefinite + t(1, 1)).isIndefinite)
        XCTAssertFalse((CMTime.invalid + .positiveInfinity).isValid)
        XCTAssertFalse((t(1, 1) - .invalid).isValid)
        XCTAssertTrue((CMTime.negativeInfinity * Int32(-2)).isPositiveInfinity)
        XCTAssertTrue(CMTimeAbsoluteValue(.negativeInfinity).isPositiveInfinity)
        XCTAssertFalse(CMTime(seconds: .nan, preferredTimescale: 600).isValid)
        XCTAssertTrue(CMTime(seconds: -.infinity, preferredTimescale: 600).isNegativeInfinity)
        XCTAssertEqual(CMTime.positiveInfinity.seconds, .infinity)
        XCTAssertTrue(CMTime.indefinite.seconds.isNaN)
        XCTAssertFalse(CMTime(value: 1, timescale: 0).isValid)
        // Different nonzero epochs cannot be added; a duration (epoch 0) moves a time within its epoch.
        XCTAssertFalse((CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1) + CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 2)).isValid)
        XCTAssertEqual((CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 3) + t(1, 2)).epoch, 3)
    }

    func testMultiplicationKeepsTheTimescaleAndHalvesItOnOverflow() {
        assertTime(t(1, 3) * Int32(3), 3, 3)
        assertTime(Int32(-2) * t(5, 30), -10, 30)
        assertTime(CMTimeMultiply(t(1 << 62, 2), multiplier: 2), 1 << 62, 1)
        XCTAssertTrue(CMTimeMultiply(t(Int64.max, 1), multiplier: 2).isPositiveInfinity)
        // By a Float64: the timescale doubled up to at least 65536.
        assertTime(t(1, 1) * 0.5, 32768, 65536)
        assertTime(CMTimeMultiplyByFloat64(t(3, 90_000), multiplier: 2), 6, 90_000)
        assertTime(CMTimeMultiplyByRatio(t(1, 30), multiplier: 1, divisor: 2), 1, 60)
        assertTime(CMTimeMultiplyByRatio(t(10, 30), multiplier: 3, divisor: 5), 6, 30)
    }

    func testSecondsAndScalesRoundAsCoreMedia() {
        assertTime(CMTime(seconds: 0.5, preferredTimescale: CMTimeScale(NSEC_PER_SEC)), 500_000_000, 1_000_000_000)
        assertTime(CMTime(seconds: 0.1, preferredTimescale: 3), 0, 3, rounded: true)
        assertTime(CMTimeMakeWithSeconds(2.5, preferredTimescale: 2), 5, 2)
        assertTime(t(1, 3).convertScale(10, method: .roundHalfAwayFromZero), 3, 10, rounded: true)
        assertTime(t(1, 3).convertScale(10, method: .roundAwayFromZero), 4, 10, rounded: true)
        assertTime(t(-1, 3).convertScale(10, method: .roundTowardPositiveInfinity), -3, 10, rounded: true)
        assertTime(t(-1, 3).convertScale(10, method: .roundTowardNegativeInfinity), -4, 10, rounded: true)
        // QuickTime's: toward zero to a coarser scale, but a negative time never becomes 0.
        assertTime(CMTimeConvertScale(t(-1, 1000), timescale: 10, method: .quickTime), -1, 10, rounded: true)
        assertTime(t(1, 3).convertScale(10, method: .quickTime), 4, 10, rounded: true)
        assertTime(t(3, 6).convertScale(2, method: .roundTowardZero), 1, 2)
    }

    func testTimesCompareByValueAcrossTimescalesAndSortAsCMTimeCompare() {
        XCTAssertEqual(t(1, 2), t(2, 4))
        XCTAssertEqual(t(1, 2).hashValue, t(500, 1000).hashValue)
        XCTAssertEqual(Set([t(1, 2), t(2, 4), t(3, 6), t(1, 3)]).count, 2)
        XCTAssertLessThan(t(1, 3), t(1, 2))
        XCTAssertEqual(CMTimeCompare(t(2, 3), t(1, 2)), 1)
        XCTAssertEqual(CMTimeCompare(t(-5, 10), t(-1, 2)), 0)
        XCTAssertEqual(CMTime.invalid, CMTime())
        XCTAssertNotEqual(CMTime.zero, .invalid)
        let sorted = [CMTime.invalid, .positiveInfinity, .indefinite, t(1, 1), .negativeInfinity, t(-7, 1)].sorted()
        XCTAssertTrue(sorted[0].isNegativeInfinity)
        XCTAssertEqual(sorted[1], t(-7, 1))
        XCTAssertEqual(sorted[2], t(1, 1))
        XCTAssertTrue(sorted[3].isIndefinite)
        XCTAssertTrue(sorted[4].isPositiveInfinity)
        XCTAssertFalse(sorted[5].isValid)
        // Epochs order before values.
        XCTAssertLessThan(CMTimeMakeWithEpoch(value: 9, timescale: 1, epoch: 0), CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1))
        XCTAssertEqual(CMTimeMaximum(t(1, 2), t(2, 3)), t(2, 3))
        XCTAssertEqual(CMTimeMinimum(.positiveInfinity, t(1, 1)), t(1, 1))
    }

    func testRangesAreExactAndBoxRoundTrip() {
        let range = CMTimeRange(start: t(1, 2), end: t(5, 6))
        assertTime(range.duration, 2, 6)
        assertTime(range.end, 5, 6)
        XCTAssertTrue(range.containsTime(t(1, 2)))
        XCTAssertFalse(range.containsTime(t(5, 6)))
        XCTAssertTrue(range.isValid)
        XCTAssertFalse(CMTimeRange.invalid.isValid)
        XCTAssertTrue(CMTimeRange.zero.isEmpty)
        XCTAssertEqual(range.union(CMTimeRange(start: .zero, duration: t(1, 4))), CMTimeRange(start: .zero, end: t(5, 6)))
        XCTAssertEqual(NSValue(timeRange: range).timeRangeValue, range)
        let epoch = CMTime(value: -3, timescale: 7, flags: [.valid, .hasBeenRounded], epoch: 4)
        let boxed = NSValue(time: epoch).timeValue
        XCTAssertEqual(boxed.value, -3)
        XCTAssertEqual(boxed.flags, [.valid, .hasBeenRounded])
        XCTAssertEqual(boxed.epoch, 4)
        XCTAssertTrue(NSValue(time: .negativeInfinity).timeValue.isNegativeInfinity)
    }

    func testItemsAndAssetsAreEqualOnlyToThemselves() {
        let url = URL(fileURLWithPath: "/nonexistent/film.mp4")
        let a = AVPlayerItem(url: url), b = AVPlayerItem(url: url)
        XCTAssertEqual(a, a)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        XCTAssertNotEqual(AVURLAsset(url: url), AVURLAsset(url: url))
        XCTAssertEqual(AVPlayerItem.didPlayToEndTimeNotification.rawValue, "AVPlayerItemDidPlayToEndTimeNotification")
        XCTAssertEqual(AVPlayerItem.failedToPlayToEndTimeNotification, .AVPlayerItemFailedToPlayToEndTime)
        // Not ready: nothing loaded, not likely to keep up, and an item no player plays cannot seek.
        XCTAssertTrue(a.loadedTimeRanges.isEmpty)
        XCTAssertFalse(a.isPlaybackLikelyToKeepUp)
        let player = AVPlayer()
        XCTAssertTrue(player.automaticallyWaitsToMinimizeStalling)
        player.automaticallyWaitsToMinimizeStalling = false
        XCTAssertFalse(player.automaticallyWaitsToMinimizeStalling)
        XCTAssertEqual(player.timeControlStatus, .paused)
    }

    func testAnItemNoPlayerPlaysRefusesToSeek() async {
        let item = AVPlayerItem(url: URL(fileURLWithPath: "/nonexistent/film.mp4"))
        let finished = await item.seek(to: CMTime(value: 1, timescale: 1))
        XCTAssertFalse(finished)
    }

    func testCoreTextNamesAreCFStrings() {
        let fonts = CoreTextShape.fonts(named: "DejaVu Sans")
        XCTAssertEqual(CTFontCopyPostScriptName(fonts[0]) as String, "DejaVu Sans")
        XCTAssertEqual(CTFontGetSize(fonts[0]), 12)
        XCTAssertEqual(CTFontGetSize(fonts[1]), 12)
        XCTAssertEqual(CTFontCopyFamilyName(fonts[1]) as String, "Helvetica")
        XCTAssertEqual(CoreTextShape.cgFont(named: "Helvetica")?.fullName as String?, "Helvetica")
        XCTAssertNil(CGFont("" as CFString))
        XCTAssertEqual(CGFontCreateWithFontName("DejaVu Sans" as CFString)?.postScriptName as String?, "DejaVu Sans")
    }
}
