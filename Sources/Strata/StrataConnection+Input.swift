import Foundation
import StrataProtocol

extension StrataConnection {
    /// An input event from the server: delivered on `callbackQueue` to the handler of its layer, or of the
    /// nearest superlayer that has one, else to `inputHandler` (docs/input.md).
    func deliver(_ event: InputEvent) {
        let layer = event.layer == 0 ? nil : LayerRegistry.layer(event.layer)
        // A layer the app released since is nobody's: its events are dropped (a key with no layer is not).
        guard event.layer == 0 || layer != nil else { return }
        let hit = event.hitLayer == 0 ? nil : LayerRegistry.layer(event.hitLayer)
        let delivered = StrataInputEvent(event, layer: layer, hitLayer: hit)
        callbackQueue.async { [self] in
            var handler: ((StrataInputEvent) -> Void)?
            var l = layer
            while let current = l, handler == nil {
                handler = LayerLock.with { current.inputHandlerStorage }
                l = current.superlayer
            }
            (handler ?? LayerLock.with { inputHandler })?(delivered)
        }
    }
}
