import StrataCore
import StrataProtocol

/// Everything one client has committed: its layers, images, roots and outstanding completions.
final class ClientScene {
    let clientID: UInt32
    /// The user the client runs as (its socket's peer credentials; nil in process, where no socket tells):
    /// who may host a context whose exporter named its audience (`ExportedContext.hostUsers`).
    var uid: UInt32?
    var nodes: [LayerID: RenderNode] = [:]
    /// The nodes with animations or transition sources (see `NodeTiming.isActive`).
    var activeNodes: [ObjectIdentifier: RenderNode] = [:]
    /// The CPU's columns of its layers' animations (`RenderNode.present`): a block per animated layer whose
    /// animations it holds, bounded by the client's animation quota (released rows are compacted away
    /// once they outnumber the live ones).
    let lanes = AnimationLaneTable()
    var images: [ImageID: ServerImage] = [:]
    /// Images a layer stopped showing outside a commit (its `contents` animations went): their textures
    /// are freed after the next frame unless something holds them again.
    var retiredImages: [ServerImage] = []
    /// Reusable pixel buffers (`defineBuffer`), mapped shared and read-only: the client fills them again
    /// after each `bufferReleased`.
    var buffers: [BufferID: CountedMapping] = [:]
    /// Buffers presented by commits received but not applied yet, with the transaction naming each: the
    /// client may not present one again before its `bufferReleased`.
    var heldBuffers: [BufferID: UInt64] = [:]
    /// Attached roots, bottom first (a list with O(1) removal: a client may attach thousands).
    let roots = SublayerList()
    /// Transactions waiting for their animations: transaction id → outstanding "layer/key" references.
    var pendingCompletions: [UInt64: Set<AnimationRef>] = [:]

    /// UTF-16 units of text this client's layers may still lay out in the frame being built (the
    /// compositor sets it before each frame; see `Compositor.textLayoutUnitsPerFrame`).
    var textLayoutBudget = Int.max
    /// Tiled layers whose requests, cancels or freed tiles wait for the compositor after a frame.
    var tileOutbox: Set<LayerID> = []
    /// Counts the commits applied to it and the text layouts handed to its layers: what was drawn of it
    /// ahead of a frame (`RootRemake.made`) holds while this stays the same.
    var changes: UInt64 = 0

    /// What the client holds, for its quotas.
    let usage: ClientUsage

    init(clientID: UInt32, usage: ClientUsage = ClientUsage()) {
        self.clientID = clientID
        self.usage = usage
    }

    /// Whether the client still defines `image` or a layer shows it (its texture must stay).
    func holds(_ image: ServerImage) -> Bool {
        image.isDefined || image.shownBy > 0
    }
}

struct AnimationRef: Hashable {
    let layer: LayerID
    let key: String
}
