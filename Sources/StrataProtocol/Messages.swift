import Foundation
import StrataCore

/// Layer identifiers are chosen by the client and stable for the layer's lifetime; the server
/// namespaces them per client.
public typealias LayerID = UInt64
public typealias ImageID = UInt64
public typealias BufferID = UInt64

/// One operation of a committed transaction, applied in order. Cases with large payloads are boxed
/// (`indirect`), so an array of operations takes a few times its wire size in memory, not thirty: a
/// commit of a million small operations must not cost the server hundreds of megabytes.
public enum LayerOperation: Equatable, Sendable {
    /// Makes a layer of `kind` (CALayer, CATransformLayer, CAShapeLayer, …); its kind never changes.
    case createLayer(LayerID, kind: LayerKind = .layer)
    case releaseLayer(LayerID)
    indirect case setProperty(LayerID, LayerProperty, AnimatableValue)
    case insertSublayer(parent: LayerID, child: LayerID, index: UInt32)
    case removeFromSuperlayer(LayerID)
    /// Pixels arrive as the commit's file descriptor at `fdIndex`: a memfd of width·height·4 bytes,
    /// premultiplied, rows top to bottom, in `format`'s byte order (its updates use it too).
    case defineImage(ImageID, width: UInt32, height: UInt32, fdIndex: UInt16, format: PixelFormat = .rgba)
    case releaseImage(ImageID)
    /// Image 0 clears the contents.
    case setContents(LayerID, ImageID)
    indirect case addAnimation(LayerID, key: String, AnimationSpec)
    indirect case removeAnimation(LayerID, key: String)
    /// Makes the layer one of this client's roots on the display (composited in attach order).
    case attachRoot(LayerID)
    case detachRoot(LayerID)
    /// New pixels for a rectangle of a defined image (a layer's backing store redrawn in part): the fd at
    /// `fdIndex` holds width·height·4 bytes of premultiplied RGBA8, the rectangle's rows top to bottom.
    case updateImage(ImageID, x: UInt32, y: UInt32, width: UInt32, height: UInt32, fdIndex: UInt16)
    /// Makes `mask` (a layer with no superlayer, not a root) the layer's mask: the alpha of its subtree,
    /// drawn in the layer's coordinates, masks the layer. 0 removes the mask.
    case setMask(LayerID, mask: LayerID)
    /// The output a root layer shows on, by name ("HDMI-A-1"); empty: the primary output. Applies
    /// whenever the layer is a root; an output not lit shows nothing of it until it is.
    indirect case setRootOutput(LayerID, output: String)
    /// A reusable pixel buffer: the commit's descriptor at `fdIndex`, a memfd sealed against shrinking and
    /// growing but not writing. The client fills it, names it in `updateImageFromBuffer`, and fills it again
    /// once the server says `bufferReleased`. At most `WireFormat.maxBuffers` per client.
    case defineBuffer(BufferID, fdIndex: UInt16)
    /// New pixels for a rectangle of a defined image, from a buffer: width·height·4 bytes at `offset`, rows
    /// packed, in the image's pixel format. Copied when the commit is applied; then the server sends
    /// `bufferReleased(buffer)`.
    indirect case updateImageFromBuffer(ImageID, x: UInt32, y: UInt32, width: UInt32, height: UInt32, buffer: BufferID, offset: UInt32)
    case releaseBuffer(BufferID)
    /// Shows a drawable (a frame an app rendered with its own GL, or a decoded video frame) as the layer's
    /// contents: `format.byteCount(width, height)` bytes at offset 0 of `buffer`, rows top to bottom. It is
    /// queued for the layer and shown by the first frame whose target time is at or after `presentAt`
    /// (monotonic seconds; 0: the first frame after the commit is applied); of several due by one frame only
    /// the newest is shown, and the others count as dropped. The server copies the shown one into the layer's
    /// drawable texture (converting YUV to RGB) and releases each buffer (`bufferReleased`) once it is shown
    /// or passed over; the layer keeps showing its frame until the next or a `setContents`, whichever comes
    /// later. A buffer is held from the commit's arrival until its release: presenting it again meanwhile
    /// breaks the protocol.
    indirect case presentDrawable(LayerID, buffer: BufferID, width: UInt32, height: UInt32, format: DrawableFormat, presentAt: Double = 0)
    /// Drops the layer's frames waiting for their time (a video paused or seeking) and releases their
    /// buffers; the frame shown stays.
    case discardDrawables(LayerID)
    /// A tiled layer's tiles meeting `rect` (layer coordinates; nil: all of them) are stale from the app's
    /// `generation` on (`setNeedsDisplay`): the server shows them until tiles drawn at that generation or
    /// later replace them, and asks for those it needs.
    indirect case invalidateTiles(LayerID, rect: CGRect?, generation: UInt64)
    /// A tile the server asked for (`tileRequests`), drawn by the app at its `generation` (the newest
    /// invalidation it had made when drawing began): width·height·4 bytes of premultiplied BGRA (Cairo's
    /// order), rows packed, from `source`. A tile not asked for, cancelled, of another size than the
    /// layer's grid gives, or older than an invalidation of it is dropped (and asked for again if needed).
    indirect case deliverTile(LayerID, TileKey, generation: UInt64, width: UInt32, height: UInt32, source: TileSource)
    /// Makes `layer` (0: none) what the client's context `token` shows under its host (docs/protocol.md §13).
    /// The layer must have no superlayer and be no root, no mask and no other context's layer.
    case setContextLayer(ContextToken, layer: LayerID)
    /// Ends the client's context `token`: its host shows nothing of it from this commit on.
    case revokeContext(ContextToken)
    /// Shows the context `token` (another client's) under `layer`, a host layer (`LayerKind.host`); the zero
    /// token shows nothing. A token the server will not bind is reported by `hostedContext`, not a failure.
    /// `replayed`: the binding is re-sent to a restarted server (its token is the last server's): soon after
    /// the server's start an unknown token then waits for its app to reconnect instead of being refused.
    case hostContext(LayerID, token: ContextToken, replayed: Bool = false)
    /// Moves key focus into the app a host layer of this client shows (`layer`), or back to this client
    /// (0). The server decides: only a host moves focus into what it hosts; a tap or press anywhere moves
    /// it too.
    case focusHosted(LayerID)

    var code: UInt8 {
        switch self {
        case .createLayer: 1
        case .releaseLayer: 2
        case .setProperty: 3
        case .insertSublayer: 4
        case .removeFromSuperlayer: 5
        case .defineImage(_, _, _, _, let format): format == .rgba ? 6 : 18
        case .releaseImage: 7
        case .setContents: 8
        case .addAnimation: 9
        case .removeAnimation: 10
        // 11 (removeAllAnimations) and 15 (createTransformLayer) are retired.
        case .attachRoot: 12
        case .detachRoot: 13
        case .updateImage: 14
        case .setMask: 16
        case .setRootOutput: 17
        case .defineBuffer: 19
        case .updateImageFromBuffer: 20
        case .releaseBuffer: 21
        case .presentDrawable: 22
        case .discardDrawables: 23
        case .invalidateTiles: 24
        case .deliverTile: 25
        case .setContextLayer: 26
        case .revokeContext: 27
        case .hostContext: 28
        case .focusHosted: 29
        }
    }
}

/// Where a delivered tile's pixels are: at `offset` in a reusable buffer (released with `bufferReleased`),
/// or a sealed memfd sent with the commit (at `fdIndex`) when no buffer was free.
public enum TileSource: Equatable, Sendable {
    case buffer(BufferID, offset: UInt32)
    case descriptor(fdIndex: UInt16)
}

/// The byte order of an image's premultiplied 8-bit pixels.
public enum PixelFormat: UInt8, Equatable, Sendable {
    /// R, G, B, A: CGImage's order.
    case rgba = 0
    /// B, G, R, A: Cairo's ARGB32 words on a little-endian machine, so a backing store goes out as Cairo
    /// drew it, with no conversion (the server's texture swaps red and blue when sampled).
    case bgra = 1
}

/// How a drawable's bytes lie: premultiplied RGBA8 in either byte order, or 8-bit YUV 4:2:0 as decoders
/// produce it (NV12: the luma plane, then interleaved Cb, Cr at half size each way; I420: luma, Cb, Cr
/// planes), every plane's rows packed, chroma sides rounded up.
public enum DrawableFormat: Equatable, Sendable {
    case rgba
    case bgra
    case nv12(YUVColorimetry)
    case i420(YUVColorimetry)

    /// The bytes a width × height frame takes.
    public func byteCount(width: Int, height: Int) -> Int {
        let luma = width * height, chroma = ((width + 1) / 2) * ((height + 1) / 2)
        switch self {
        case .rgba, .bgra: return luma * 4
        case .nv12, .i420: return luma + 2 * chroma
        }
    }

    public var isYUV: Bool { if case .rgba = self { false } else if case .bgra = self { false } else { true } }
}

/// How a YUV frame's values map to RGB: the matrix (ITU-R BT.601 or BT.709) and whether luma spans 16…235
/// (limited, video's usual range) or 0…255 (full).
public struct YUVColorimetry: Hashable, Sendable {
    public enum Matrix: UInt8, Sendable { case bt601 = 0, bt709 = 1 }
    public var matrix: Matrix
    public var fullRange: Bool

    public init(matrix: Matrix, fullRange: Bool) { self.matrix = matrix; self.fullRange = fullRange }
}

/// A transaction as committed by a client: one message, applied atomically by the server.
public struct Commit: Equatable, Sendable {
    public var transactionID: UInt64
    /// When true the server reports `transactionCompleted` once every animation added here has finished.
    public var wantsCompletion: Bool
    public var operations: [LayerOperation]
    /// Number of file descriptors that travel with the message (referenced by `defineImage`).
    public var fdCount: UInt16

    public init(transactionID: UInt64, wantsCompletion: Bool = false, operations: [LayerOperation], fdCount: UInt16 = 0) {
        self.transactionID = transactionID; self.wantsCompletion = wantsCompletion
        self.operations = operations; self.fdCount = fdCount
    }
}

/// Client → server.
public enum ClientMessage: Equatable, Sendable {
    case hello(version: UInt16)
    case commit(Commit)
    /// What `output` (empty: the primary output) shows.
    case snapshotRequest(requestID: UInt32, output: String = "")
    case treeRequest(requestID: UInt32)
    case statsRequest(requestID: UInt32)
    /// Asks for (true) or stops (false) a `frameTick` at every vblank (CADisplayLink).
    case frameTicks(enabled: Bool)
    /// Events for the server to route as if its devices had produced them (`strata input`): only from
    /// inspectors, and only where the server allows injection (`input-injection`). 1…256 events.
    case injectInput([InjectedInput])
    /// Runs the server's virtual clock (`clock = virtual`) forward by `seconds` (0…`maxClockStep`),
    /// drawing every frame that falls inside: only from inspectors. Answered by `clockAdvanced`.
    case advanceClock(requestID: UInt32, seconds: Double)
    /// Exports a context (remote layer hosting): answered by `contextCreated` with its token. `hostUsers`
    /// (at most `maxHostUsers` uids; empty: anyone) are the users whose clients may host it. A non-zero
    /// `reclaim` takes over a context whose exporter's connection ended, still under its host layer (a
    /// restarted app reappearing where it was); `hostUsers` are then the context's own.
    case createContext(requestID: UInt32, reclaim: ContextToken = .zero, hostUsers: [UInt32])

    /// A shell (`shell-users`, `shell-groups`) asks for a context of each root of the clients of process
    /// `pid` (which it started): answered by `rootContexts` with their tokens. A root a host layer shows is
    /// drawn only there while it does.
    case rootContexts(requestID: UInt32, pid: UInt32)

    /// The most uids `createContext` may name.
    public static let maxHostUsers = 16
    /// The longest single step of `advanceClock`, in seconds (a longer one is refused).
    public static let maxClockStep = 600.0

    public var typeCode: UInt16 {
        switch self {
        case .hello: 1
        case .commit: 2
        case .snapshotRequest: 3
        case .treeRequest: 4
        case .statsRequest: 5
        case .frameTicks: 6
        case .injectInput: 7
        case .advanceClock: 8
        case .createContext: 9
        case .rootContexts: 10
        }
    }
}

/// Server → client.
public enum ServerMessage: Equatable, Sendable {
    case welcome(version: UInt16, clientID: UInt32)
    case animationStarted(LayerID, key: String)
    case animationStopped(LayerID, key: String, finished: Bool)
    case transactionCompleted(UInt64)
    /// Pixels arrive as the message's one file descriptor (premultiplied RGBA8, rows top to bottom).
    case snapshot(requestID: UInt32, width: UInt32, height: UInt32)
    case snapshotUnavailable(requestID: UInt32, reason: String)
    case tree(requestID: UInt32, json: String)
    case stats(requestID: UInt32, json: String)
    /// Sent before the server closes a session it rejects.
    case error(String)
    /// A vblank of the display, to clients that asked for frame ticks: its time (monotonic seconds, the
    /// frame presented there) and the display's refresh interval.
    case frameTick(timestamp: Double, duration: Double)
    /// The outputs lit now, primary first: right after `welcome`, and whenever they change.
    case outputs([OutputInfo])
    /// An input event on one of this client's interactive layers (or a key, for the focused one).
    case input(InputEvent)
    /// The answer to `injectInput`: empty when the events were routed, else why they were refused.
    case injectResult(String)
    /// The server has copied what the last commit naming this buffer asked for: the client may fill it again.
    case bufferReleased(BufferID)
    /// The first frame that includes this client's commit `transactionID` is on screen since `presentedAt`
    /// (monotonic seconds: the vblank it showed at). Once per commit, whether or not it changed anything visible.
    case transactionPresented(transactionID: UInt64, presentedAt: Double)
    /// Something this client asked of one of its layers failed and the session goes on (its text could not
    /// be laid out: the layer shows none until its string or style changes). Not sent for rejected input.
    case layerError(LayerID, reason: String)
    /// Tiles of a tiled layer the server needs drawn, most urgent first (at most `WireFormat.maxListCount`).
    case tileRequests(LayerID, [TileKey])
    /// Tiles asked for earlier that are no longer needed (they left the visible area): not drawn if not
    /// begun; a delivery that crosses this is dropped.
    case tileCancels(LayerID, [TileKey])
    /// The server runs on a virtual clock (`clock = virtual`), which reads `now` (seconds, the time base of
    /// every other message): between `welcome` and `outputs`, and each time the clock moves, before the
    /// events of the frame shown then. A client's media time (`CACurrentMediaTime`) follows it.
    case virtualClock(now: Double)
    /// The answer to `advanceClock`: the clock reads `now` after the step; `refusal` says why there was no
    /// step (empty when there was).
    case clockAdvanced(requestID: UInt32, now: Double, refusal: String)
    /// The answer to `createContext`: the new context's token, or the zero token and why not.
    case contextCreated(requestID: UInt32, token: ContextToken, refusal: String)
    /// To a host: how the context bound to its host layer `layer` shows now, and why (empty when shown).
    /// Sent when it changes: as the host's commit binding it is applied, or when the exporter acts or leaves.
    case hostedContext(LayerID, status: HostingStatus, reason: String)
    /// To an exporter: whether a host layer shows its context `token` now.
    case contextHosts(ContextToken, hosted: Bool)
    /// To a host whose host layer observes input into its context (`hostedInput` observe): a copy of an
    /// event the context's app got, at the host layer (`layer`, `hitLayer`) in its coordinates.
    case observedInput(InputEvent)
    /// The answer to `rootContexts`: a token per root (bottom first), or why none.
    case rootContexts(requestID: UInt32, tokens: [ContextToken], refusal: String)

    public var typeCode: UInt16 {
        switch self {
        case .welcome: 101
        case .animationStarted: 102
        case .animationStopped: 103
        case .transactionCompleted: 104
        case .snapshot: 105
        case .snapshotUnavailable: 106
        case .tree: 107
        case .stats: 108
        case .error: 109
        case .frameTick: 110
        case .outputs: 111
        case .input: 112
        case .injectResult: 113
        case .bufferReleased: 114
        case .transactionPresented: 115
        case .layerError: 116
        case .tileRequests: 117
        case .tileCancels: 118
        case .virtualClock: 119
        case .clockAdvanced: 120
        case .contextCreated: 121
        case .hostedContext: 122
        case .contextHosts: 123
        case .observedInput: 124
        case .rootContexts: 125
        }
    }
}

extension ServerMessage {
    /// The most tokens one `rootContexts` answer carries (a client's contexts are capped at as many).
    public static let maxRootTokens = 64
}

/// One lit output as clients see it: its name, its layer space's size in pixels, its refresh rate, its
/// scale (pixels per layer point: 2 on a high-density panel; its size in points is the pixels ÷ scale) and
/// its safe-area insets in points (what a bezel hides: UIKit's window `safeAreaInsets`).
public struct OutputInfo: Equatable, Sendable {
    public var name: String
    public var width: UInt32
    public var height: UInt32
    public var refreshHz: Double
    public var scale: Double
    public var safeAreaInsets: SafeAreaInsets

    public init(name: String, width: UInt32, height: UInt32, refreshHz: Double, scale: Double = 1,
                safeAreaInsets: SafeAreaInsets = .zero) {
        self.name = name; self.width = width; self.height = height; self.refreshHz = refreshHz; self.scale = scale
        self.safeAreaInsets = safeAreaInsets
    }
}
