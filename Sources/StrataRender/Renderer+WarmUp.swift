import CStrataGL
import Foundation
import StrataCore
import StrataText

extension Renderer {
    /// Draws one of each kind of command once, into a small target of its own, so that the work a first
    /// frame would otherwise do once happens before any client waits for it: llvmpipe compiles a fragment
    /// shader variant at the first draw with each program and state (about 80 ms for the kinds a kiosk
    /// screen uses; the target is RGBA8, as group targets and the headless framebuffer are), and FreeType
    /// opens `face` for its glyphs.
    @discardableResult
    public func warmUp(face: FontFace?) throws -> RenderCounters {
        try warmUp(Self.warmUpCommands(face: face))
    }

    /// Draws `commands` (a step of the warm-up: `warmUpSteps`) and waits for GL to finish them.
    @discardableResult
    public func warmUp(_ commands: [DrawCommand]) throws -> RenderCounters {
        let side = 16
        let target = try ColorStencilTarget(width: side, height: side, filter: GL_NEAREST, what: "warm-up")
        var list = DrawList()
        list.commands = commands
        // Steps run between frames once clients are drawn: not a frame of theirs, so their kept bitmaps
        // and composites stay (a step counted as a frame freed every one, and the next frame made them again:
        // a client's 65,536-glyph bitmap cost 60–90 ms each time).
        drawsAside = true
        defer { drawsAside = false }
        let uploads = textures.counters
        let counters = try render(list, framebuffer: target.framebuffer, width: side, height: side)
        glFinish()
        // The warm-up's images are no client's: their textures go at once, uncounted (a client measuring
        // its uploads by `texture_upload_bytes` must not see them, whenever the idle loop ran a step).
        for case let .image(_, _, image, _, _, _, _, _) in commands { releaseTexture(imageID: image.id) }
        textures.restore(counters: uploads)
        return counters
    }

    /// The warm-up in steps of one program or group kind each (each compiles a variant or two, about
    /// 5–20 ms on llvmpipe), so that a client whose commit arrives meanwhile waits for one step at most.
    public static func warmUpSteps(face: FontFace?) -> [[DrawCommand]] {
        var steps: [[DrawCommand]] = []
        var depth = 0
        for command in warmUpCommands(face: face) {
            if depth == 0 { steps.append([]) }
            steps[steps.count - 1].append(command)
            depth += command.nesting
        }
        return steps
    }

    /// Every program and the states frames draw them with, over pixel (0, 0): rounded fills and borders,
    /// groups (opacity, shadow, rounded clip, mask), a gradient, a shape's fill and stroke, a shadow path,
    /// a transition's warped composite, images and glyphs.
    static func warmUpCommands(face: FontFace?) -> [DrawCommand] {
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let rect = CGRect(x: 0, y: 0, width: 12, height: 12)
        let fill = DrawCommand.fill(matrix: .identity, rect: rect, color: grey, alpha: 1)
        var path = Path()
        path.addEllipse(in: rect)
        let stroke = ShapeDraw.Stroke(geometry: StrokeGeometry(lineWidth: 2), dashPattern: nil, dashPhase: 0, start: 0, end: 1, color: grey)
        var commands: [DrawCommand] = [
            fill,
            .shape(matrix: .identity, rect: rect, radius: 3, corners: 15, border: 1, color: grey, alpha: 0.5),
            .beginGroup, fill, .endGroup(alpha: 0.5),
            .beginGroup, fill, .endShadowGroup(color: .black, alpha: 0.5, sigma: 2),
            .beginGroup, fill, .endClipGroup(matrix: .identity, rect: rect, radius: 3, corners: 15, alpha: 1),
            .beginGroup, fill, .beginGroup, fill, .endMaskedGroups(alpha: 1),
            .content(GradientDraw(matrix: .identity, rect: rect, radius: 0, corners: 15, edges: 15, colors: [grey, .white],
                                  locations: [0, 1], start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1), type: .axial, alpha: 1)),
            .content(ShapeDraw(matrix: .identity, path: path, fill: ShapeDraw.Fill(rule: .nonZero, color: grey), stroke: stroke, alpha: 1)),
            .beginGroup, .path(matrix: .identity, path: path, color: .white, alpha: 1), .endShadowGroup(color: .black, alpha: 0.5, sigma: 2),
        ]
        // A transition's warped composite (the private effects share one program).
        if let warp = TransitionWarp(Transition(kind: .rippleEffect), progress: 0.5, bounds: rect) {
            commands += [.beginGroup, fill, .beginGroup, fill, .endTransitionGroups(warp: warp, matrix: .identity, alpha: 1)]
        }
        // Images, as clients' contents are drawn: sampled linearly (the default), nearest and trilinearly
        // (mipmaps made first), stored RGBA and BGRA (a swizzled texture is a shader variant of its own).
        // Sized as most images are, not a power of two (llvmpipe compiles those apart too). Without them a
        // client's first image compiled its variants in its frame (and touched 2.5 MiB of LLVM's code then).
        let pixels = WarmUpPixels(count: 5 * 3 * 4)
        let images: [(sampling: Sampling, swapped: Bool)] = [(Sampling(), false), (Sampling(minFilter: .nearest, magFilter: .nearest), false),
                                                             (Sampling(minFilter: .trilinear), false), (Sampling(), true)]
        for (i, (sampling, swapped)) in images.enumerated() {
            let image = TextureImage(id: WarmUpPixels.firstImageID - UInt64(i), width: 5, height: 3, pixels: pixels.bytes, owner: pixels,
                                     redBlueSwapped: swapped)
            commands.append(.image(matrix: .identity, rect: rect, image: image, uv: CGRect(x: 0, y: 0, width: 1, height: 1), alpha: 1,
                                   sampling: sampling))
        }
        if let face {
            // A few glyphs of the default face, at a size labels use, pixel for pixel and moving.
            let run = TextDraw.Run(face: face, size: 16, color: grey, glyphs: [1, 2, 3],
                                   positions: [CGPoint(x: 0, y: 10), CGPoint(x: 4, y: 10), CGPoint(x: 8, y: 10)])
            commands.append(.content(TextDraw(matrix: .identity, runs: [run], contentsScale: 1)))
            var moving = TextDraw(matrix: .translation(0.3, 0, 0), runs: [run], contentsScale: 1)
            moving.snaps = false
            commands.append(.content(moving))
        }
        return commands
    }
}

/// The grey pixels of the warm-up's images, freed with the last image that shows them.
private final class WarmUpPixels {
    /// Image ids count down from here: other images' count up from 1, so none is ever the same.
    static let firstImageID = UInt64.max
    let bytes: UnsafeMutableRawPointer

    init(count: Int) {
        bytes = .allocate(byteCount: count, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 128, count: count)
    }

    deinit { bytes.deallocate() }
}
