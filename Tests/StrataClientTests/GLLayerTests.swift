import Foundation
@testable import Strata
import StrataCore
import StrataGLES
import StrataPNG
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Issue 32: an app's own OpenGL ES in a layer, over a real server (docs/drawables.md).
@Suite struct GLLayerTests {
    /// A white container filling the 160×120 screen, attached: D20's `glView`.
    static func container(_ connection: StrataConnection) -> CALayer {
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        view.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        connection.attach(view)
        return view
    }

    /// D20 ported: the first frame clears to transparent black (the clear colour is set after the clear), so
    /// the white view shows around the triangle; the second clears to opaque black. The triangle's vertices
    /// keep their colours where the listing puts them (blue bottom left, green top, red bottom right: GL's
    /// rows, bottom first, land the right way up).
    @Test func d20DrawsItsTriangleWithTheFirstFrameQuirk() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let view = Self.container(connection)
        let controller = D20TriangleController(glView: view)
        controller.viewDidLoad()
        CATransaction.flush()
        #expect(controller.framebufferWidth == 160 && controller.framebufferHeight == 120)

        var shot = try server.snapshot()
        #expect(eventually { shot = (try? server.snapshot()) ?? shot; return pixel(shot.pixels, width: shot.width, 2, 2) == [255, 255, 255, 255] })
        let first = shot
        #expect(pixel(first.pixels, width: 160, 80, 110) == [255, 255, 255, 255])
        Self.expectTriangle(first)
        try GLGolden.expectMatches(first, "d20-first.png")

        controller.drawFrame()
        #expect(eventually { shot = (try? server.snapshot()) ?? shot; return pixel(shot.pixels, width: shot.width, 2, 2) == [0, 0, 0, 255] })
        Self.expectTriangle(shot)
        try GLGolden.expectMatches(shot, "d20-second.png")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        // The server reports the drawable and how it travels.
        let (status, tree) = try ServerProcess.cli(["tree", "--socket", server.socketPath])
        #expect(status == 0)
        #expect(tree.contains("\"transport\":\"shared-memory\""), "\(tree)")
        controller.viewDidUnload()
    }

    /// Near each vertex its own colour dominates: blue at the bottom left (40, 90), green at the top (80, 30),
    /// red at the bottom right (120, 90) of the 160×120 screen.
    static func expectTriangle(_ shot: (width: Int, pixels: [UInt8]), sourceLocation: SourceLocation = #_sourceLocation) {
        func dominant(_ x: Int, _ y: Int) -> Int? {
            let p = pixel(shot.pixels, width: shot.width, x, y).channels
            let rgb = Array(p.prefix(3))
            guard let m = rgb.max(), rgb.filter({ $0 == m }).count == 1 else { return nil }
            return rgb.firstIndex(of: m)
        }
        #expect(dominant(44, 88) == 2, "bottom left should be blue", sourceLocation: sourceLocation)
        #expect(dominant(80, 34) == 1, "top should be green", sourceLocation: sourceLocation)
        #expect(dominant(116, 88) == 0, "bottom right should be red", sourceLocation: sourceLocation)
    }
}
}

/// Golden snapshots of GL layers, in Tests/StrataClientTests/Golden/gl, compared with the snapshot
/// tolerance (exact on the pinned llvmpipe; STRATA_PIXEL_TOLERANCE elsewhere). `STRATA_UPDATE_GOLDEN=1`
/// rewrites them.
enum GLGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/gl")

    static func expectMatches(_ shot: (width: Int, pixels: [UInt8]), _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let height = shot.width > 0 ? shot.pixels.count / (shot.width * 4) : 0
        let rendered = RGBAImage(width: shot.width, height: height, pixels: shot.pixels, isPremultiplied: true).unpremultiplied()
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try PNGCodec.write(rendered, path: url.path)
            return
        }
        let golden = try PNGCodec.read(path: url.path)
        let tolerance = Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0
        var differing = 0, worst = 0
        for (a, b) in zip(golden.pixels, rendered.pixels) where abs(Int(a) - Int(b)) > tolerance {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        #expect(golden.width == rendered.width && golden.height == rendered.height && differing == 0,
                "\(name): \(differing) channel values differ (worst by \(worst))", sourceLocation: sourceLocation)
    }
}
