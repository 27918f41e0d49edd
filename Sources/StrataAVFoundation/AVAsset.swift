import Foundation
import Strata

/// A media file's contents (AVFoundation's AVAsset): its duration and tracks, read by GStreamer's discoverer
/// on a thread of its own the first time a property is read or loaded (docs/video.md). A synchronous read
/// waits for that, at most about 11 s, as AVFoundation's would; `loadValuesAsynchronously` does not wait.
/// A file that cannot be read has an invalid duration and no tracks, and its keys fail with the reason.
///
/// An NSObject, as AVFoundation's: equal only to itself.
open class AVAsset: NSObject, @unchecked Sendable, AVAsynchronousKeyValueLoading {
    let assetURL: URL
    let loading: AssetLoading

    init(assetURL url: URL) {
        assetURL = url
        loading = AssetLoading(url: url)
        super.init()
    }

    /// An asset for the file at `url` (an AVAsset, not an AVURLAsset: **choice**, Swift's initialisers cannot
    /// return a subclass).
    public convenience init(url: URL) { self.init(assetURL: url) }

    private var contents: AssetContents { loading.wait() ?? AssetContents(error: MediaError("\(assetURL.lastPathComponent): not read within \(Int(AssetDiscovery.timeout)) s")) }

    /// `.invalid` when the file could not be read.
    open var duration: CMTime { contents.duration }
    /// The file's video, audio and subtitle streams in the file's order, numbered from 1; empty when the file could
    /// not be read. Reading it waits for the file to be read (at most about 11 s) if it has not been yet.
    open var tracks: [AVAssetTrack] { contents.tracks }
    /// The tracks whose `mediaType` is `mediaType`, in the file's order (waits as `tracks` does).
    open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] { tracks.filter { $0.mediaType == mediaType } }
    /// The track numbered `trackID`, or nil when there is none (waits as `tracks` does). Strata numbers a file's
    /// streams from 1 in order rather than reading the container's track IDs;
    /// see <doc:Status#Layer-subclasses>.
    open func track(withTrackID trackID: Int32) -> AVAssetTrack? { tracks.first { $0.trackID == trackID } }
    /// Whether it has video or audio and GStreamer has a decoder for every stream.
    open var isPlayable: Bool { contents.isPlayable }

    /// The keys this loads: "duration", "tracks", "playable". They load together.
    static let keys: Set<String> = ["duration", "tracks", "playable"]

    /// Reads the file if not read yet; `handler` runs on a global queue (not the main one, as in
    /// AVFoundation) once it is. Keys other than `keys` fail (`statusOfValue`).
    open func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?) {
        loading.load(then: handler ?? {})
    }

    /// `.loaded`, `.loading` (asked for, not read yet), `.unknown` (not asked for), or `.failed` with the reason
    /// in `outError` (the file could not be read, or "unsupported: key NAME").
    open func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        guard Self.keys.contains(key) else {
            outError?.pointee = MediaError("unsupported: key \(key)").nsError
            return .failed
        }
        guard let contents = loading.loaded else { return loading.isStarted ? .loading : .unknown }
        if let error = contents.error {
            outError?.pointee = error.nsError
            return .failed
        }
        return .loaded
    }
}

/// An asset at a URL (AVFoundation's AVURLAsset).
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The URL the asset was made with.
    public var url: URL { assetURL }

    /// `options`: `AVURLAssetPreferPreciseDurationAndTimingKey` is what Strata does anyway (the duration is the
    /// container's, seeks with zero tolerance are frame-exact); any other key is logged as unsupported.
    public init(url: URL, options: [String: Any]? = nil) {
        for key in (options ?? [:]).keys where key != AVURLAssetPreferPreciseDurationAndTimingKey {
            StrataLog.logger.error("AVURLAsset(url:options:): unsupported: option \(key)")
        }
        super.init(assetURL: url)
    }
}

/// The `AVURLAsset(url:options:)` option asking for a precise duration and timing; accepted and changes nothing
/// in Strata, whose durations are the container's and whose zero-tolerance seeks are frame-exact anyway.
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"

extension MediaError {
    /// As AVFoundation reports errors: AVFoundationErrorDomain, AVErrorUnknown (-11800), the reason as the description.
    var nsError: NSError {
        NSError(domain: "AVFoundationErrorDomain", code: -11800, userInfo: [NSLocalizedDescriptionKey: description])
    }
}
