import StrataCore
import StrataDisplay
import StrataProtocol

/// What a compositor tells its owner (`Compositor.events`): the server's loop (`RenderServer`), offline
/// rendering and tests (`CompositorEventLog`). Every call comes on the frame thread.
public protocol CompositorEvents: AnyObject {
    /// A message for `client` that a frame or an apply made: animations started and stopped, transactions
    /// completed, tiles asked for or cancelled, drawable buffers released, a layer's error. The server's
    /// loop holds a frame's messages until that frame is on screen (`FrameLoops.deliver`).
    func deliver(_ message: ServerMessage, to client: UInt32)
    /// A commit of `client` failed to apply (`reason` names its transaction): the session ends.
    func commitFailed(client: UInt32, reason: String)
    /// The text worker failed on `layer`'s layout: it shows no text until its string or style changes.
    func textLayoutFailed(client: UInt32, layer: LayerID, reason: String)
    /// `client`'s updates are applied every `every` frames from now (1: every frame again), its layers
    /// costing `costMilliseconds` of frames of `frameMilliseconds` (`ClientBudgets`).
    func renderBudgetChanged(client: UInt32, every: Int, costMilliseconds: Double, frameMilliseconds: Double)
    /// A frame was handed to `display` for `targetTime`, its GL context current (`record-frames` reads the
    /// frame back here).
    func framePresented(on display: DisplayBackend, at targetTime: Double)
    /// A host moved key focus (`focusHosted`): keys go to `client`, at `layer` (0: the client's handler).
    func keyFocusRequested(client: UInt32, layer: LayerID)
}

/// Keeps what a compositor tells, for offline rendering and tests to read.
public final class CompositorEventLog: CompositorEvents {
    public private(set) var messages: [(client: UInt32, message: ServerMessage)] = []
    public private(set) var commitFailures: [(client: UInt32, reason: String)] = []
    public private(set) var textLayoutFailures: [(client: UInt32, layer: LayerID, reason: String)] = []
    public private(set) var budgetChanges: [(client: UInt32, every: Int)] = []
    public private(set) var presented: [Double] = []
    public private(set) var focusRequests: [(client: UInt32, layer: LayerID)] = []

    public init() {}

    public func deliver(_ message: ServerMessage, to client: UInt32) { messages.append((client, message)) }
    public func commitFailed(client: UInt32, reason: String) { commitFailures.append((client, reason)) }
    public func textLayoutFailed(client: UInt32, layer: LayerID, reason: String) { textLayoutFailures.append((client, layer, reason)) }
    public func renderBudgetChanged(client: UInt32, every: Int, costMilliseconds: Double, frameMilliseconds: Double) {
        budgetChanges.append((client, every))
    }
    public func framePresented(on display: DisplayBackend, at targetTime: Double) { presented.append(targetTime) }
    public func keyFocusRequested(client: UInt32, layer: LayerID) { focusRequests.append((client, layer)) }

    /// Forgets the messages kept so far.
    public func clearMessages() { messages.removeAll() }
}

/// Told of each frame handed to a display (`RenderServer.frameRecording`; `record-frames`).
public protocol FrameRecording: AnyObject {
    func record(_ display: DisplayBackend, at targetTime: Double)
}
