import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataRender
import StrataScene
import StrataServer
import Testing

/// `strata tree` shows where each animated layer's animations were evaluated and why not on the GPU;
/// `strata stats` counts the layers on each path, by reason.
@Suite struct MotionVerdictInspectionTests {
    static let scene = ##"""
        {"strata":1,"background":"#000000","layers":[
          {"id":"g","bounds":[0,0,10,10],"position":[10,10],"backgroundColor":"#FF0000",
           "animations":{"m":{"type":"basic","keyPath":"position.x","byValue":20,"duration":2}}},
          {"id":"c","bounds":[0,0,10,10],"position":[10,30],"backgroundColor":"#00FF00",
           "animations":{"m":{"type":"basic","keyPath":"contentsCenter","toValue":[0,0,0.5,0.5],"duration":2}}},
          {"id":"s","bounds":[0,0,10,10],"position":[40,30],"backgroundColor":"#0000FF"}]}
        """##

    func compositor(gpuAnimationMinimumLayers: Int?) throws -> (Compositor, HeadlessDisplay) {
        let scene = try SceneParser.parse(data: Data(Self.scene.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let display = try HeadlessDisplay(width: 64, height: 48)
        let compositor = try Compositor(display: display)
        compositor.gpuAnimationMinimumLayers = gpuAnimationMinimumLayers
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        try compositor.renderFrame(at: 0.5)
        return (compositor, display)
    }

    /// The `motion` members of the tree's layers, in the order the tree lists them.
    static func motions(_ tree: String) -> [String] {
        guard let data = tree.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let clients = object["clients"] as? [[String: Any]] else { return [] }
        return clients.flatMap { ($0["roots"] as? [[String: Any]] ?? []).map { $0["motion"] as? String ?? "-" } }
    }

    @Test func theTreeShowsEachAnimatedLayersPathAndReason() throws {
        let (compositor, display) = try compositor(gpuAnimationMinimumLayers: 1)
        defer { display.releaseCurrent() }
        #expect(Self.motions(compositor.treeJSON()) == ["gpu", "cpu: an animated property motion slots do not animate", "-"])
    }

    @Test func statsCountTheLayersOnEachPathByReason() throws {
        let (compositor, display) = try compositor(gpuAnimationMinimumLayers: 1)
        defer { display.releaseCurrent() }
        let counts = compositor.statsJSON()["animated_layers"] as? [String: Any]
        #expect(counts?["gpu"] as? Int == 1)
        #expect(counts?["cpu"] as? Int == 1)
        #expect(counts?["cpu_reasons"] as? [String: Int] == ["property_off_slots": 1])
        // A client's own view counts its layers only.
        #expect((compositor.statsJSON(client: 2)["animated_layers"] as? [String: Any])?["cpu"] as? Int == 0)
    }

    @Test func belowTheThresholdEveryAnimatedLayerSaysSo() throws {
        // Two animated layers under the default threshold (16): the one the GPU could take says why it
        // does not; the other keeps its own reason, which holds in any frame.
        do {
            let (compositor, display) = try compositor(gpuAnimationMinimumLayers: 16)
            defer { display.releaseCurrent() }
            #expect(Self.motions(compositor.treeJSON()) == [
                "cpu: fewer animated layers than the GPU path's threshold", "cpu: an animated property motion slots do not animate", "-",
            ])
        }
        let (off, display) = try compositor(gpuAnimationMinimumLayers: nil)
        defer { display.releaseCurrent() }
        #expect((off.statsJSON()["animated_layers"] as? [String: Any])?["cpu_reasons"] as? [String: Int] == ["path_off": 2])
    }
}
