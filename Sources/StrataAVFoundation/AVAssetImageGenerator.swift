import Foundation
import Strata

/// The handler `generateCGImagesAsynchronously(forTimes:completionHandler:)` calls once per time asked for: the
/// time asked for, the image (nil unless it succeeded), the image's actual time (`.invalid` unless it succeeded),
/// the result, and the error when it failed.
public typealias AVAssetImageGeneratorCompletionHandler = @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, Error?) -> Void

/// Still images of an asset's video at given times (AVFoundation's AVAssetImageGenerator; docs/video.md).
/// GStreamer decodes them on the generator's own queue, one request at a time, through one paused pipeline
/// kept between requests (`FrameGrabber`); a synchronous call waits for it, bounded.
open class AVAssetImageGenerator: @unchecked Sendable {
    /// How one asynchronous request ended (AVFoundation's AVAssetImageGenerator.Result).
    public enum Result: Int, Sendable {
        /// The image was made; the handler gets it and its actual time (raw value 0).
        case succeeded
        /// No image could be made; the handler gets the error naming the file and the reason (raw value 1).
        case failed
        /// `cancelAllCGImageGeneration()` was called before the request began (raw value 2).
        case cancelled
    }

    /// The asset whose first video track the images are taken from.
    public let asset: AVAsset
    private let state = Locked(Settings())
    private struct Settings {
        var appliesPreferredTrackTransform = false
        var maximumSize = CGSize.zero
        var toleranceBefore = CMTime.positiveInfinity
        var toleranceAfter = CMTime.positiveInfinity
        /// Raised by `cancelAllCGImageGeneration()`: requests made before it are cancelled.
        var generation = 0
    }
    private let queue = DispatchQueue(label: "strata-image-generator")
    private let callbacks = DispatchQueue(label: "strata-image-generator-callbacks")
    /// Used on `queue` only.
    private var grabber: FrameGrabber?

    /// A generator for `asset`'s images, with AVFoundation's defaults: no track transform applied, no maximum
    /// size, infinite tolerances. Nothing is read or decoded until an image is asked for.
    public init(asset: AVAsset) { self.asset = asset }

    deinit {
        // The pipeline's stop waits on GStreamer's streaming threads: not on the thread that let go of the
        // generator (an app's main thread, often), but on the generator's queue, after anything still queued.
        guard let grabber else { return }
        nonisolated(unsafe) let last = grabber
        queue.async { withExtendedLifetime(last) {} }
    }

    /// Rotates or flips images as the track's orientation tag asks (default false, as in AVFoundation).
    open var appliesPreferredTrackTransform: Bool {
        get { state.withLock { $0.appliesPreferredTrackTransform } }
        set { state.withLock { $0.appliesPreferredTrackTransform = newValue } }
    }
    /// Images are scaled down to fit it, keeping their aspect, never up; zero (the default) in a dimension
    /// leaves it unbounded.
    open var maximumSize: CGSize {
        get { state.withLock { $0.maximumSize } }
        set { state.withLock { $0.maximumSize = newValue } }
    }
    /// How far before and after the time asked for the image's time may be (default infinite: the nearest key
    /// frame). Zero both ways gives the frame whose span holds the time.
    open var requestedTimeToleranceBefore: CMTime {
        get { state.withLock { $0.toleranceBefore } }
        set { state.withLock { $0.toleranceBefore = newValue } }
    }
    /// How far after the time asked for the image's time may be (default `.positiveInfinity`); see
    /// `requestedTimeToleranceBefore`. An invalid or indefinite time counts as infinite, a negative one as zero.
    open var requestedTimeToleranceAfter: CMTime {
        get { state.withLock { $0.toleranceAfter } }
        set { state.withLock { $0.toleranceAfter = newValue } }
    }

    /// How long a synchronous call waits at most: the asset's reading, the pipeline's preroll and two seeks.
    static let waitLimit = AssetDiscovery.timeout + 3 * FrameGrabber.timeout + 2

    /// The image at `requestedTime`; `actualTime` gets its frame's time (nanoseconds). Throws, naming the file
    /// and the reason, when the file cannot be read or decoded.
    open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let settings = state.withLock { $0 }
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Swift.Result<(CGImage, CMTime), Error>?>(nil)
        queue.async { [self] in
            let result = Swift.Result { try generate(at: requestedTime, settings) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.waitLimit) == .success, let result = outcome.withLock({ $0 }) else {
            throw MediaError("\(asset.assetURL.lastPathComponent): no image within \(Int(Self.waitLimit)) s")
        }
        let (image, time) = try result.get()
        actualTime?.pointee = time
        return image
    }

    /// The image at `time` and its frame's time, without blocking the caller.
    open func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        let settings = state.withLock { $0 }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                continuation.resume(with: Swift.Result {
                    let (image, actual) = try generate(at: time, settings)
                    return (image: image, actualTime: actual)
                })
            }
        }
    }

    /// One image per time (`NSValue(time:)`), in order; `handler` runs on a queue of the generator's own (not
    /// the main one, as in AVFoundation), once per time.
    open func generateCGImagesAsynchronously(forTimes requestedTimes: [NSValue], completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler) {
        let settings = state.withLock { $0 }
        for value in requestedTimes {
            let time = value.timeValue
            queue.async { [self] in
                guard state.withLock({ $0.generation }) == settings.generation else {
                    callbacks.async { handler(time, nil, .invalid, .cancelled, nil) }
                    return
                }
                switch Swift.Result(catching: { try generate(at: time, settings) }) {
                case .success(let (image, actual)): callbacks.async { handler(time, image, actual, .succeeded, nil) }
                case .failure(let error): callbacks.async { handler(time, nil, .invalid, .failed, error) }
                }
            }
        }
    }

    /// Requests from `generateCGImagesAsynchronously` not yet begun end `.cancelled`.
    open func cancelAllCGImageGeneration() {
        state.withLock { $0.generation += 1 }
    }

    /// On `queue`: the image at `time` with `settings`.
    private func generate(at time: CMTime, _ settings: Settings) throws -> (CGImage, CMTime) {
        let name = asset.assetURL.lastPathComponent
        guard let nanoseconds = time.nanoseconds else { throw MediaError("\(name): no image at an invalid time") }
        guard let contents = asset.loading.wait() else { throw MediaError("\(name): not read within \(Int(AssetDiscovery.timeout)) s") }
        if let error = contents.error { throw error }
        guard let track = contents.tracks.first(where: { $0.mediaType == .video }) else { throw MediaError("\(name): no video track") }
        let setup = try Self.setup(track, settings, name: name)
        if grabber?.setup != setup {
            grabber = nil
            grabber = try FrameGrabber(url: asset.assetURL, setup: setup)
        }
        guard let grabber else { throw MediaError("\(name): no decoding pipeline") }
        // A time past the end gives the last frame (half a frame before the end: GStreamer's accurate seek finds
        // none nearer it), before the start the first.
        var seconds = max(0, Double(nanoseconds) / 1e9)
        if let end = contents.duration.nanoseconds, end > 0 {
            let half = track.nominalFrameRate > 0 ? 0.5 / Double(track.nominalFrameRate) : 0.001
            seconds = min(seconds, max(0, Double(end) / 1e9 - half))
        }
        let before = Self.seconds(settings.toleranceBefore), after = Self.seconds(settings.toleranceAfter)
        do {
            let (image, pts) = try grabber.frame(at: seconds, accurate: before == 0 && after == 0,
                                                window: (Double(nanoseconds) / 1e9 - before)...(Double(nanoseconds) / 1e9 + after))
            return (image, CMTime(value: Int64(clamping: pts), timescale: 1_000_000_000))
        } catch {
            self.grabber = nil // made again by the next request
            throw error
        }
    }

    /// A tolerance in seconds: infinite when indefinite or invalid, never negative.
    private static func seconds(_ tolerance: CMTime) -> Double {
        guard let ns = tolerance.nanoseconds else { return .infinity }
        return max(0, Double(ns) / 1e9)
    }

    /// The output's size: the track's (turned by its orientation when applied), scaled down to fit `maximumSize`.
    private static func setup(_ track: AVAssetTrack, _ settings: Settings, name: String) throws -> FrameGrabber.Setup {
        let (w, h) = (Double(track.naturalSize.width), Double(track.naturalSize.height))
        guard w >= 1, h >= 1, w <= 16384, h <= 16384 else { throw MediaError("\(name): video frames of \(Int(w))x\(Int(h)) are outside 1…16384 a side") }
        let t = track.preferredTransform
        let turn = settings.appliesPreferredTrackTransform ? t : .identity
        guard turn == .identity || ImageTurning.isTurnOrFlip(turn) else {
            throw MediaError("\(name): unsupported: appliesPreferredTrackTransform with the transform \(t) (not a turn or flip)")
        }
        // maximumSize bounds the image as returned: turned, when the transform is applied (after decoding).
        let (shownW, shownH) = turn.a == 0 ? (h, w) : (w, h)
        var scale = 1.0
        let bound = settings.maximumSize
        if bound.width.isFinite, bound.width > 0 { scale = min(scale, Double(bound.width) / shownW) }
        if bound.height.isFinite, bound.height > 0 { scale = min(scale, Double(bound.height) / shownH) }
        return FrameGrabber.Setup(width: max(1, Int((w * scale).rounded())), height: max(1, Int((h * scale).rounded())), turn: turn)
    }
}
