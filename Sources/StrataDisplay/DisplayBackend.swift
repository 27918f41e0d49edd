import CStrataGL
import Foundation

/// What the server needs from one output: a GL context it can make current on its render thread, a
/// framebuffer to draw each frame into, presentation, and the vblank cadence that paces frames.
/// Headless renders offscreen; each lit KMS output (GBM + DRM page flips) is one too.
public protocol DisplayBackend: AnyObject {
    /// The output's name: "headless", or the connector's ("HDMI-A-1").
    var name: String { get }
    /// The layer space's size in pixels (the output's size as its layers see it).
    var width: Int { get }
    var height: Int { get }
    /// Degrees clockwise (0, 90, 180, 270) the renderer turns the layer space onto the framebuffer: an
    /// output mounted rotated. At 90 and 270 the framebuffer is `height` × `width`.
    var rotation: Int { get }
    /// Degrees clockwise the picture is turned on the output as mounted, whoever turns it (the renderer,
    /// or the display plane, leaving `rotation` 0): what turns a touch panel's positions into layer space.
    var mountRotation: Int { get }
    /// Nominal refresh interval in seconds.
    var refreshInterval: Double { get }
    /// Makes the backend's GL context current on the calling thread.
    func makeCurrent() throws
    /// The framebuffer the next frame is drawn into.
    var framebuffer: GLuint { get }
    /// How many frames ago `framebuffer`'s current contents were drawn (EGL_EXT_buffer_age's meaning):
    /// 1 when it holds the previous frame, 0 when its contents are undefined (repaint everything).
    var bufferAge: Int { get }
    /// Hands the frame drawn for the vblank at `targetTime` to the display (headless: waits for GL to
    /// finish it and it shows at `targetTime`; KMS: queues a page flip).
    func present(targetTime: Double) throws -> PresentOutcome
    /// Whether a frame may be drawn now.
    var state: DisplayState { get }
    /// Gives up on the queued flip's event (it never came): its buffer is released and the output may
    /// present again. Headless queues no flips.
    func abandonFlip()
    /// The next vblank strictly after `time` (monotonic seconds).
    func nextVBlank(after time: Double) -> Double
    /// Reads back the most recently presented frame as the framebuffer holds it (turned by `rotation`):
    /// premultiplied RGBA8, rows top to bottom.
    func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8])
}

extension DisplayBackend {
    public var mountRotation: Int { rotation }
}

/// How a drawn frame reaches the screen.
public enum PresentOutcome: Equatable, Sendable {
    /// It shows at the vblank it was drawn for (headless's virtual vblank).
    case shownAtTarget
    /// A page flip is queued: a `DisplayEvent.presented` says when it showed.
    case flipQueued
    /// The frame looks exactly like the one on screen: nothing was drawn or presented.
    case unchanged
    /// It will not be shown (the kernel refused the flip, DRM master is gone): draw the next one whole.
    case dropped(String)
}

public enum DisplayState: Equatable, Sendable {
    case ready
    /// A page flip is in flight: the next frame waits for it (one flip in flight per output).
    case flipPending
    /// Nothing can be shown (DRM master lost): frames are not drawn.
    case dark(String)
}

/// The outputs a server draws on: headless is one; KMS, the outputs lit now (possibly none). Each output
/// shows its own root layers; the first is the primary output, which shows roots not assigned to one.
public protocol DisplaySet: AnyObject {
    /// "headless" or "kms".
    var backendName: String { get }
    /// The outputs that can be drawn on, primary first.
    var outputs: [DisplayBackend] { get }
    /// Why nothing can be drawn at all (DRM master lost), or nil.
    var darkReason: String? { get }
    /// Makes the shared GL context current without an output (texture uploads while none is lit).
    func makeCurrentWithoutOutput() throws
    /// Polled for display events (page flips, hotplug, seat changes); nil when there are none.
    var eventFD: Int32? { get }
    /// Reads the pending events (after `eventFD` became readable) at monotonic time `now`.
    func handleEvents(now: Double) throws -> [DisplayEvent]
}

public enum DisplayEvent: Equatable, Sendable {
    /// The frame queued on `output` is on screen since the vblank at `timestamp` (monotonic seconds, as
    /// the kernel reported it: possibly 0 or wrong), with the vblank counter when the display has one.
    case presented(output: String, timestamp: Double, sequence: UInt64?)
    /// Outputs, modes, rotation or DRM master changed: outputs may have come or gone, sizes and refresh
    /// rates may differ, queued flips will not complete, and every output's next frame is drawn whole.
    /// The text says what happened, for the log.
    case reconfigured(String)
}

public struct DisplayError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
