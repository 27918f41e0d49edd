import Foundation
import StrataCore
import StrataProtocol
import StrataText
import StrataTextWorker

/// One text layer's request for a layout from the text worker, and, once the frame thread has collected
/// it (`TextLayoutService.collect`), how it ended. The layer keeps its ticket until it takes the outcome or
/// asks for another layout.
final class TextLayoutTicket {
    let request: TextLayoutRequest
    let client: UInt32
    let layer: LayerID
    /// The request's UTF-16 length (what the reply's ranges are checked against).
    let units: Int
    /// Set on the frame thread by `collect`; read by the layer's content when it next draws.
    var outcome: Outcome?

    enum Outcome {
        case laidOut(LaidOutText)
        /// The worker crashed, hung or misbehaved on this request: the layer shows no text until it changes.
        case failed(String)
    }

    init(request: TextLayoutRequest, client: UInt32, layer: LayerID) {
        self.request = request; self.client = client; self.layer = layer
        units = request.text.utf16Count
    }
}
