import Foundation
import Strata
import StrataAVFoundation
import StrataGLES
import Testing

// GL content as iOS apps write it: a GLKit-era view's CAEAGLLayer set-up, and a Metal-era render loop over
// CAMetalLayer (MTLDevice → EAGLContext, an MTLTexture render pass → the drawable's GL framebuffer: the
// renames Linux forces). That they compile is the probe.

/// An OpenGL view's layer set-up, as pre-Metal iOS apps write it in `init(frame:)`.
final class GLViewProbe {
    let eaglLayer = CAEAGLLayer()
    var context: EAGLContext?

    func setUp() {
        eaglLayer.isOpaque = true
        eaglLayer.contentsScale = 2
        eaglLayer.drawableProperties = [
            kEAGLDrawablePropertyRetainedBacking: NSNumber(value: false),
            kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8,
        ]
        context = EAGLContext(api: .openGLES3) ?? EAGLContext(api: .openGLES2)
        if context == nil || !EAGLContext.setCurrent(context) { return }
        var colorRenderbuffer: GLuint = 0
        glGenRenderbuffers(1, &colorRenderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        context?.renderbufferStorage(Int(GL_RENDERBUFFER), from: eaglLayer)
    }
}

/// A Metal-style render loop.
final class DrawableLoopProbe {
    let metalLayer = CAMetalLayer()

    func configure(context: EAGLContext, bounds: CGRect, scale: CGFloat) {
        metalLayer.context = context
        metalLayer.pixelFormat = .bgra8Unorm
        metalLayer.framebufferOnly = true
        metalLayer.maximumDrawableCount = 3
        metalLayer.frame = bounds
        metalLayer.drawableSize = CGSize(width: bounds.width * scale, height: bounds.height * scale)
    }

    func render() {
        guard let drawable = metalLayer.nextDrawable() else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        drawable.present()
    }
}

@Test func drawableLayersStartWithCoreAnimationsDefaults() {
    let layer = CAMetalLayer()
    #expect(layer.maximumDrawableCount == 3)
    #expect(layer.pixelFormat == .bgra8Unorm)
    #expect(layer.allowsNextDrawableTimeout)
    #expect(!layer.presentsWithTransaction)
    #expect(!CAEAGLLayer().presentsWithTransaction)
    // Refused values leave the property as it was.
    layer.maximumDrawableCount = 5
    #expect(layer.maximumDrawableCount == 3)
    #expect(EAGLContext(api: .openGLES1) == nil)
}

// A movie player screen as iOS apps write it with AVFoundation (import AVFoundation → StrataAVFoundation).
final class MoviePlayerProbe {
    var player: AVPlayer?
    var playerLayer: AVPlayerLayer?
    var observer: Any?

    func load(into containerLayer: CALayer, url: URL) {
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        player.actionAtItemEnd = .none
        player.isMuted = true
        let layer = AVPlayerLayer(player: player)
        layer.frame = containerLayer.bounds
        layer.videoGravity = .resizeAspectFill
        containerLayer.addSublayer(layer)
        _ = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: item, queue: nil) { _ in
            player.seek(to: .zero)
            player.play()
        }
        observer = player.addPeriodicTimeObserver(forInterval: CMTime(seconds: 0.5, preferredTimescale: 600), queue: .main) { time in
            _ = CMTimeGetSeconds(time)
        }
        player.play()
        self.player = player
        playerLayer = layer
    }
}
