import ArgumentParser
import Foundation
import StrataDisplay
import StrataPNG
import StrataScene
import StrataServer

/// `strata render SCENE.json --time T --out FILE.png [--size WxH]`: in-process, headless, no daemon.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a scene at a scene time to a PNG.")

    @Argument(help: "Scene file (JSON, docs/scene-format.md).") var scene: String
    @Option(help: "Scene time in seconds.") var time: Double = 0
    @Option(help: "Output PNG path.") var out: String
    @Option(help: "Frame size WIDTHxHEIGHT (default: the scene's size, else 640x480).") var size: String?

    func run() throws {
        let s = try SceneParser.load(path: scene)
        var dims = s.size ?? (640, 480)
        if let size {
            guard let d = SizeArgument.parse(size) else { throw ValidationError("--size must be WIDTHxHEIGHT") }
            dims = d
        }
        let image = try SceneRenderer.render(s, at: time, width: dims.width, height: dims.height)
        try PNGCodec.write(image, path: out)
    }
}

/// Renders a scene through the server's compositor and renderer on a headless display.
enum SceneRenderer {
    static func render(_ scene: Scene, at time: Double, width: Int, height: Int) throws -> RGBAImage {
        let display = try HeadlessDisplay(width: width, height: height)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.background = scene.background
        var failure: String?
        compositor.commitFailure = { _, reason in failure = reason }
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        try compositor.renderFrame(at: time)
        if let failure { throw ValidationError("scene could not be applied: \(failure)") }
        let shot = try compositor.snapshot()
        return RGBAImage(width: shot.width, height: shot.height, pixels: shot.pixels, isPremultiplied: true)
    }
}
