import Foundation
import StrataDisplay
import StrataPNG
import StrataProtocol
import StrataRender
import StrataScene
import StrataServer

/// Renders a scene file at a scene time in-process: the scene's commit and its changes up to that time go
/// through the server's compositor (transaction application, animation evaluation, draw list) and the
/// GLES renderer on a headless EGL display. No daemon, no socket.
public enum SceneRenderer {
    public struct RenderError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// One rendered frame, the work it took, and where each animated layer's animations were evaluated
    /// (by the layer's id in the scene file).
    public struct Frame {
        public let image: RGBAImage
        public let work: RenderCounters
        public let motion: [String: MotionVerdict]
    }

    public static func render(_ scene: Scene, at time: Double, width: Int, height: Int) throws -> RGBAImage {
        guard let frame = try render(scene, at: [time], width: width, height: height).last else {
            throw RenderError(message: "no frame rendered")
        }
        return frame.image
    }

    /// Renders the scene at each of `times` (ascending) with one compositor, as a server shows it frame
    /// after frame: each frame after the first repaints only what changed since the one before.
    /// `rotation`: degrees clockwise the output is turned (the images are then `height` × `width` at 90
    /// and 270).
    /// `gpuAnimationMinimumLayers`: as `Compositor`'s (nil: every animation evaluated on the CPU);
    /// `shapesOnTheGPU`: `Compositor.shapesMoveOnTheGPU` (nil: its default for the renderer);
    /// `movingGroupsFromBitmaps`: `Compositor.movingGroupsFromBitmaps`; `cullsOutsideClips`: `Compositor.cullsOutsideClips`;
    /// `textureLimit`: `Compositor.textureLimit` (nil: the GL's).
    public static func render(_ scene: Scene, at times: [Double], width: Int, height: Int,
                              programCache: ProgramBinaryCache? = nil, rotation: Int = 0,
                              gpuAnimationMinimumLayers: Int? = Compositor.defaultGPUAnimationMinimumLayers,
                              shapesOnTheGPU: Bool? = nil, movingGroupsFromBitmaps: Bool = true, cullsOutsideClips: Bool = true,
                              textureLimit: Int? = nil) throws -> [Frame] {
        guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw RenderError(message: "frame times must ascend") }
        if let host = scene.allLayers.first(where: { $0.contextToken != nil }) {
            throw RenderError(message: "layer \"\(host.id)\": unsupported: hosting a context in offline rendering (another app's context exists only on a running server: use strata play)")
        }
        let display = try HeadlessDisplay(width: width, height: height, rotation: rotation)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display, programCache: programCache)
        compositor.background = scene.background
        compositor.displayScale = scene.scale
        compositor.textLayoutUnitsPerFrame = nil // one frame shows the whole state
        compositor.gpuAnimationMinimumLayers = gpuAnimationMinimumLayers
        if let shapesOnTheGPU { compositor.shapesMoveOnTheGPU = shapesOnTheGPU }
        compositor.movingGroupsFromBitmaps = movingGroupsFromBitmaps
        compositor.cullsOutsideClips = cullsOutsideClips
        if let textureLimit { compositor.textureLimit = textureLimit }
        let events = CompositorEventLog()
        compositor.events = events
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        var changes = scene.changeCommits(sceneStart: 0)[...]
        var frames: [Frame] = []
        let names = Dictionary(scene.allLayers.map { ($0.wireID, $0.id) }, uniquingKeysWith: { a, _ in a })
        for time in times {
            while let change = changes.first, change.time <= time {
                // Evaluate up to the change first: a transition it adds starts from what was on screen then.
                compositor.advance(to: change.time)
                compositor.submit(change.commit, fds: [], from: 1)
                changes.removeFirst()
            }
            try compositor.renderFrame(at: time)
            if let failure = events.commitFailures.last?.reason { throw RenderError(message: "scene could not be applied: \(failure)") }
            let shot = try compositor.snapshot()
            frames.append(Frame(image: RGBAImage(width: shot.width, height: shot.height, pixels: shot.pixels, isPremultiplied: true),
                                work: compositor.lastFrameWork,
                                motion: Dictionary(compositor.motionVerdicts(client: 1).compactMap { id, v in names[id].map { ($0, v) } },
                                                   uniquingKeysWith: { a, _ in a })))
        }
        return frames
    }
}
