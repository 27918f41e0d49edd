import Foundation
import StrataCore
import StrataProtocol

/// A layer whose pixels come in tiles drawn on demand (seed 004's CATiledLayer): the render server works
/// out which tiles are visible after every transform, clip and scroll, picks the level of detail from the
/// layer's scale on screen, and asks for them; `draw(in:)` (or the delegate's `draw(_:in:)`) draws each
/// on a background thread, several at once, into a context clipped to the tile
/// (`boundingBoxOfClipPath` is its rectangle in the layer's coordinates) whose CTM gives its resolution.
/// Drawing code must be thread-safe. New tiles fade in over the class's `fadeDuration`. Setting `contents`
/// makes it a plain layer (the contents show, no tiles are drawn).
open class CATiledLayer: CALayer {
    override class var layerKind: LayerKind { .tiled }

    /// Seconds a newly drawn tile takes to fade in (0.25); a subclass overrides it.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The app's tile drawing: requests, cancels and the workers.
    let tiles = TileDrawing()
    /// The newest invalidation's number (`setNeedsDisplay`); a tile carries the one current when its drawing began.
    var tileGeneration: UInt64 = 0
    /// For measurements (`strata-bench --scenario tiled`): called on the connection's thread as requests
    /// arrive, and on a drawing thread with each tile's commit once sent.
    package var onTilesRequested: (@Sendable ([TileKey]) -> Void)? {
        get { tiles.onRequested }
        set { tiles.onRequested = newValue }
    }
    package var onTileSent: (@Sendable (TileKey, UInt64) -> Void)? {
        get { tiles.onSent }
        set { tiles.onSent = newValue }
    }

    public override init() {
        super.init()
        tiles.layer = self
        let fade = Swift.type(of: self).fadeDuration()
        if fade != 0.25 { set(.fadeDuration, CGFloat(fade.isFinite ? max(0, fade) : 0.25)) }
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        tiles.layer = self
    }

    public required init?(coder: NSCoder) { return nil }

    /// A tile's size in pixels (default 256 × 256; each side a whole number 16…4096).
    public var tileSize: CGSize {
        get { read { $0.tiled.tileSize } }
        set { set(.tileSize, newValue) }
    }

    /// Levels of detail kept, each half the resolution of the one before (default 1).
    public var levelsOfDetail: Int {
        get { read { Int($0.tiled.levelsOfDetail) } }
        set { set(.levelsOfDetail, CGFloat(newValue)) }
    }

    /// How many of those levels are magnified beyond contentsScale: 2 adds 2× and 4× levels (default 0).
    public var levelsOfDetailBias: Int {
        get { read { Int($0.tiled.levelsOfDetailBias) } }
        set { set(.levelsOfDetailBias, CGFloat(newValue)) }
    }

    /// A tiled layer has no backing store: its tiles are drawn when the server asks.
    open override func display() {}

    /// `setNeedsDisplay()` (nil) and `setNeedsDisplay(_:)`: the tiles meeting `rect` (layer coordinates) are
    /// drawn again, each shown as it was until its new drawing arrives and fades in.
    func invalidateTiles(_ rect: CGRect?) {
        LayerLock.with {
            tileGeneration += 1
            // A layer the server has not made yet has no tiles to invalidate: its first ones are drawn after.
            guard server != nil, let connection = StrataConnection.current, connection.isLive else { return }
            _ = connection.sendDrawableCommit([.invalidateTiles(layerID, rect: rect, generation: tileGeneration)], fds: [])
        }
    }
}

/// Draws a tiled layer's tiles as the server asks: each request on a shared concurrent queue, at most as
/// many at once as the machine has processors, skipped if cancelled before it begins and not sent if
/// cancelled while it draws. Each tile goes to the server in a commit of its own, through the session's
/// reusable buffers (a fresh sealed memfd when none is free).
final class TileDrawing: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "strata.tiles", qos: .userInitiated, attributes: .concurrent)
    private static let slots = DispatchSemaphore(value: max(2, ProcessInfo.processInfo.activeProcessorCount))

    weak var layer: CATiledLayer?
    var onRequested: (@Sendable ([TileKey]) -> Void)?
    var onSent: (@Sendable (TileKey, UInt64) -> Void)?
    private let lock = NSLock()
    /// Requests asked for and not yet sent or cancelled.
    private var pending: Set<TileKey> = []
    /// Tiles drawn and sent, and requests cancelled (for tests and `strata`'s counters).
    private(set) var drawnCount = 0, cancelledCount = 0

    var counts: (drawn: Int, cancelled: Int) { lock.withLock { (drawnCount, cancelledCount) } }

    func request(_ keys: [TileKey]) {
        onRequested?(keys)
        let new = lock.withLock { keys.filter { pending.insert($0).inserted } }
        for key in new { Self.queue.async { self.draw(key) } }
    }

    func cancel(_ keys: [TileKey]) {
        lock.withLock {
            for key in keys where pending.remove(key) != nil { cancelledCount += 1 }
        }
    }

    private func draw(_ key: TileKey) {
        Self.slots.wait()
        defer { Self.slots.signal() }
        guard lock.withLock({ pending.contains(key) }), let layer else { return }
        let (grid, generation) = LayerLock.with {
            (TileGrid(bounds: layer.modelValues.bounds, contentsScale: layer.modelValues.contentsScale, model: layer.modelValues.tiled),
             layer.tileGeneration)
        }
        let p = grid.pixelRect(key)
        guard grid.contains(key), p.width > 0, p.height > 0, let ctx = CGContext(width: p.width, height: p.height) else {
            _ = lock.withLock { pending.remove(key) }
            return
        }
        let rect = grid.rect(key), scale = grid.scale(Int(key.level))
        ctx.scaleBy(x: scale, y: scale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        UIGraphicsPushContext(ctx)
        layer.draw(in: ctx)
        UIGraphicsPopContext()
        // Cancelled while it drew: not sent.
        guard lock.withLock({ pending.remove(key) != nil }) else { return }
        if let id = deliver(key, ctx, p.width, p.height, generation: generation, of: layer) {
            lock.withLock { drawnCount += 1 }
            onSent?(key, id)
        }
    }

    /// Sends the tile's commit; its transaction id, or nil when it could not be sent.
    private func deliver(_ key: TileKey, _ ctx: CGContext, _ width: Int, _ height: Int, generation: UInt64, of layer: CATiledLayer) -> UInt64? {
        LayerLock.with {
            guard layer.server != nil, let connection = StrataConnection.current, connection.isLive else { return nil }
            var ops: [LayerOperation] = []
            var fds: [SharedPixelBuffer] = []
            let bytes = width * height * 4
            let source: TileSource
            if let taken = connection.bufferPool.take(bytes) {
                ops += taken.evicted.map { .releaseBuffer($0) }
                guard ctx.copyPremultiplied(rect: (0, 0, width, height), format: .bgra, into: taken.buffer.base, bytesPerRow: width * 4) else {
                    connection.bufferPool.released(taken.id)
                    return nil
                }
                if taken.isNew {
                    ops.append(.defineBuffer(taken.id, fdIndex: UInt16(fds.count)))
                    fds.append(taken.buffer)
                }
                source = .buffer(taken.id, offset: 0)
            } else {
                guard let buffer = try? SharedPixelBuffer(byteCount: bytes, name: "strata-tile"),
                      ctx.copyPremultiplied(rect: (0, 0, width, height), format: .bgra, into: buffer.base, bytesPerRow: width * 4)
                else { return nil }
                buffer.seal()
                source = .descriptor(fdIndex: UInt16(fds.count))
                fds.append(buffer)
            }
            ops.append(.deliverTile(layer.layerID, key, generation: generation, width: UInt32(width), height: UInt32(height), source: source))
            return connection.sendDrawableCommit(ops, fds: fds)
        }
    }
}
