import Foundation
import StrataCore
import StrataDisplay
import StrataOffline
import StrataPNG
import StrataProtocol
import StrataScene
import StrataServer
import Testing

/// Renders scenes through the server's compositor and the GLES renderer on EGL surfaceless (llvmpipe).
@Suite struct CompositingTests {
    func render(_ json: String, at time: Double, width: Int = 100, height: Int = 80) throws -> [UInt8] {
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: time, width: width, height: height).pixels
    }

    @Test func nestedTransformsPositionEveryLevel() throws {
        // root at (50,40) 80x60 blue; child translated by transform (+10,0) red 20x20 centred at root (20,20);
        // grandchild green 10x10 at child's (0,0) corner with anchor (0,0), scaled ×0.5 by transform.
        let px = try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"root","bounds":[0,0,80,60],"position":[50,40],"backgroundColor":"#0000FF",
          "sublayers":[{"id":"child","bounds":[0,0,20,20],"position":[20,20],"transform.translation.x":10,"backgroundColor":"#FF0000",
            "sublayers":[{"id":"g","bounds":[0,0,10,10],"anchorPoint":[0,0],"position":[0,0],"transform.scale":0.5,"backgroundColor":"#00FF00"}]}]}]}
        """, at: 0)
        // root spans x 10…90, y 10…70.
        expectPixel(px, width: 100, x: 5, y: 5, [0, 0, 0, 255])
        expectPixel(px, width: 100, x: 12, y: 12, [0, 0, 255, 255])
        expectPixel(px, width: 100, x: 88, y: 68, [0, 0, 255, 255])
        // child centre in root space (30,20) → screen (40,30); spans 30…50 × 20…40.
        expectPixel(px, width: 100, x: 45, y: 35, [255, 0, 0, 255])
        expectPixel(px, width: 100, x: 28, y: 30, [0, 0, 255, 255])
        // grandchild at child's origin, 5x5 after scale: screen 30…35 × 20…25.
        expectPixel(px, width: 100, x: 32, y: 22, [0, 255, 0, 255])
        expectPixel(px, width: 100, x: 37, y: 22, [255, 0, 0, 255])
    }

    @Test func aLoneSublayerInheritsItsSuperlayersOpacity() throws {
        // No group is needed for one piece, but the opacity must still reach it: a layer at 0.5 holding
        // only a red sublayer shows it at half strength, and one more such ancestor halves it again.
        let px = try render("""
        {"strata":1,"background":"#000000","layers":[
          {"id":"p","bounds":[0,0,40,40],"position":[20,20],"opacity":0.5,
           "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[20,20],"backgroundColor":"#FF0000"}]},
          {"id":"q","bounds":[0,0,40,40],"position":[70,20],"opacity":0.5,
           "sublayers":[{"id":"r","bounds":[0,0,40,40],"position":[20,20],"opacity":0.5,
             "sublayers":[{"id":"s","bounds":[0,0,20,20],"position":[20,20],"backgroundColor":"#FFFFFF"}]}]}]}
        """, at: 0)
        expectPixel(px, width: 100, x: 20, y: 20, [128, 0, 0, 255])
        expectPixel(px, width: 100, x: 70, y: 20, [64, 64, 64, 255])
    }

    @Test func groupOpacityCompositesSubtreeOnce() throws {
        // Two overlapping opaque children under a parent with opacity 0.5: the overlap must look like the
        // top child at 50 %, not the two children blended at 50 % each.
        let px = try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,60,40],"position":[50,40],"opacity":0.5,
          "sublayers":[{"id":"a","bounds":[0,0,40,40],"position":[20,20],"backgroundColor":"#FF0000"},
                       {"id":"b","bounds":[0,0,40,40],"position":[40,20],"backgroundColor":"#0000FF"}]}]}
        """, at: 0)
        expectPixel(px, width: 100, x: 25, y: 40, [128, 0, 0, 255]) // only a
        expectPixel(px, width: 100, x: 50, y: 40, [0, 0, 128, 255]) // overlap: b over a, then 50 %
        expectPixel(px, width: 100, x: 75, y: 40, [0, 0, 128, 255]) // only b
    }

    @Test func zPositionOrdersSiblingsBeforeIndex() throws {
        let px = try render("""
        {"strata":1,"layers":[{"id":"p","bounds":[0,0,100,80],"position":[50,40],
          "sublayers":[{"id":"front","bounds":[0,0,40,40],"position":[50,40],"zPosition":1,"backgroundColor":"#00FF00"},
                       {"id":"back","bounds":[0,0,60,60],"position":[50,40],"backgroundColor":"#FF0000"}]}]}
        """, at: 0)
        expectPixel(px, width: 100, x: 50, y: 40, [0, 255, 0, 255])
        expectPixel(px, width: 100, x: 25, y: 40, [255, 0, 0, 255])
    }

    @Test func hiddenAndRemovedLayersAreNotDrawn() throws {
        let px = try render("""
        {"strata":1,"layers":[{"id":"a","bounds":[0,0,20,20],"position":[20,20],"hidden":true,"backgroundColor":"#FF0000"}]}
        """, at: 0)
        expectPixel(px, width: 100, x: 20, y: 20, [0, 0, 0, 255])
    }

    @Test func midAnimationFrameFollowsTheBezierCurve() throws {
        // White layer fading 0 → 1 with easeInEaseOut over 2 s; at t = 0.5 the pixel is 255·progress.
        let px = try render("""
        {"strata":1,"layers":[{"id":"w","bounds":[0,0,100,80],"position":[50,40],"backgroundColor":"#FFFFFF","opacity":1,
          "animations":{"fade":{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":2,"timingFunction":"easeInEaseOut"}}}]}
        """, at: 0.5)
        let progress = TimingFunction.easeInEaseOut.progress(at: 0.25)
        let level = Int((255 * progress).rounded())
        expectPixel(px, width: 100, x: 50, y: 40, [level, level, level, 255], tolerance: max(1, PixelTolerance.current))
    }

    @Test func contentsAreSampledTopRowFirst() throws {
        // 2x2 image: top row red, bottom row blue, stretched over 40x40.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let img = RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255], isPremultiplied: false)
        try PNGCodec.write(img, path: dir.appendingPathComponent("i.png").path)
        let scene = try SceneParser.parse(data: Data("""
        {"strata":1,"layers":[{"id":"c","bounds":[0,0,40,40],"position":[50,40],"contents":"i.png"}]}
        """.utf8), baseDirectory: dir)
        let display = try HeadlessDisplay(width: 100, height: 80)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        try compositor.renderFrame(at: 0)
        let px = try compositor.snapshot().pixels
        expectPixel(px, width: 100, x: 50, y: 22, [255, 0, 0, 255])
        expectPixel(px, width: 100, x: 50, y: 58, [0, 0, 255, 255])
        // Re-rendering the same contents does not upload again.
        try compositor.renderFrame(at: 1)
        #expect(compositor.statsJSON()["texture_uploads"] as? Int == 1)
    }

    @Test func badSceneErrorsNameLayerAndKey() throws {
        #expect(throws: SceneError("layer \"x\": unknown key \"colour\"")) {
            _ = try SceneParser.parse(data: Data(#"{"strata":1,"layers":[{"id":"x","colour":1}]}"#.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        }
        #expect(throws: SceneError("layer \"x\": \"position\" must be [x, y]")) {
            _ = try SceneParser.parse(data: Data(#"{"strata":1,"layers":[{"id":"x","position":[1]}]}"#.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        }
    }
}

@Suite struct StrictSceneJSONTests {
    func parse(_ json: String) throws { _ = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/")) }

    @Test func booleansAndNumbersAreNotInterchangeable() throws {
        #expect(throws: SceneError("scene: \"strata\" must be the format version number (1)")) { try parse(#"{"strata":true,"layers":[]}"#) }
        #expect(throws: SceneError("layer \"a\": \"hidden\" must be true or false")) { try parse(#"{"strata":1,"layers":[{"id":"a","hidden":1}]}"#) }
        #expect(throws: SceneError("layer \"a\": \"opacity\" must be a number")) { try parse(#"{"strata":1,"layers":[{"id":"a","opacity":true}]}"#) }
        try parse(#"{"strata":1,"layers":[{"id":"a","hidden":true,"opacity":0.5}]}"#)
    }
}

/// `sublayerTransform`: applied to the sublayers about the layer's anchor point, before flattening.
@Suite struct SublayerTransformTests {
    func render(_ json: String) throws -> [UInt8] {
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: 0, width: 100, height: 80).pixels
    }

    @Test func scalesSublayersAboutTheAnchorPoint() throws {
        // A 60×40 parent at (50,40) (x 20…80, y 20…60) scales its sublayers ×0.5 about its centre (30,20).
        // A 20×20 child at parent (10,10)…(30,30) lands at parent (20,15)…(30,25), screen (40,35)…(50,45).
        let px = try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,60,40],"position":[50,40],
          "sublayerTransform.scale":0.5,
          "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[20,20],"backgroundColor":"#FF0000"}]}]}
        """)
        expectPixel(px, width: 100, x: 41, y: 36, [255, 0, 0, 255])
        expectPixel(px, width: 100, x: 49, y: 44, [255, 0, 0, 255])
        expectPixel(px, width: 100, x: 38, y: 33, [0, 0, 0, 255])   // inside the unscaled child, outside the scaled one
        expectPixel(px, width: 100, x: 51, y: 46, [0, 0, 0, 255])
    }

    @Test func perspectiveMakesNearerSublayersLarger() throws {
        // m34 = −1/100 on the parent; a child 10 points nearer (zPosition 10, via its transform) grows by
        // 100/(100−10); the same child at z 0 keeps its size.
        let near = try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,100,80],"position":[50,40],
          "sublayerTransform":[1,0,0,0, 0,1,0,0, 0,0,1,-0.01, 0,0,0,1],
          "sublayers":[{"id":"c","bounds":[0,0,36,36],"position":[50,40],"transform.translation.z":10,"backgroundColor":"#00FF00"}]}]}
        """)
        // 18 × 100/90 = 20: the child spans 30…70 × 20…60 instead of 32…68 × 22…58.
        expectPixel(near, width: 100, x: 31, y: 40, [0, 255, 0, 255])
        expectPixel(near, width: 100, x: 29, y: 40, [0, 0, 0, 255])
        let flat = try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,100,80],"position":[50,40],
          "sublayerTransform":[1,0,0,0, 0,1,0,0, 0,0,1,-0.01, 0,0,0,1],
          "sublayers":[{"id":"c","bounds":[0,0,36,36],"position":[50,40],"backgroundColor":"#00FF00"}]}]}
        """)
        expectPixel(flat, width: 100, x: 31, y: 40, [0, 0, 0, 255])
        expectPixel(flat, width: 100, x: 33, y: 40, [0, 255, 0, 255])
    }
}
