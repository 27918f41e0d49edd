import Foundation
import Strata

/// A kind of media (AVFoundation's AVMediaType, with its raw values).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A media type with the raw value `rawValue` (the same as `init(rawValue:)`).
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Video, raw value "vide": a track of a video stream.
    public static let video = AVMediaType(rawValue: "vide")
    /// Audio, raw value "soun": a track of an audio stream.
    public static let audio = AVMediaType(rawValue: "soun")
    /// Subtitles, raw value "sbtl": a track of a subtitle stream.
    public static let subtitle = AVMediaType(rawValue: "sbtl")
}

/// One stream of an asset, as GStreamer's discoverer describes it (AVFoundation's AVAssetTrack).
public final class AVAssetTrack: Sendable {
    /// 1 for the file's first stream, 2 for the second, … (**choice**: GStreamer numbers a file's streams in
    /// order, where AVFoundation reads the container's track IDs; for MP4 files written in order they agree).
    public let trackID: Int32
    /// The kind of stream: `.video`, `.audio` or `.subtitle` (GStreamer's other streams make no track).
    public let mediaType: AVMediaType
    /// The frames' size in pixels as encoded (zero for a stream that is not video); see `preferredTransform`.
    public let naturalSize: CGSize
    /// Frames a second (0 where the stream declares none: variable or not video).
    public let nominalFrameRate: Float
    /// From zero for the asset's duration (GStreamer gives no track its own span).
    public let timeRange: CMTimeRange
    /// The rotation or flip the file's orientation tag asks for, in AVFoundation's convention (rotating 90°
    /// clockwise is `(0, 1, -1, 0, height, 0)`): apply it to `naturalSize` for the size shown.
    public let preferredTransform: CGAffineTransform

    init(trackID: Int32, mediaType: AVMediaType, naturalSize: CGSize, nominalFrameRate: Float, timeRange: CMTimeRange,
         preferredTransform: CGAffineTransform) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.naturalSize = naturalSize
        self.nominalFrameRate = nominalFrameRate
        self.timeRange = timeRange
        self.preferredTransform = preferredTransform
    }

    /// The transform for GStreamer's image-orientation tag on a `width` × `height` picture (nil: no tag, or
    /// one this does not know).
    static func transform(orientation: String, width w: Double, height h: Double) -> CGAffineTransform? {
        switch orientation {
        case "rotate-0": return .identity
        case "rotate-90": return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        case "rotate-180": return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case "rotate-270": return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        // videoflip's reading of the flipped ones: a mirror, a transpose, a vertical flip, the other diagonal.
        case "flip-rotate-0": return CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case "flip-rotate-90": return CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case "flip-rotate-180": return CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case "flip-rotate-270": return CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        default: return nil
        }
    }
}
