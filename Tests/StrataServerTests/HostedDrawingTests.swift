import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer
import Testing

/// A hosted context is drawn exactly as the same tree would be if it were a sublayer of the host layer:
/// under the host's transform, opacity, corner radius and clip, on the CPU and on the GPU motion path,
/// with its animations in its own time.
@Suite(.serialized) struct HostedDrawingTests {
    /// Client 2 exports the panel; client 1's host layer shows it.
    static func hosted(animated: Int, gpuMinimum: Int?, hostOps: [LayerOperation] = [], at times: [Double]) throws -> [[UInt8]] {
        let rig = try HostingRig(gpuMinimum: gpuMinimum)
        rig.add(1, 2)
        let (token, refusal) = rig.export(from: 2)
        #expect(refusal == "")
        rig.commit(HostingOps.panel(top: 100, animated: animated) + [.setContextLayer(token, layer: 100)], from: 2)
        rig.commit(HostingOps.frame(root: 1, holder: 2, kind: .host) + [.hostContext(2, token: token)] + hostOps, from: 1)
        var shots: [[UInt8]] = []
        for t in times {
            try rig.frame(at: t)
            shots.append(try rig.pixels())
        }
        #expect(rig.log.commitFailures.isEmpty)
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .shown)
        // Enough animated layers: the GPU moves each hosted one with a slot of its own.
        if let least = gpuMinimum, animated >= least { #expect(rig.compositor.lastFrameWork.motionSlots == animated) }
        return shots
    }

    /// The same tree built by client 1 itself, as a sublayer of a plain layer with the host's values.
    static func local(animated: Int, gpuMinimum: Int?, at times: [Double]) throws -> [[UInt8]] {
        let rig = try HostingRig(gpuMinimum: gpuMinimum)
        rig.add(1)
        rig.commit(HostingOps.panel(top: 100, animated: animated) + HostingOps.frame(root: 1, holder: 2, kind: .layer)
                   + [.insertSublayer(parent: 2, child: 100, index: 0)], from: 1)
        var shots: [[UInt8]] = []
        for t in times {
            try rig.frame(at: t)
            shots.append(try rig.pixels())
        }
        return shots
    }

    @Test func aHostedTreeDrawsAsTheSameTreeDrawnLocally() throws {
        let hosted = try Self.hosted(animated: 0, gpuMinimum: nil, at: [0])
        let local = try Self.local(animated: 0, gpuMinimum: nil, at: [0])
        #expect(FrameDifference(hosted[0], local[0]) == .none)
        // Not the empty host: the panel's red square shows (through 0.6 opacity) inside the orange host.
        let rig = try HostingRig()
        rig.add(1)
        rig.commit(HostingOps.frame(root: 1, holder: 2, kind: .host), from: 1)
        try rig.frame(at: 0)
        #expect(FrameDifference(try rig.pixels(), hosted[0]).count > 1000)
    }

    @Test(arguments: [Compositor.defaultGPUAnimationMinimumLayers, nil])
    func animatedHostedLayersMatchTheLocalTreeOnEitherPath(_ gpuMinimum: Int?) throws {
        let times = [0.0, 0.5, 1.25]
        let hosted = try Self.hosted(animated: 24, gpuMinimum: gpuMinimum, at: times)
        let local = try Self.local(animated: 24, gpuMinimum: gpuMinimum, at: times)
        for i in times.indices { #expect(FrameDifference(hosted[i], local[i]) == .none, "frame at \(times[i])") }
        #expect(FrameDifference(hosted[0], hosted[1]).count > 100)
    }

    @Test func theHostsTimingNeverReachesTheHostedAnimations() throws {
        // The host layer's speed 0 freezes its own sublayers' time, not another app's.
        let times = [0.0, 1.0]
        let hosted = try Self.hosted(animated: 8, gpuMinimum: nil, hostOps: [.setProperty(2, .speed, .scalar(0))], at: times)
        let local = try Self.local(animated: 8, gpuMinimum: nil, at: times)
        for i in times.indices { #expect(FrameDifference(hosted[i], local[i]) == .none, "frame at \(times[i])") }
    }

    @Test func theHostsGeometryAnimationMovesTheHostedTree() throws {
        var timing = MediaTiming()
        timing.duration = 2
        let slide = LayerOperation.addAnimation(2, key: "slide", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                                kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: 30, y: 0))),
                                                                                timing: timing))
        let shots = try Self.hosted(animated: 0, gpuMinimum: nil, hostOps: [slide], at: [0, 1])
        #expect(FrameDifference(shots[0], shots[1]).count > 1000)
        let still = try Self.hosted(animated: 0, gpuMinimum: nil, at: [1])
        #expect(FrameDifference(shots[0], still[0]) == .none)
    }
}
