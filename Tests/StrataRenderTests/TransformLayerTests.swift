import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Issue 4's seed example: a cube of six 40×40 faces, turned (x −0.5, y 0.6) under a container with a
/// perspective sublayerTransform (m34 = −1/300), once in a CATransformLayer (faces share its 3D space,
/// depth-sorted) and once in a plain layer (faces flattened into its plane, in index order).
@Suite struct TransformLayerTests {
    static func faces(prefix: String) -> String {
        let h = 20.0, pi = Double.pi
        let spec: [(String, String)] = [
            ("#FF0000", "\"transform.translation.z\":\(h)"),
            ("#00CC00", "\"transform.rotation.y\":\(pi / 2),\"transform.translation.x\":\(h)"),
            ("#0000FF", "\"transform.rotation.x\":\(-pi / 2),\"transform.translation.y\":\(-h)"),
            ("#FFFF00", "\"transform.rotation.x\":\(pi / 2),\"transform.translation.y\":\(h)"),
            ("#FF00FF", "\"transform.rotation.y\":\(-pi / 2),\"transform.translation.x\":\(-h)"),
            ("#00FFFF", "\"transform.rotation.y\":\(pi),\"transform.translation.z\":\(-h)"),
        ]
        return spec.enumerated().map { i, f in
            "{\"id\":\"\(prefix)\(i)\",\"bounds\":[0,0,40,40],\"position\":[0,0],\"backgroundColor\":\"\(f.0)\",\(f.1)}"
        }.joined(separator: ",")
    }

    static var scene: String {
        let persp = "[1,0,0,0, 0,1,0,0, 0,0,1,\(-1.0 / 300), 0,0,0,1]"
        return """
        {"strata":1,"size":[160,80],"background":"#FFFFFF","layers":[
          {"id":"container","bounds":[0,0,80,80],"position":[40,40],"sublayerTransform":\(persp),"sublayers":[
            {"id":"cube","bounds":[0,0,0,0],"position":[40,40],"transformLayer":true,"transform.rotation.x":-0.5,"transform.rotation.y":0.6,
             "sublayers":[\(faces(prefix: "f"))]}]},
          {"id":"flat","bounds":[0,0,80,80],"position":[120,40],"sublayerTransform":\(persp),"sublayers":[
            {"id":"cube2","bounds":[0,0,0,0],"position":[40,40],"transform.rotation.x":-0.5,"transform.rotation.y":0.6,
             "sublayers":[\(faces(prefix: "g"))]}]}]}
        """
    }

    func render() throws -> RGBAImage {
        let scene = try SceneParser.parse(data: Data(Self.scene.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: 0, width: 160, height: 80)
    }

    func at(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(img.pixels[(y * 160 + x) * 4 ..< (y * 160 + x) * 4 + 4]) }

    @Test func aTransformLayerDrawsItsFacesNearestLast() throws {
        let img = try render()
        #expect(at(img, 40, 40) == [255, 0, 0, 255])     // the front face, nearest, over the back one
        #expect(at(img, 50, 60) == [255, 0, 0, 255])
        #expect(at(img, 45, 20) == [0, 0, 255, 255])     // the top face, tilted towards the viewer
        #expect(at(img, 25, 30) == [255, 0, 255, 255])   // the left face, turned towards the viewer
        // The back face (cyan) is hidden everywhere: it is drawn first.
        #expect(!(0..<80).contains { x in (0..<80).contains { y in at(img, x, y) == [0, 255, 255, 255] } })
    }

    @Test func aPlainLayerFlattensItsFacesInIndexOrder() throws {
        let img = try render()
        #expect(at(img, 120, 40) == [0, 255, 255, 255])  // the last face added (the back one) lies on top
    }

    @Test func matchesTheGoldenImage() throws {
        let img = try render()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/cube/cube.png")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" { try PNGCodec.write(img, path: url.path); return }
        let golden = try PNGCodec.read(path: url.path)
        let tolerance = PixelTolerance.current
        let differing = zip(golden.pixels, img.pixels).filter { abs(Int($0) - Int($1)) > tolerance }.count
        #expect(golden.width == img.width && differing == 0, "\(differing) channel values differ")
    }
}
