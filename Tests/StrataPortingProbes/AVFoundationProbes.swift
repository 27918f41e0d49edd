import Foundation
import Strata
import StrataAVFoundation
import Testing

// Video code as iOS apps write it (issue 48), with only `import AVFoundation` renamed: an asset's duration
// and size loaded without blocking, a thumbnail, the audio session of a video app. That they compile is the
// probe.

final class ThumbnailProbe {
    func thumbnail(for url: URL, at seconds: Double) -> CGImage? {
        let asset = AVAsset(url: url)
        let generator = AVAssetImageGenerator(asset: asset)
        generator.appliesPreferredTrackTransform = true
        generator.maximumSize = CGSize(width: 320, height: 320)
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = CMTime(seconds: 0.5, preferredTimescale: 600)
        let time = CMTime(seconds: seconds, preferredTimescale: 600)
        var actualTime = CMTime.zero
        do {
            return try generator.copyCGImage(at: time, actualTime: &actualTime)
        } catch {
            print("thumbnail failed: \(error.localizedDescription)")
            return nil
        }
    }

    func thumbnails(for asset: AVAsset, count: Int, done: @escaping @Sendable ([CGImage]) -> Void) {
        let generator = AVAssetImageGenerator(asset: asset)
        let duration = CMTimeGetSeconds(asset.duration)
        let times = (0..<count).map { NSValue(time: CMTimeMakeWithSeconds(duration * Double($0) / Double(count), preferredTimescale: 600)) }
        generator.generateCGImagesAsynchronously(forTimes: times) { _, image, _, result, _ in
            if result == .succeeded, let image { done([image]) }
        }
    }

    func modernThumbnail(_ generator: AVAssetImageGenerator) async throws -> CGImage {
        let (image, _) = try await generator.image(at: CMTime(value: 1, timescale: 1))
        return image
    }
}

final class AssetInfoProbe {
    func describe(_ url: URL, completion: @escaping @Sendable (Double, CGSize) -> Void) {
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        asset.loadValuesAsynchronously(forKeys: ["duration", "tracks"]) {
            var error: NSError?
            guard asset.statusOfValue(forKey: "tracks", error: &error) == .loaded else {
                print(error?.localizedDescription ?? "failed")
                return
            }
            guard let track = asset.tracks(withMediaType: .video).first else { return }
            let size = track.naturalSize.applying(track.preferredTransform)
            completion(asset.duration.seconds, CGSize(width: abs(size.width), height: abs(size.height)))
        }
    }

    func play(_ asset: AVAsset) -> AVPlayer {
        let item = AVPlayerItem(asset: asset)
        let player = AVPlayer(playerItem: item)
        player.preventsDisplaySleepDuringVideoPlayback = true
        return player
    }
}

final class AudioSessionProbe {
    func configure() {
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            print("Setting category to AVAudioSessionCategoryPlayback failed.")
        }
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
        try? AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
        try? AVAudioSession.sharedInstance().setCategory(.soloAmbient, mode: .default, options: [])
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }
}

@Test func assetTracksAndTimeRangesHaveAVFoundationsShapes() {
    #expect(AVMediaType.audio.rawValue == "soun")
    #expect(CMTimeRange(start: .zero, duration: CMTime(value: 3, timescale: 1)).end == CMTime(value: 3, timescale: 1))
    #expect(NSValue(time: CMTime(value: 7, timescale: 30)).timeValue == CMTime(value: 7, timescale: 30))
}
