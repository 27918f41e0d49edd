import ArgumentParser
import Foundation
import StrataPNG
import StrataScene
import StrataCore
import StrataOffline

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
