import Foundation
import Strata
import StrataCore
import StrataProtocol

/// Issue 34, acceptance 6: a 16384 × 16384-point tiled map (CATiledLayer, 256-pixel tiles, three levels)
/// in a scroll layer on a real `strata-server`, panned diagonally at 60 fps by a display link (one commit
/// per tick). It measures the frames the server missed while panning, each tile's request → on screen and
/// the pan's start → its first new tile on screen, the tiles the server kept and both processes' memory.
struct TiledRun {
    let size: String
    let frames: Int
    static let side: CGFloat = 16384
    /// Points the view moves per tick, each way.
    static let step: CGFloat = 6

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    /// Tile traffic and presents, written on the connection's and drawing threads.
    final class Traffic: @unchecked Sendable {
        private let lock = NSLock()
        private var requested: [TileKey: Double] = [:]
        private var sentIDs: [UInt64: (TileKey, Double)] = [:]
        private var shown: [UInt64: Double] = [:]
        private(set) var drawn = 0

        func requested(_ keys: [TileKey]) {
            let now = MonotonicClock.now()
            lock.withLock { for key in keys where requested[key] == nil { requested[key] = now } }
        }
        func sent(_ key: TileKey, _ id: UInt64) {
            let now = MonotonicClock.now()
            lock.withLock { sentIDs[id] = (key, now); drawn += 1 }
        }
        func presented(_ id: UInt64, _ at: Double) { lock.withLock { shown[id] = at } }
        var count: Int { lock.withLock { drawn } }

        /// Request → on screen of every tile shown, and the first tile on screen after `time`.
        func latencies(after time: Double) -> (toScreen: [Double], firstAfter: Double?) {
            lock.withLock {
                var out: [Double] = []
                var first: Double?
                for (id, (key, _)) in sentIDs {
                    guard let at = shown[id] else { continue }
                    if let asked = requested[key] { out.append(at - asked) }
                    if let asked = requested[key], asked >= time { first = min(first ?? at, at) }
                }
                return (out, first)
            }
        }
    }

    func run() throws -> [String: Any] {
        let server = try BenchServer(size: size, name: "tiled")
        defer { server.stop() }
        guard let dims = SizeArgument.parse(size) else { throw BenchFailure(description: "bad size") }
        let outputs = try server.stats()["outputs"] as? [[String: Any]]
        let interval = 1 / (outputs?.first?["refresh_hz"] as? Double ?? 60)
        let connection = try StrataConnection.connect(socketPath: server.socket)
        defer { connection.close() }
        let traffic = Traffic()
        connection.onTransactionPresented = { id, at in traffic.presented(id, at) }

        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: dims.width, height: dims.height)
        scroll.masksToBounds = true
        let map = CATiledLayer()
        map.frame = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        map.levelsOfDetail = 3
        let painter = MapPainter()
        map.delegate = painter
        map.onTilesRequested = { traffic.requested($0) }
        map.onTileSent = { traffic.sent($0, $1) }
        scroll.addSublayer(map)
        connection.attach(scroll)
        CATransaction.flush()
        // The first screenful drawn before the pan starts.
        let settle = Date(timeIntervalSinceNow: 20)
        while Date() < settle, (try server.treeObject("tiles"))["requested"] as? Int != 0 || traffic.count == 0 { usleep(20_000) }

        let before = try server.stats()
        let start = MonotonicClock.now()
        nonisolated(unsafe) var ticks = 0 // the link's handler's, on the main thread
        let total = frames
        let done = DispatchSemaphore(value: 0)
        let link = CADisplayLink { link in
            guard ticks < total else { return }
            ticks += 1
            scroll.scroll(to: CGPoint(x: CGFloat(ticks) * Self.step, y: CGFloat(ticks) * Self.step * 0.6))
            CATransaction.flush()
            if ticks == total { link.invalidate(); done.signal() }
        }
        link.add(to: connection)
        _ = done.wait(timeout: .now() + Double(frames) * interval * 4 + 10)
        let panSeconds = MonotonicClock.now() - start
        usleep(1_000_000) // the last tiles arrive
        let after = try server.stats()
        let tiles = try server.treeObject("tiles")
        let rendered = (after["frames_rendered"] as? Int ?? 0) - (before["frames_rendered"] as? Int ?? 0)
        let expected = Int((panSeconds / interval).rounded())
        let (toScreen, first) = traffic.latencies(after: start)
        func ms(_ s: [Double]) -> [String: Double] { Percentiles.of(s.map { $0 * 1000 }) }
        return [
            "scenario": "tiled", "size": size, "map_points": Int(Self.side), "tile_pixels": 256, "levels_of_detail": 3,
            "pan_points_per_frame": [Double(Self.step), Double(Self.step * 0.6)], "ticks": ticks, "pan_seconds": panSeconds,
            "frames_expected": expected, "frames_rendered": rendered, "frames_missed": max(0, expected - rendered),
            "server_frame_ms": after["frame_ms"] ?? [:], "server_cpu_ms_per_frame": after["server_cpu_ms_per_frame"] ?? [:],
            "tiles_drawn": traffic.count, "tiles_timed": toScreen.count, "tile_request_to_screen_ms": ms(toScreen),
            "pan_start_to_first_new_tile_ms": first.map { ($0 - start) * 1000 } ?? -1,
            "server_tiles": tiles, "server_memory_mib": VideoRun.memory(of: server.process.processIdentifier),
            "client_memory_mib": VideoRun.memory(of: getpid()),
        ]
    }
}

/// A map's tile: a colour from its place, a grid every 64 points and a darker frame (a few fills, as a
/// real map's tile costs a little drawing). Thread-safe: it keeps no state.
final class MapPainter: CALayerDelegate, @unchecked Sendable {
    func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    func display(_ layer: CALayer) {}
    func layoutSublayers(of layer: CALayer) {}
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let box = ctx.boundingBoxOfClipPath
        let hue = (box.minX / 16384, box.minY / 16384)
        ctx.setFillColor(CGColor(red: 0.3 + 0.6 * hue.0, green: 0.5, blue: 0.3 + 0.6 * hue.1, alpha: 1))
        ctx.fill(box)
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.25))
        var x = (box.minX / 64).rounded(.up) * 64
        while x < box.maxX { ctx.fill(CGRect(x: x, y: box.minY, width: 1, height: box.height)); x += 64 }
        var y = (box.minY / 64).rounded(.up) * 64
        while y < box.maxY { ctx.fill(CGRect(x: box.minX, y: y, width: box.width, height: 1)); y += 64 }
    }
}
