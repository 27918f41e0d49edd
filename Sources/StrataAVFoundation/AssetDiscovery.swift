import CGStreamer
import Foundation
import Strata

/// What a file holds, as GStreamer's discoverer reads it (AVAsset's properties): its duration, its streams,
/// whether it plays, or why it could not be read, naming the file.
struct AssetContents: Sendable {
    var duration = CMTime.invalid
    var tracks: [AVAssetTrack] = []
    var isPlayable = false
    /// Set when the file could not be read: the properties then failed to load.
    var error: MediaError?
}

/// Runs GStreamer's discoverer (demuxers and parsers, third-party code, on whatever file the app names) on
/// threads of its own, never the caller's: at most `concurrency` files at a time, each for at most `timeout`.
enum AssetDiscovery {
    static let timeout = 10.0
    static let concurrency = 2
    static let queue: OperationQueue = {
        let q = OperationQueue()
        q.name = "strata-asset-loading"
        q.maxConcurrentOperationCount = concurrency
        return q
    }()

    private static let initialised: Void = { gst_init(nil, nil) }()

    /// Reads `url` (on the calling thread, which is one of `queue`'s).
    static func discover(_ url: URL) -> AssetContents {
        _ = initialised
        let name = url.lastPathComponent.isEmpty ? url.absoluteString : url.lastPathComponent
        let uri = url.isFileURL ? url.absoluteURL.absoluteString : url.absoluteString
        guard gst_uri_is_valid(uri) != 0 else { return AssetContents(error: MediaError("\(name): not a URI GStreamer reads (\(uri))")) }
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(timeout * 1e9), &error) else {
            return AssetContents(error: MediaError("\(name): the discoverer could not be made: \(take(error) ?? "unknown")"))
        }
        defer { g_object_unref(discoverer) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        let reason = take(error)
        guard let info else { return AssetContents(error: MediaError("\(name): \(reason ?? "could not be read")")) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK, GST_DISCOVERER_MISSING_PLUGINS:
            break
        case GST_DISCOVERER_TIMEOUT:
            return AssetContents(error: MediaError("\(name): not read within \(Int(timeout)) s"))
        case GST_DISCOVERER_URI_INVALID:
            return AssetContents(error: MediaError("\(name): not a URI GStreamer reads (\(uri))"))
        default:
            return AssetContents(error: MediaError("\(name): \(reason ?? "could not be read")"))
        }
        var contents = AssetContents()
        let nanoseconds = gst_discoverer_info_get_duration(info)
        if strata_gst_clock_time_is_valid(nanoseconds) != 0, nanoseconds <= UInt64(Int64.max) {
            contents.duration = CMTime(value: Int64(nanoseconds), timescale: 1_000_000_000)
        }
        let range = CMTimeRange(start: .zero, duration: contents.duration.isValid ? contents.duration : .zero)
        let streams = gst_discoverer_info_get_stream_list(info)
        defer { gst_discoverer_stream_info_list_free(streams) }
        var node = streams
        var number: Int32 = 0
        while let n = node {
            defer { node = strata_g_list_next(n) }
            guard let data = n.pointee.data else { continue }
            let stream = OpaquePointer(data)
            guard let track = track(stream, id: number + 1, range: range) else { continue }
            number += 1
            contents.tracks.append(track)
        }
        let missing = missingDecoders(info)
        if contents.tracks.isEmpty, !missing.isEmpty {
            return AssetContents(error: MediaError("\(name): no decoder is installed for \(missing.joined(separator: "; "))"))
        }
        // A stream some decoder is missing for makes the whole file unplayable (**choice**: AVFoundation may
        // play the streams it can).
        contents.isPlayable = gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK
            && contents.tracks.contains { $0.mediaType == .video || $0.mediaType == .audio }
        return contents
    }

    /// One stream as a track (nil for a container's own entry).
    private static func track(_ stream: OpaquePointer, id: Int32, range: CMTimeRange) -> AVAssetTrack? {
        switch strata_gst_stream_kind(stream) {
        case 1:
            var (w, h, num, den): (Double, Double, Int32, Int32) = (0, 0, 0, 0)
            if let video = strata_gst_video_info(stream) {
                (w, h) = (Double(gst_discoverer_video_info_get_width(video)), Double(gst_discoverer_video_info_get_height(video)))
                (num, den) = (Int32(gst_discoverer_video_info_get_framerate_num(video)), Int32(gst_discoverer_video_info_get_framerate_denom(video)))
            } else {
                // A codec nothing here decodes: the size its container declares.
                var (cw, ch): (Int32, Int32) = (0, 0)
                strata_gst_stream_caps_size(stream, &cw, &ch)
                (w, h) = (Double(max(0, cw)), Double(max(0, ch)))
            }
            var transform = CGAffineTransform.identity
            if let tag = strata_gst_stream_orientation(stream) {
                transform = AVAssetTrack.transform(orientation: String(cString: tag), width: w, height: h) ?? .identity
                g_free(tag)
            }
            return AVAssetTrack(trackID: id, mediaType: .video, naturalSize: CGSize(width: w, height: h),
                                nominalFrameRate: den > 0 ? Float(Double(num) / Double(den)) : 0, timeRange: range, preferredTransform: transform)
        case 2:
            return AVAssetTrack(trackID: id, mediaType: .audio, naturalSize: .zero, nominalFrameRate: 0, timeRange: range, preferredTransform: .identity)
        case 3:
            return AVAssetTrack(trackID: id, mediaType: .subtitle, naturalSize: .zero, nominalFrameRate: 0, timeRange: range, preferredTransform: .identity)
        default:
            return nil
        }
    }

    /// What GStreamer found no decoder for: the caps in each installer detail ("gstreamer|1.0|app|what|decoder-CAPS").
    private static func missingDecoders(_ info: OpaquePointer) -> [String] {
        guard var detail = gst_discoverer_info_get_missing_elements_installer_details(info) else { return [] }
        var missing: [String] = []
        while let text = detail.pointee, missing.count < 16 {
            let last = String(cString: text).split(separator: "|", maxSplits: 4).last.map(String.init) ?? ""
            missing.append(last.hasPrefix("decoder-") ? String(last.dropFirst("decoder-".count)) : last)
            detail = detail.advanced(by: 1)
        }
        return missing
    }

    /// A GError's message, the error freed.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}
