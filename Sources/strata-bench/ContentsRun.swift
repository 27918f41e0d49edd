import Foundation
import Strata
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Contents updates through the client library to a real `strata-server` process: a `side`×`side`
/// backing store (`draw(in:)` fills it), redrawn whole `updates` times, then in 64×64 rectangles. Reports
/// the client's CPU time to send each update (the commit after the drawing: the copy into shared memory,
/// encoding, sending), the end-to-end rate (commit to the server's texture holding the pixels, one update
/// at a time, and 96 updates committed back to back, drawing included and not), the bytes a small
/// rectangle's update uploads, and the cost of setting `contents` to a new CGImage of that size.
struct ContentsRun {
    let side: Int
    let updates: Int

    /// Fills the store with a colour that changes with each drawing, so every update carries new pixels.
    final class Canvas: CALayer, @unchecked Sendable {
        var shade = 0
        override func draw(in ctx: CGContext) {
            shade += 1
            ctx.setFillColor(CGColor(red: CGFloat(shade % 256) / 255, green: 0.5, blue: 0.25, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        }
    }

    /// Kept whole (over 60 lines): the benchmark's steps in order.
    func run() throws -> [String: Any] {
        let server = try BenchServer(size: "320x240", name: "contents")
        defer { server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socket)
        defer { connection.close() }
        let canvas = Canvas()
        canvas.frame = CGRect(x: 0, y: 0, width: side, height: side)
        connection.attach(canvas)
        canvas.setNeedsDisplay()
        CATransaction.flush()
        _ = try waitForUploads(server, beyond: 0)

        var clientMs: [Double] = [], endToEnd: [Double] = []
        for _ in 0..<updates {
            let before = try uploadedBytes(server)
            canvas.setNeedsDisplay()
            canvas.displayIfNeeded()                      // the app's drawing: not what is measured
            let wall = MonotonicClock.now(), cpu = Self.threadCPU()
            CATransaction.flush()
            clientMs.append((Self.threadCPU() - cpu) * 1000)
            _ = try waitForUploads(server, beyond: before + side * side * 4 - 1)
            endToEnd.append(MonotonicClock.now() - wall)
        }
        // Sustained: updates committed back to back (as fast as the app draws), the server applying what
        // arrived at each frame.
        let burst = 96
        let burstStart = MonotonicClock.now(), burstBefore = try uploadedBytes(server)
        var drawing = 0.0
        for _ in 0..<burst {
            canvas.setNeedsDisplay()
            let drawStart = MonotonicClock.now()
            canvas.displayIfNeeded()
            drawing += MonotonicClock.now() - drawStart
            CATransaction.flush()
        }
        _ = try waitForUploads(server, beyond: burstBefore + burst * side * side * 4 - 1)
        let burstSeconds = MonotonicClock.now() - burstStart
        let sustained = Double(burst * side * side * 4) / burstSeconds / Double(1 << 20)
        // The same burst less the time the app spent drawing (its own cost, not the transfer's).
        let transfer = Double(burst * side * side * 4) / max(burstSeconds - drawing, 1e-6) / Double(1 << 20)
        var rectMs: [Double] = [], rectBytes: [Int] = []
        for i in 0..<updates {
            let before = try uploadedBytes(server)
            let x = CGFloat((i * 64) % max(64, side - 64))
            canvas.setNeedsDisplay(CGRect(x: x, y: 0, width: 64, height: 64))
            canvas.displayIfNeeded()
            let cpu = Self.threadCPU()
            CATransaction.flush()
            rectMs.append((Self.threadCPU() - cpu) * 1000)
            rectBytes.append(try waitForUploads(server, beyond: before) - before)
        }
        // Replacing a layer's contents with new CGImages made beforehand (decoded, drawn or built from pixels):
        // the app's cost is setting `contents` and the commit (the image's pixels already lie in shared memory).
        let photo = CALayer()
        photo.frame = CGRect(x: 0, y: 0, width: side, height: side)
        connection.attach(photo)
        CATransaction.flush()
        var imageMs: [Double] = [], imageEndToEnd: [Double] = []
        for i in 0..<updates {
            let grey = UInt8(i * 37 % 256)
            guard let image = CGImage(width: side, height: side, rgba: [UInt8](repeating: grey, count: side * side * 4), premultiplied: true) else { continue }
            let before = try uploadedBytes(server)
            let wall = MonotonicClock.now(), cpu = Self.threadCPU()
            photo.contents = image
            CATransaction.flush()
            imageMs.append((Self.threadCPU() - cpu) * 1000)
            _ = try waitForUploads(server, beyond: before + side * side * 4 - 1)
            imageEndToEnd.append(MonotonicClock.now() - wall)
        }
        let bytes = Double(side * side * 4)
        return [
            "new_image_contents_client_cpu_ms": Self.percentiles(imageMs),
            "new_image_contents_end_to_end_ms": Self.percentiles(imageEndToEnd.map { $0 * 1000 }),
            "scenario": "contents", "side": side, "updates": updates, "update_bytes": side * side * 4,
            "client_cpu_ms_per_update": Self.percentiles(clientMs),
            "end_to_end_ms_per_update": Self.percentiles(endToEnd.map { $0 * 1000 }),
            "end_to_end_MiB_per_s_p50": bytes / (Self.percentiles(endToEnd)["p50"] ?? 1) / Double(1 << 20),
            "sustained_MiB_per_s": sustained,
            "sustained_drawing_excluded_MiB_per_s": transfer,
            "drawing_ms_per_update": drawing / Double(burst) * 1000,
            "rect_64_client_cpu_ms": Self.percentiles(rectMs),
            "rect_64_uploaded_bytes_max": rectBytes.max() ?? 0,
        ]
    }

    private func uploadedBytes(_ server: BenchServer) throws -> Int {
        try server.stats()["texture_upload_bytes"] as? Int ?? 0
    }

    /// Polls the server (every 0.2 ms, up to 5 s) until its texture uploads exceed `beyond` bytes.
    private func waitForUploads(_ server: BenchServer, beyond: Int) throws -> Int {
        let end = MonotonicClock.now() + 5
        while MonotonicClock.now() < end {
            let now = try uploadedBytes(server)
            if now > beyond { return now }
            usleep(200)
        }
        return try uploadedBytes(server)
    }

    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func percentiles(_ values: [Double]) -> [String: Double] { Percentiles.of(values) }
}
