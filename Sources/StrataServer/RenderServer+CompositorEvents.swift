import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataProtocol

/// What the compositor tells the server: messages go out with their frames, a failed commit ends its
/// session, a failed layout and a budget change are logged (the layout also told to its client).
extension RenderServer: CompositorEvents {
    public func deliver(_ message: ServerMessage, to client: UInt32) { frames.deliver(message, to: client) }

    public func commitFailed(client: UInt32, reason: String) {
        if let s = sessions.values.first(where: { $0.clientID == client }) { drop(s, reason: reason) }
    }

    public func textLayoutFailed(client: UInt32, layer: LayerID, reason: String) {
        log(.warning, "text layout failed", metadata: ["client": "\(client)", "layer": "\(layer)", "reason": "\(reason)"])
        send(.layerError(layer, reason: "text layout failed: \(reason); the layer shows no text until its string or style changes"), to: client)
    }

    public func renderBudgetChanged(client: UInt32, every: Int, costMilliseconds: Double, frameMilliseconds: Double) {
        let what = every > 1 ? "its updates are applied every \(every) frames" : "its updates are applied every frame again"
        log(.warning, "client's layers slow the frames: \(what)",
            metadata: ["client": "\(client)", "cost_ms": "\(String(format: "%.2f", costMilliseconds))", "frame_ms": "\(String(format: "%.2f", frameMilliseconds))"])
    }

    public func framePresented(on display: DisplayBackend, at targetTime: Double) {
        frameRecording?.record(display, at: targetTime)
    }

    /// A host's `focusHosted`: the server's one router decides where keys go.
    public func keyFocusRequested(client: UInt32, layer: LayerID) {
        input.router.setFocus(client: client, layer: layer)
    }
}
