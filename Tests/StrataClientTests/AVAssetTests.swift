import Foundation
@testable import Strata
@testable import StrataAVFoundation
import Testing

extension ClientProcessSuite {
/// Issue 48: AVAsset read by GStreamer's discoverer, and AVAssetImageGenerator's frames, with clips the tests
/// encode themselves (`VideoFixtures`: each frame shows its index as a code; a key frame every 15).
@Suite struct AVAssetTests {
    /// The discoverer reads the clip's duration and its one video track; the keys load asynchronously.
    @Test func anAssetReadsItsDurationAndTracks() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let asset = AVURLAsset(url: clip)
        #expect(asset.url == clip)
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .unknown)
        let loaded = DispatchSemaphore(value: 0)
        asset.loadValuesAsynchronously(forKeys: ["duration", "tracks"]) { loaded.signal() }
        #expect(loaded.wait(timeout: .now() + 10) == .success)
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .loaded)
        #expect(asset.statusOfValue(forKey: "tracks", error: &error) == .loaded)
        #expect(error == nil)
        #expect(asset.statusOfValue(forKey: "lyrics", error: &error) == .failed)
        #expect(error?.localizedDescription == "unsupported: key lyrics")

        #expect(asset.duration == CMTime(value: 2, timescale: 1), "\(asset.duration)")
        #expect(asset.duration.timescale == 1_000_000_000)
        #expect(asset.isPlayable)
        #expect(asset.tracks.count == 1)
        #expect(asset.tracks(withMediaType: .audio).isEmpty)
        let track = try #require(asset.tracks(withMediaType: .video).first)
        #expect(track.trackID == 1)
        #expect(asset.track(withTrackID: 1) === track)
        #expect(track.mediaType == .video && AVMediaType.video.rawValue == "vide")
        #expect(track.naturalSize == CGSize(width: 128, height: 64))
        #expect(track.nominalFrameRate == 30)
        #expect(track.timeRange == CMTimeRange(start: .zero, duration: asset.duration))
        #expect(track.preferredTransform == .identity)

        // AVAsset(url:) reads synchronously on first access.
        #expect(AVAsset(url: clip).duration.seconds == 2)
    }

    /// A missing file, a text file and a file in a codec no decoder exists for have no duration and no tracks,
    /// and their keys fail naming the file and GStreamer's reason.
    @Test func unreadableFilesFailTheirKeysWithTheReason() throws {
        let text = VideoFixtures.directory.appendingPathComponent("notes.mp4")
        try Data(String(repeating: "not a video at all\n", count: 200).utf8).write(to: text)
        for (url, reasons) in [(URL(fileURLWithPath: "/nonexistent/film.mp4"), ["film.mp4: Resource not found"]),
                               (text, ["notes.mp4: Could not determine type of stream", "notes.mp4: This appears to be a text file"])] {
            let asset = AVURLAsset(url: url)
            #expect(asset.duration == .invalid)
            #expect(asset.tracks.isEmpty)
            #expect(!asset.isPlayable)
            var error: NSError?
            #expect(asset.statusOfValue(forKey: "duration", error: &error) == .failed)
            let message = error?.localizedDescription ?? ""
            #expect(reasons.contains { message.hasPrefix($0) }, "\(message)")
            #expect(error?.domain == "AVFoundationErrorDomain")
        }
        // The discoverer describes no stream it has no decoder for: the keys fail, naming what is missing.
        let unsupported = AVURLAsset(url: try VideoFixtures.unsupportedCodec())
        #expect(unsupported.tracks.isEmpty && !unsupported.isPlayable)
        var error: NSError?
        #expect(unsupported.statusOfValue(forKey: "playable", error: &error) == .failed)
        #expect(error?.localizedDescription == "unsupported.mkv: no decoder is installed for video/x-unknown, codec-id=(string)V_QUANTUMCODEC")
    }

    /// AVPlayerItem(asset:) keeps its asset and plays it; AVPlayerItem(url:) makes an AVURLAsset.
    @Test func anItemPlaysItsAsset() throws {
        setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1)
        let clip = try VideoFixtures.clip(frames: 60)
        let asset = AVURLAsset(url: clip)
        let item = AVPlayerItem(asset: asset)
        #expect(item.asset === asset && item.url == clip)
        #expect((AVPlayerItem(url: clip).asset as? AVURLAsset)?.url == clip)
        let player = AVPlayer(playerItem: item)
        #expect(eventually { item.status == .readyToPlay })
        #expect(item.duration.seconds == 2)
        #expect(player.preventsDisplaySleepDuringVideoPlayback)
        player.preventsDisplaySleepDuringVideoPlayback = false
        #expect(!player.preventsDisplaySleepDuringVideoPlayback)
    }

    /// The code a generated image shows, read at `scale` image pixels a video pixel.
    static func code(_ image: CGImage, scale: Double = 1) -> Int {
        let pixels = image.premultipliedPixels
        var value = 0
        for bit in 0..<VideoFixtures.bits {
            let x = Int((Double(bit * VideoFixtures.block) + Double(VideoFixtures.block) / 2) * scale)
            let y = Int(Double(VideoFixtures.block) / 2 * scale)
            value = value << 1 | (pixels[(y * image.width + x) * 4 + 1] > 128 ? 1 : 0)
        }
        return value
    }

    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.premultipliedPixels[i..<i + 4])
    }

    /// With zero tolerance the image at a time is the frame whose span holds it, and its actual time is the
    /// time asked for, to the nanosecond (as AVFoundation reports it); a time past the end gives the last frame.
    @Test func anImageAtATimeShowsTheFrameForIt() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: clip))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        for frame in [45, 10, 59, 23, 0] {
            var actual = CMTime.invalid
            let image = try generator.copyCGImage(at: CMTime(value: Int64(frame * 2 + 1), timescale: 60), actualTime: &actual)
            #expect(image.width == 128 && image.height == 64)
            #expect(Self.code(image) == frame, "frame \(frame)")
            // (frame * 2 + 1) / 60 s in nanoseconds, rounded.
            #expect(actual.timescale == 1_000_000_000 && actual.value == ((Int64(frame) * 2 + 1) * 1_000_000_000 + 30) / 60,
                    "frame \(frame): \(actual)")
        }
        // The colour bands: red, green, blue, grey quarters below the code (BT.601 limited range to RGB).
        let image = try generator.copyCGImage(at: CMTime(value: 1, timescale: 1), actualTime: nil)
        let red = Self.pixel(image, 16, 40), green = Self.pixel(image, 48, 40), blue = Self.pixel(image, 80, 40)
        #expect(red[0] > 240 && red[1] < 15 && red[2] < 15 && red[3] == 255, "\(red)")
        #expect(green[1] > 240 && green[0] < 15 && green[2] < 15, "\(green)")
        #expect(blue[2] > 240 && blue[0] < 15 && blue[1] < 15, "\(blue)")
        var actual = CMTime.invalid
        let last = try generator.copyCGImage(at: CMTime(value: 100, timescale: 1), actualTime: &actual)
        // Half a frame before the end.
        #expect(Self.code(last) == 59 && actual.value == 1_983_333_333, "\(actual)")
    }

    /// A clip whose track matrix turns it 90° clockwise (as phones write it): the track keeps its encoded size
    /// and says the turn in `preferredTransform` (AVFoundation's convention); images come as encoded unless
    /// `appliesPreferredTrackTransform`, then turned: the encoded pixel (x, y) shows at (63 − y, x), and
    /// `maximumSize` bounds the turned image.
    @Test func theTrackTransformTurnsImagesWhenApplied() throws {
        let clip = try VideoFixtures.clip(frames: 20, turned: true)
        let asset = AVURLAsset(url: clip)
        let track = try #require(asset.tracks(withMediaType: .video).first)
        #expect(track.naturalSize == CGSize(width: 128, height: 64))
        #expect(track.preferredTransform == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 64, ty: 0), "\(track.preferredTransform)")
        let generator = AVAssetImageGenerator(asset: asset)
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let time = CMTime(value: 13 * 2 + 1, timescale: 60)
        let encoded = try generator.copyCGImage(at: time, actualTime: nil)
        #expect(encoded.width == 128 && encoded.height == 64)
        #expect(Self.code(encoded) == 13)
        generator.appliesPreferredTrackTransform = true
        let turned = try generator.copyCGImage(at: time, actualTime: nil)
        #expect(turned.width == 64 && turned.height == 128)
        var wrong: [String] = []
        for y in stride(from: 0, to: 64, by: 3) {
            for x in stride(from: 0, to: 128, by: 5) where Self.pixel(turned, 63 - y, x) != Self.pixel(encoded, x, y) { wrong.append("(\(x), \(y))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels not where the turn puts them, first \(wrong.first ?? "")")
        generator.maximumSize = CGSize(width: 32, height: 32)
        let small = try generator.copyCGImage(at: time, actualTime: nil)
        #expect(small.width == 16 && small.height == 32)
    }

    /// With the default (infinite) tolerance the image is the nearest key frame's; with a tolerance the key
    /// frames miss, the frame itself.
    @Test func tolerancesChooseBetweenKeyFramesAndTheFrame() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: clip))
        var actual = CMTime.invalid
        // Frame 33 (1.1 s to 1.133 s): the key frames are 0, 15, 30 and 45; 30 is nearest.
        #expect(Self.code(try generator.copyCGImage(at: CMTime(value: 67, timescale: 60), actualTime: &actual)) == 30)
        #expect(actual == CMTime(value: 1, timescale: 1))
        generator.requestedTimeToleranceBefore = CMTime(value: 1, timescale: 30)
        generator.requestedTimeToleranceAfter = CMTime(value: 1, timescale: 30)
        #expect(Self.code(try generator.copyCGImage(at: CMTime(value: 67, timescale: 60), actualTime: &actual)) == 33)
        #expect(actual.value == 1_116_666_667 && actual.timescale == 1_000_000_000, "\(actual)")
    }

    /// maximumSize scales the image down to fit, keeping its aspect (never up).
    @Test func maximumSizeScalesTheImageToFit() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: clip))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        generator.maximumSize = CGSize(width: 64, height: 64)
        let half = try generator.copyCGImage(at: CMTime(value: 41, timescale: 60), actualTime: nil)
        #expect(half.width == 64 && half.height == 32)
        #expect(Self.code(half, scale: 0.5) == 20)
        generator.maximumSize = CGSize(width: 1000, height: 0)
        let full = try generator.copyCGImage(at: CMTime(value: 41, timescale: 60), actualTime: nil)
        #expect(full.width == 128 && full.height == 64)
        generator.maximumSize = CGSize(width: 0, height: 16)
        let small = try generator.copyCGImage(at: CMTime(value: 41, timescale: 60), actualTime: nil)
        #expect(small.width == 32 && small.height == 16)
    }

    /// The async forms: `image(at:)`, and `generateCGImagesAsynchronously` answering each time in order;
    /// after `cancelAllCGImageGeneration()` the requests not begun end cancelled.
    @Test func asynchronousImagesComeInOrder() async throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: clip))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let (image, actual) = try await generator.image(at: CMTime(value: 1, timescale: 2))
        #expect(Self.code(image) == 15 && actual == CMTime(value: 1, timescale: 2))

        #expect(NSValue(time: CMTime(value: 7, timescale: 30)).timeValue == CMTime(value: 7, timescale: 30))
        let answers = Locked<[(CMTime, Int?, AVAssetImageGenerator.Result)]>([])
        let done = DispatchSemaphore(value: 0)
        let frames = [5, 50, 12]
        generator.generateCGImagesAsynchronously(forTimes: frames.map { NSValue(time: CMTime(value: Int64($0), timescale: 30)) }) { requested, image, _, result, _ in
            answers.withLock { $0.append((requested, image.map { Self.code($0) }, result)) }
            done.signal()
        }
        for _ in frames { #expect(done.wait(timeout: .now() + 20) == .success) }
        let got = answers.withLock { $0 }
        #expect(got.map(\.0) == frames.map { CMTime(value: Int64($0), timescale: 30) })
        #expect(got.map(\.1) == frames.map { Optional($0) })
        #expect(got.allSatisfy { $0.2 == .succeeded })

        // Cancelled before the queue reaches them: the first may be under way; the rest are cancelled.
        answers.withLock { $0.removeAll() }
        generator.generateCGImagesAsynchronously(forTimes: (0..<8).map { NSValue(time: CMTime(value: Int64($0), timescale: 30)) }) { requested, image, _, result, _ in
            answers.withLock { $0.append((requested, image.map { Self.code($0) }, result)) }
            done.signal()
        }
        generator.cancelAllCGImageGeneration()
        for _ in 0..<8 { #expect(done.wait(timeout: .now() + 20) == .success) }
        let cancelled = answers.withLock { $0 }.filter { $0.2 == .cancelled }
        #expect(cancelled.count >= 7 && cancelled.allSatisfy { $0.1 == nil }, "\(answers.withLock { $0.map(\.2) })")
    }

    /// A file that cannot be read, or decoded, throws naming the file and the reason.
    @Test func badFilesThrowNamingTheFile() throws {
        let cases: [(URL, String)] = [
            (URL(fileURLWithPath: "/nonexistent/film.mp4"), "film.mp4: Resource not found"),
            (try VideoFixtures.unsupportedCodec(), "unsupported.mkv: no decoder is installed for video/x-unknown"),
        ]
        for (url, reason) in cases {
            let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
            #expect { _ = try generator.copyCGImage(at: .zero, actualTime: nil) } throws: { error in
                "\(error)".hasPrefix(reason) || { print("\(url.lastPathComponent): \(error)"); return false }()
            }
        }
    }
}
}
