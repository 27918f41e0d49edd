import Foundation
import StrataDisplay
import StrataPNG
import StrataProtocol
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

    public static func render(_ scene: Scene, at time: Double, width: Int, height: Int) throws -> RGBAImage {
        let display = try HeadlessDisplay(width: width, height: height)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.background = scene.background
        var failure: String?
        compositor.commitFailure = { _, reason in failure = reason }
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        for change in scene.changeCommits(sceneStart: 0, until: time) {
            // Evaluate up to the change first: a transition it adds starts from what was on screen then.
            compositor.advance(to: change.time)
            compositor.submit(change.commit, fds: [], from: 1)
        }
        try compositor.renderFrame(at: time)
        if let failure { throw RenderError(message: "scene could not be applied: \(failure)") }
        let shot = try compositor.snapshot()
        return RGBAImage(width: shot.width, height: shot.height, pixels: shot.pixels, isPremultiplied: true)
    }
}
