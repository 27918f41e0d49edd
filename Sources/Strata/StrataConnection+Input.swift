import Foundation
import StrataProtocol

extension StrataConnection {
    /// An input event from the server: delivered on the main queue to the handler of its layer, or of the
    /// nearest superlayer that has one, else to `inputHandler` (docs/input.md).
    func deliver(_ event: InputEvent, observed: Bool = false) {
        var layer = event.layer == 0 ? nil : LayerRegistry.layer(event.layer)
        if event.layer != 0, layer == nil {
            // A layer the app released since is nobody's: its touches and pointer events are dropped. A key
            // is the app's all the same (its focus was there): the connection's handler gets it, with no layer.
            guard event.kind == .key else { return }
            layer = nil
        }
        let hit = layer == nil || event.hitLayer == 0 ? nil : LayerRegistry.layer(event.hitLayer)
        let delivered = StrataInputEvent(event, layer: layer, hitLayer: hit, observed: observed)
        let target = MainHandOff(value: layer)
        MainDelivery.async { [self] in
            var handler: ((StrataInputEvent) -> Void)?
            var l = target.value
            while let current = l, handler == nil {
                handler = LayerLock.with { current.inputHandlerStorage }
                l = current.superlayer
            }
            (handler ?? LayerLock.with { inputHandlerStorage })?(delivered)
        }
    }
}
