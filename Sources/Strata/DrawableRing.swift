import Foundation
import StrataCore
import StrataProtocol

/// The buffers a layer's GL frames travel in (docs/drawables.md): two or three shared-memory slots of one
/// size, each defined on the server once (`defineBuffer`) and named by id in every present after. A slot is
/// free, acquired (the app is rendering into it), or presented (the server holds it until it has copied the
/// frame: `bufferReleased`). `acquire` waits for a free slot; a size change retires the old slots (released on
/// the server once it lets go of them). The state is this ring's own lock, never held while LayerLock is
/// taken (LayerLock, then the ring's, is the one order); LayerLock guards sending.
package final class DrawableRing: @unchecked Sendable {
    /// One slot's buffer, as the app sees it while it holds the slot.
    package struct Slot: Sendable {
        package let id: BufferID
        package let buffer: SharedPixelBuffer
        package let width: Int
        package let height: Int
        /// What the slot was asked for: width × height × 4 for RGBA, less for YUV.
        package let byteCount: Int
    }

    private enum State { case free, acquired, presented }
    private struct Entry {
        let slot: Slot
        var state: State
        /// The connection generation whose server has it defined (nil: none yet).
        var definedIn: UInt64?
    }

    private let condition = NSCondition()
    private var entries: [Entry] = []
    /// Retired slots the server still holds (released on the server when it lets go), and those it no longer
    /// holds, to release with the next present or commit.
    private var retiredHeld: Set<BufferID> = []
    private var retiredFree: [BufferID] = []
    /// The slot of a present waiting for the layer's next commit (it stays presented through a new session).
    private var waitingSlot: BufferID?
    private weak var layer: CALayer?
    /// Frames presented, and frames the server copied (`bufferReleased`).
    package private(set) var presentedCount = 0
    package private(set) var releasedCount = 0

    package init(layer: CALayer) { self.layer = layer }

    /// The slots go with the layer: forgotten here, released on the server with the next commit.
    deinit {
        let ids = entries.map(\.slot.id) + retiredFree + Array(retiredHeld)
        Self.forget(ids)
        let generation = ConnectionGeneration.current
        let defined = entries.filter { $0.definedIn == generation }.map(\.slot.id) + retiredFree + Array(retiredHeld)
        if !defined.isEmpty { LayerLock.with { StrataConnection.current?.pendingBufferReleases.append(contentsOf: defined) } }
    }

    /// A free slot of `width` × `height`, marked acquired; waits up to `timeout` seconds for one (nil: none
    /// came free, or the memory for a new one could not be had). `capacity` is how many slots the ring keeps.
    package func acquire(width: Int, height: Int, byteCount: Int? = nil, capacity: Int, timeout: Double?) -> Slot? {
        guard width > 0, height > 0 else { return nil }
        let bytes = byteCount ?? width * height * 4
        condition.lock()
        defer { condition.unlock() }
        retire { $0.slot.width != width || $0.slot.height != height || $0.slot.byteCount != bytes }
        if entries.count > capacity { retire(extra: entries.count - capacity) }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while true {
            if let i = entries.firstIndex(where: { $0.state == .free }) {
                entries[i].state = .acquired
                return entries[i].slot
            }
            if entries.count < capacity {
                guard let buffer = try? SharedPixelBuffer(reusableByteCount: bytes, name: "strata-drawable") else { return nil }
                let id = Self.register(self)
                let slot = Slot(id: id, buffer: buffer, width: width, height: height, byteCount: bytes)
                entries.append(Entry(slot: slot, state: .acquired))
                return slot
            }
            if let deadline {
                guard condition.wait(until: deadline) else { return nil }
            } else {
                condition.wait()
            }
        }
    }

    /// Gives back a slot the app acquired but did not present.
    package func cancel(_ slot: Slot) {
        condition.lock()
        if let i = entries.firstIndex(where: { $0.slot.id == slot.id }) { entries[i].state = .free }
        condition.broadcast()
        condition.unlock()
    }

    /// Shows `slot`'s pixels (premultiplied RGBA by default, rows top to bottom) as the layer's contents,
    /// from the first frame at or after `presentAt` (monotonic seconds; 0: the next). Sent at once as a commit
    /// of its own, unless `withTransaction` or the layer is not on the server yet: then it goes with the
    /// layer's next commit (the calling thread's transaction), replacing a present still waiting. Returns
    /// the transaction id it went out in (nil: it waits for a commit, or could not be sent).
    @discardableResult
    package func present(_ slot: Slot, format: DrawableFormat = .rgba, presentAt: Double = 0, withTransaction: Bool) -> UInt64? {
        condition.lock()
        guard let i = entries.firstIndex(where: { $0.slot.id == slot.id && $0.state == .acquired }) else {
            condition.unlock()
            return nil
        }
        entries[i].state = .presented
        presentedCount += 1
        condition.unlock()
        return LayerLock.with { () -> UInt64? in
            guard let layer else { cancelPresented(slot.id); return nil }
            if let waiting = layer.pendingDrawable, waiting.slot.id != slot.id { waiting.ring.cancelPresented(waiting.slot.id) }
            layer.pendingDrawable = nil
            if withTransaction || layer.server == nil || StrataConnection.current?.isLive != true {
                layer.pendingDrawable = PendingDrawable(ring: self, slot: slot, format: format, presentAt: presentAt)
                condition.withLock { waitingSlot = slot.id }
                if withTransaction { CATransaction.noteChange(layer) }
                return nil
            }
            var ops: [LayerOperation] = []
            var fds: [SharedPixelBuffer] = []
            appendPresent(slot, format: format, presentAt: presentAt, of: layer, to: &ops, fds: &fds)
            guard let id = StrataConnection.current?.sendDrawableCommit(ops, fds: fds) else { cancelPresented(slot.id); return nil }
            return id
        }
    }

    /// The operations that present `slot` to `layer`: the retired buffers released, the slot defined if this
    /// session's server has not seen it, the present. Called with LayerLock held.
    func appendPresent(_ slot: Slot, format: DrawableFormat, presentAt: Double, of layer: CALayer, to ops: inout [LayerOperation],
                       fds: inout [SharedPixelBuffer]) {
        condition.lock()
        defer { condition.unlock() }
        let generation = ConnectionGeneration.current
        if waitingSlot == slot.id { waitingSlot = nil }
        for id in retiredFree { ops.append(.releaseBuffer(id)) }
        retiredFree.removeAll()
        if let i = entries.firstIndex(where: { $0.slot.id == slot.id }), entries[i].definedIn != generation {
            ops.append(.defineBuffer(slot.id, fdIndex: UInt16(fds.count)))
            fds.append(slot.buffer)
            entries[i].definedIn = generation
        }
        ops.append(.presentDrawable(layer.layerID, buffer: slot.id, width: UInt32(slot.width), height: UInt32(slot.height), format: format,
                                    presentAt: presentAt))
    }

    /// Drops the frames the server holds for the layer that are not shown yet (a video paused or seeking):
    /// their buffers come back with `bufferReleased`. Sent at once; a present still waiting for a commit
    /// is dropped too.
    package func discardQueued() {
        LayerLock.with {
            guard let layer else { return }
            if let waiting = layer.pendingDrawable, waiting.ring === self {
                layer.pendingDrawable = nil
                cancelPresented(waiting.slot.id)
            }
            guard layer.server != nil else { return }
            _ = StrataConnection.current?.sendDrawableCommit([.discardDrawables(layer.layerID)], fds: [])
        }
    }

    /// The server copied the frame in `id`: the slot is free again (or, retired, released on the server).
    func released(_ id: BufferID) {
        condition.lock()
        releasedCount += 1
        if retiredHeld.remove(id) != nil {
            retiredFree.append(id)
        } else if let i = entries.firstIndex(where: { $0.slot.id == id }), entries[i].state == .presented {
            entries[i].state = .free
        }
        condition.broadcast()
        condition.unlock()
    }

    /// A present that was never sent (replaced while waiting for a commit, or not sendable): free again.
    func cancelPresented(_ id: BufferID) {
        condition.lock()
        if let i = entries.firstIndex(where: { $0.slot.id == id }), entries[i].state == .presented { entries[i].state = .free }
        if waitingSlot == id { waitingSlot = nil }
        presentedCount -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// A new session: its server knows none of the slots and will release none of them.
    func sessionChanged() {
        condition.lock()
        for i in entries.indices {
            entries[i].definedIn = nil
            if entries[i].state == .presented, entries[i].slot.id != waitingSlot { entries[i].state = .free }
        }
        retiredHeld.removeAll()
        retiredFree.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The slots the server holds now (presented, not yet released).
    package var heldCount: Int {
        condition.lock(); defer { condition.unlock() }
        return entries.filter { $0.state == .presented }.count
    }

    /// Takes slots matching `rule` out of the ring (called with the ring's lock held): a free one goes at
    /// the next present, a presented one once the server releases it; an acquired one stays the app's.
    private func retire(where rule: (Entry) -> Bool) {
        let generation = ConnectionGeneration.current
        entries.removeAll { e in
            guard rule(e), e.state != .acquired else { return false }
            if e.definedIn == generation {
                if e.state == .presented { retiredHeld.insert(e.slot.id) } else { retiredFree.append(e.slot.id) }
            }
            return true
        }
    }

    private func retire(extra count: Int) {
        var left = count
        retire { e in
            guard left > 0, e.state == .free else { return false }
            left -= 1
            return true
        }
    }
}

extension DrawableRing {
    private struct WeakRing { weak var ring: DrawableRing? }
    /// Every ring's slots by buffer id, so the reader thread routes `bufferReleased` without LayerLock; ids
    /// from 2^32 up, apart from the backing-store pool's.
    nonisolated(unsafe) private static var rings: [BufferID: WeakRing] = [:]
    nonisolated(unsafe) private static var nextID: BufferID = 1 << 32
    private static let registryLock = NSLock()

    static func register(_ ring: DrawableRing) -> BufferID {
        registryLock.lock(); defer { registryLock.unlock() }
        nextID += 1
        rings[nextID] = WeakRing(ring: ring)
        return nextID
    }

    static func forget(_ ids: [BufferID]) {
        registryLock.lock(); defer { registryLock.unlock() }
        for id in ids { rings[id] = nil }
    }

    /// The ring a released buffer belongs to (nil: not a drawable's, or its layer is gone).
    static func ring(holding id: BufferID) -> DrawableRing? {
        registryLock.lock(); defer { registryLock.unlock() }
        return rings[id]?.ring
    }

    /// Every live ring (a new session resets them all).
    static var all: [DrawableRing] {
        registryLock.lock(); defer { registryLock.unlock() }
        var seen = Set<ObjectIdentifier>()
        return rings.values.compactMap(\.ring).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}

extension CALayer {
    /// The slots this layer's drawables travel in (CAEAGLLayer, CAMetalLayer, AVPlayerLayer): made on first use.
    package var drawableRing: DrawableRing {
        LayerLock.with {
            if let ring = drawableRingStorage { return ring }
            let ring = DrawableRing(layer: self)
            drawableRingStorage = ring
            return ring
        }
    }
}

/// A frame presented while its layer was not on the server yet (or with `presentsWithTransaction`): it goes
/// with the layer's next commit.
struct PendingDrawable {
    let ring: DrawableRing
    let slot: DrawableRing.Slot
    let format: DrawableFormat
    let presentAt: Double
}
