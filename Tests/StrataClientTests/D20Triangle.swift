import Foundation
import Strata
import StrataGLES

/// Seed 004's demo D20 (Listing 6.14), ported as an iOS app would be: `import QuartzCore`, `OpenGLES` and
/// `GLKit` become `import Strata` and `StrataGLES`, and the view controller's `glView` (a UIView) is a
/// layer. Everything else is the listing's code and order, the clear colour set after the clear included
/// (so the first frame clears to GL's default, transparent black).
final class D20TriangleController {
    var glView: CALayer
    var glContext: EAGLContext!
    var glLayer: CAEAGLLayer!
    var framebuffer: GLuint = 0
    var colorRenderbuffer: GLuint = 0
    var framebufferWidth: GLint = 0
    var framebufferHeight: GLint = 0
    var effect: GLKBaseEffect!

    init(glView: CALayer) { self.glView = glView }

    func setUpBuffers() {
        // set up frame buffer
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        // set up color render buffer
        glGenRenderbuffers(1, &colorRenderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glContext.renderbufferStorage(Int(GL_RENDERBUFFER), from: glLayer)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &framebufferWidth)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &framebufferHeight)
        // check success
        if glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            print("Failed to make complete framebuffer object: \(glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)))")
        }
    }

    func tearDownBuffers() {
        if framebuffer != 0 {
            // delete framebuffer
            glDeleteFramebuffers(1, &framebuffer)
            framebuffer = 0
        }
        if colorRenderbuffer != 0 {
            // delete color render buffer
            glDeleteRenderbuffers(1, &colorRenderbuffer)
            colorRenderbuffer = 0
        }
    }

    func drawFrame() {
        // bind framebuffer & set viewport
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, framebufferWidth, framebufferHeight)
        // bind shader program
        effect.prepareToDraw()
        // clear the screen
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glClearColor(0.0, 0.0, 0.0, 1.0)
        // set up vertices
        let vertices: [GLfloat] = [-0.5, -0.5, -1.0, 0.0, 0.5, -1.0, 0.5, -0.5, -1.0]
        // set up colors
        let colors: [GLfloat] = [0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
        // draw triangle
        glEnableVertexAttribArray(GLuint(GLKVertexAttrib.position.rawValue))
        glEnableVertexAttribArray(GLuint(GLKVertexAttrib.color.rawValue))
        vertices.withUnsafeBytes { v in
            colors.withUnsafeBytes { c in
                glVertexAttribPointer(GLuint(GLKVertexAttrib.position.rawValue), 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, v.baseAddress)
                glVertexAttribPointer(GLuint(GLKVertexAttrib.color.rawValue), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, c.baseAddress)
                glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
        }
        // present render buffer
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glContext.presentRenderbuffer(Int(GL_RENDERBUFFER))
    }

    func viewDidLoad() {
        // set up context
        glContext = EAGLContext(api: .openGLES2)
        EAGLContext.setCurrent(glContext)
        // set up layer
        glLayer = CAEAGLLayer()
        glLayer.frame = glView.bounds
        glView.addSublayer(glLayer)
        glLayer.drawableProperties = [kEAGLDrawablePropertyRetainedBacking: false, kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8]
        // set up base effect
        effect = GLKBaseEffect()
        // set up buffers
        setUpBuffers()
        // draw frame
        drawFrame()
    }

    func viewDidUnload() {
        tearDownBuffers()
    }

    deinit {
        tearDownBuffers()
        EAGLContext.setCurrent(nil)
    }
}
