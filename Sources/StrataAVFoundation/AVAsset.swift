import Foundation
import Strata

/// A media file's contents (AVFoundation's AVAsset): its duration and tracks, read by GStreamer's discoverer
/// on a thread of its own the first time a property is read or loaded (docs/video.md). A synchronous read
/// waits for that, at most about 10 s, as AVFoundation's would; `loadValuesAsynchronously` does not wait.
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
    open var tracks: [AVAssetTrack] { contents.tracks }
    open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] { tracks.filter { $0.mediaType == mediaType } }
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

public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"

extension MediaError {
    /// As AVFoundation reports errors: AVFoundationErrorDomain, AVErrorUnknown (-11800), the reason as the description.
    var nsError: NSError {
        NSError(domain: "AVFoundationErrorDomain", code: -11800, userInfo: [NSLocalizedDescriptionKey: description])
    }
}
