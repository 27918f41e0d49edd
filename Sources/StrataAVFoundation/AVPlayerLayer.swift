import Foundation
import Strata
import StrataCore

/// How a video fills its layer (AVFoundation's AVLayerVideoGravity).
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Whole, aspect kept, centred (the default).
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    /// Filling the layer, aspect kept, cropped.
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    /// Stretched to the layer's bounds.
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")

    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .resizeAspectFill: .resizeAspectFill
        case .resize: .resize
        default: .resizeAspect
        }
    }
}

/// A layer showing an AVPlayer's video (AVFoundation's AVPlayerLayer; seed 004 B.10, demos D21 and D22).
/// Its frames are its contents, placed by `videoGravity`; it composites like any layer (3D, rounded
/// corners with masksToBounds, borders, masks, shadows, opacity, transitions).
open class AVPlayerLayer: CALayer {
    /// A layer showing `player`'s video (none when nil), with `videoGravity` `.resizeAspect`.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    private let state = Locked(LayerState())
    private struct LayerState {
        var player: AVPlayer?
        var gravity = AVLayerVideoGravity.resizeAspect
        var framesSent = 0
    }

    /// The player whose video the layer shows.
    public var player: AVPlayer? {
        get { state.withLock { $0.player } }
        set {
            let old = state.withLock { s -> AVPlayer? in
                let old = s.player
                s.player = newValue
                s.framesSent = 0
                return old
            }
            if old !== newValue {
                old?.detach(self)
                newValue?.attach(self)
            }
            // The video's gravity is the contents' (a plain layer's default, `.resize`, is not the video's).
            contentsGravity = videoGravity.contentsGravity
        }
    }

    /// How the video fills the bounds (default `.resizeAspect`): the layer's `contentsGravity`.
    public var videoGravity: AVLayerVideoGravity {
        get { state.withLock { $0.gravity } }
        set {
            state.withLock { $0.gravity = newValue }
            contentsGravity = newValue.contentsGravity
        }
    }

    /// Where the video's frames lie in the layer's bounds under `videoGravity` (zero until a frame is decoded).
    public var videoRect: CGRect {
        guard let size = player?.currentItem?.presentationSize, size.width > 0, size.height > 0 else { return .zero }
        let b = bounds
        switch videoGravity {
        case .resize: return b
        case .resizeAspectFill:
            let s = max(b.width / size.width, b.height / size.height)
            return CGRect(x: b.midX - size.width * s / 2, y: b.midY - size.height * s / 2, width: size.width * s, height: size.height * s)
        default:
            let s = min(b.width / size.width, b.height / size.height)
            return CGRect(x: b.midX - size.width * s / 2, y: b.midY - size.height * s / 2, width: size.width * s, height: size.height * s)
        }
    }

    /// Whether a frame of the current item has been sent to be shown.
    public var isReadyForDisplay: Bool { state.withLock { $0.framesSent > 0 } }

    func frameSent() { state.withLock { $0.framesSent += 1 } }
}
