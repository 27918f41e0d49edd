import Foundation
import Strata
import StrataPNG
import StrataProtocol

/// Snapshots through an inspector connection of the test's own (the test runs as the server's user, so
/// it may read every client's pixels), independent of the app's connection.
extension StrataTestServer {
    /// The most recent frame composited for `output` ("" the primary one): premultiplied RGBA8, in pixels.
    public func snapshot(output: String = "") throws -> RGBAImage {
        let client = try InspectorClient(socketPath: socketPath)
        let (reply, fds) = try client.request { .snapshotRequest(requestID: $0, output: output) }
        switch reply {
        case let .snapshot(_, w, h):
            guard let fd = fds.first else { throw StrataTestingError("the server's snapshot came without pixels") }
            let buffer = try SharedPixelBuffer(mapping: fd, byteCount: Int(w) * Int(h) * 4)
            return RGBAImage(width: Int(w), height: Int(h), pixels: buffer.bytes(), isPremultiplied: true)
        case let .snapshotUnavailable(_, reason):
            throw StrataTestingError("snapshot unavailable: \(reason)")
        default:
            throw StrataTestingError("unexpected reply to a snapshot request: \(reply)")
        }
    }

    /// The screen's pixels within `layer`'s bounds (its bounding box in the root space, at the output's
    /// scale, clipped to the screen). The server composites whole outputs only, so this is a crop of the
    /// screen: whatever shows there is included (layers above and below, other apps), and a layer's
    /// shadow or sublayers outside its bounds are not. Uses the layer's model geometry (what was set, not
    /// an animation's current value) on the primary output.
    public func snapshot(of layer: CALayer) throws -> RGBAImage {
        let frame = layer.convert(layer.bounds, to: nil)
        guard !frame.isNull, frame.width.isFinite, frame.height.isFinite else {
            throw StrataTestingError("the layer's bounds do not map onto the screen (edge-on or behind the viewer)")
        }
        let s = CGFloat(configuration.scale)
        return try snapshot().cropped(to: CGRect(x: frame.minX * s, y: frame.minY * s, width: frame.width * s, height: frame.height * s))
    }

    /// Polls snapshots until one satisfies `accept`, and returns it; throws, naming `what`, after `timeout`.
    /// What an app commits is applied at the start of a coming frame, so a change is waited for, not slept on.
    public func waitForSnapshot(_ what: @autoclosure () -> String = "the expected screen", output: String = "", timeout: TimeInterval = 10,
                                until accept: (RGBAImage) throws -> Bool) throws -> RGBAImage {
        var latest: RGBAImage?
        try waitUntil(what(), timeout: timeout) {
            let shot = try snapshot(output: output)
            latest = shot
            return try accept(shot)
        }
        guard let latest else { throw StrataTestingError("no snapshot was taken while waiting for \(what())") }
        return latest
    }
}

extension RGBAImage {
    /// The pixels within `rect` (pixel coordinates, rounded outward, clipped to the image).
    public func cropped(to rect: CGRect) throws -> RGBAImage {
        // Clamped while still floating point: Int() of an out-of-range value traps.
        func clamp(_ v: CGFloat, _ limit: Int) -> Int { Int(min(CGFloat(limit), max(0, v))) }
        let x0 = clamp(rect.minX.rounded(.down), width), y0 = clamp(rect.minY.rounded(.down), height)
        let x1 = clamp(rect.maxX.rounded(.up), width), y1 = clamp(rect.maxY.rounded(.up), height)
        guard x1 > x0, y1 > y0 else { throw StrataTestingError("\(rect) lies outside the \(width)×\(height) screen") }
        var out: [UInt8] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 { out += pixels[(y * width + x0) * 4 ..< (y * width + x1) * 4] }
        return RGBAImage(width: x1 - x0, height: y1 - y0, pixels: out, isPremultiplied: isPremultiplied)
    }
}
