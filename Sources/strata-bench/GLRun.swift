import Foundation
import StrataCore
import StrataGLES
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Issue 32, acceptance 4: an app's own GL drawing 1280×720 at 60 fps into a CAMetalLayer on a real
/// `strata-server` (1280×800), one frame per display-link tick. It measures the client's CPU per frame
/// (the whole process: llvmpipe draws and reads back here) and the time inside `present()`, the server's
/// CPU per frame, present → on screen, and the copies per frame: on the shared-memory transport one
/// read-back in the client (glReadPixels into the slot) and one upload in the server (the slot into a
/// texture), the upload checked against the server's `texture_upload_bytes`.
struct GLRun {
    let frames: Int
    static let width = 1280, height = 720

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    /// Each present's moment and, once the server reports it, when its frame was on screen; written on the
    /// connection's callback queue, read by the main thread.
    final class Presents: @unchecked Sendable {
        private var sent: [UInt64: Double] = [:]
        private var shown: [UInt64: Double] = [:]
        private(set) var inPresent: [Double] = []
        private(set) var afterTick: [Double] = []
        private(set) var nilDrawables = 0
        private(set) var done = false
        private let lock = NSCondition()

        func presented(_ id: UInt64, calledAt: Double, took: Double, afterTick: Double) {
            locked { sent[id] = calledAt; inPresent.append(took); self.afterTick.append(afterTick) }
        }
        func noDrawable() { locked { nilDrawables += 1 } }
        func record(_ id: UInt64, _ at: Double) { locked { shown[id] = at } }
        func finish() { locked { done = true } }
        var count: Int { locked { sent.count } }

        /// Waits (10 s at most) until commit `id` was on screen.
        func waitShown(_ id: UInt64) throws {
            let deadline = Date(timeIntervalSinceNow: 10)
            lock.lock()
            defer { lock.unlock() }
            while shown[id] == nil { guard lock.wait(until: deadline) else { break } }
            guard shown[id] != nil else { throw BenchFailure(description: "the layer's first commit was not shown within 10 s") }
        }

        /// Waits until the run has finished and every present was reported, or `deadline`.
        func wait(until deadline: Date) {
            lock.lock()
            defer { lock.unlock() }
            while !(done && sent.keys.allSatisfy { shown[$0] != nil }) { guard lock.wait(until: deadline) else { break } }
        }

        /// Present → on screen of each reported present, the presents never reported, and the distinct
        /// frames that showed one.
        func latencies() -> (toScreen: [Double], unreported: Int, framesShown: Int) {
            locked {
                let reported = sent.compactMap { id, at in shown[id].map { $0 - at } }
                return (reported, sent.count - reported.count, Set(sent.keys.compactMap { shown[$0] }).count)
            }
        }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.broadcast(); lock.unlock() }
            return body()
        }
    }

    func run() throws -> [String: Any] {
        let server = try BenchServer(size: "1280x800", name: "gl")
        defer { server.stop() }
        guard let context = EAGLContext(api: .openGLES3) else {
            throw BenchFailure(description: "no OpenGL ES 3 context (EGL surfaceless) could be made in the client")
        }
        let outputs = try server.stats()["outputs"] as? [[String: Any]]
        let interval = 1 / (outputs?.first?["refresh_hz"] as? Double ?? 60)

        let connection = try StrataConnection.connect(socketPath: server.socket)
        defer { connection.close() }
        let presents = Presents()
        connection.onTransactionPresented = { id, at in presents.record(id, at) }
        let layer = CAMetalLayer()
        layer.context = context
        layer.frame = CGRect(x: 0, y: 40, width: Self.width, height: Self.height)
        layer.drawableSize = CGSize(width: Self.width, height: Self.height)
        connection.attach(layer)
        CATransaction.flush()
        // The layer on the server first, so every present goes out at once as its own commit.
        try presents.waitShown(connection.lastTransactionID)

        let before = try server.stats()
        let serverCPUBefore = Self.cpuSeconds(of: server.process.processIdentifier)
        let cpuBefore = BenchCommand.processCPUSeconds(), wallBefore = MonotonicClock.now()
        let total = frames
        var drawn = 0
        let link = CADisplayLink { link in
            guard drawn < total else { return }
            EAGLContext.setCurrent(context)
            defer { EAGLContext.setCurrent(nil) }
            guard let drawable = layer.nextDrawable() else { presents.noDrawable(); return }
            Self.draw(frame: drawn, into: drawable.framebuffer)
            let called = MonotonicClock.now()
            drawable.present()
            presents.presented(connection.lastTransactionID, calledAt: called, took: MonotonicClock.now() - called, afterTick: called - link.timestamp)
            drawn += 1
            if drawn == total { link.invalidate(); presents.finish() }
        }
        link.add(to: connection)
        presents.wait(until: Date(timeIntervalSinceNow: Double(frames) * interval * 4 + 10))
        let cpu = BenchCommand.processCPUSeconds() - cpuBefore, wall = MonotonicClock.now() - wallBefore
        let serverCPU = Self.cpuSeconds(of: server.process.processIdentifier) - serverCPUBefore
        DispatchQueue.main.sync { link.invalidate() } // when the run timed out (the handler runs on main)
        let after = try server.stats()

        let presented = presents.count
        guard presented > 0 else { throw BenchFailure(description: "no frame was presented (nextDrawable nil \(presents.nilDrawables) times)") }
        let (toScreen, unreported, shown) = presents.latencies()
        let rendered = (after["frames_rendered"] as? Int ?? 0) - (before["frames_rendered"] as? Int ?? 0)
        let uploaded = (after["texture_upload_bytes"] as? Int ?? 0) - (before["texture_upload_bytes"] as? Int ?? 0)
        let drawable = try server.treeObject("drawable")
        func ms(_ s: [Double]) -> [String: Double] { Percentiles.of(s.map { $0 * 1000 }) }
        return [
            "scenario": "gl", "size": "1280x800", "drawable_size": "\(Self.width)x\(Self.height)", "refresh_interval_ms": interval * 1000,
            "frames_asked": frames, "frames_presented": presented, "frames_shown": shown, "next_drawable_nil": presents.nilDrawables,
            "wall_seconds": wall, "presents_per_second": Double(presented) / wall,
            "client_cpu_ms_per_frame": cpu * 1000 / Double(presented), "present_call_ms": ms(presents.inPresent),
            "present_to_screen_ms": ms(toScreen), "presents_never_reported": unreported,
            // From the vblank the tick announced to present(): the frame's drawing and the tick's delivery.
            "tick_to_present_ms": ms(presents.afterTick),
            // The render thread's phases (the last 1,024 frames) and the whole server process, llvmpipe included.
            "server_cpu_ms_per_frame": after["server_cpu_ms_per_frame"] ?? [:], "server_frames_rendered": rendered,
            "server_process_cpu_ms_per_frame_shown": shown > 0 ? serverCPU * 1000 / Double(shown) : 0,
            "server_frame_ms": after["frame_ms"] ?? [:],
            "transport": drawable["transport"] ?? "unknown", "server_drawable_presents": drawable["presents"] ?? 0,
            "server_drawables": after["drawables"] ?? [:], // the transports it offers, and whether dmabuf import is there
            "copies_per_frame": ["client_readbacks": 1, "server_uploads": 1],
            "readback_bytes_per_frame": Self.width * Self.height * 4,
            // Per frame shown and per present: the server uploads each present it receives, even one a later
            // present in the same frame hides.
            "upload_bytes_per_frame": shown > 0 ? uploaded / shown : 0, "upload_bytes_per_present": uploaded / presented,
        ]
    }

    /// One frame: a background whose colour turns with `frame`, and four rectangles moving across it, each
    /// a scissored clear (no shaders to compile: the cost is the fill, the read-back and the upload).
    static func draw(frame: Int, into framebuffer: GLuint) {
        let t = Float(frame) / 60
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0.5 + 0.5 * sin(t), 0.5 + 0.5 * sin(t + 2.1), 0.5 + 0.5 * sin(t + 4.2), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        for k in 0..<4 {
            let x = (frame * (4 + 3 * k) + k * 300) % (width - 160), y = 60 + k * 150 + Int(40 * sin(t * Float(k + 1)))
            glScissor(GLint(x), GLint(y), 160, 100)
            glClearColor(Float(k) / 3, 1 - Float(k) / 3, 0.5, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// User plus system CPU seconds of process `pid` so far (/proc/PID/stat, fields 14 and 15).
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
