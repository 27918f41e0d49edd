import Foundation
import StrataCore
import StrataProtocol

/// One commit made by `CommitGenerator`: its operations, the descriptors that go with it, and whether the
/// server is meant to refuse it (which ends the session).
public struct GeneratedCommit {
    public var commit: Commit
    public var fds: [FDSpec]
    public var family: Family
    public var breaksSession: Bool
}

/// Grammar-aware commits: operation sequences over the client's `SessionModel`, with plausible ids,
/// values and tree shapes, one family at a time.
public struct CommitGenerator {
    public var values = ValueGenerator()
    public var animations = AnimationGenerator()
    /// The text family's strings: up to 4096 UTF-16 units. A debug server draws a layer's glyphs on its frame
    /// thread and must answer the witness within a second; 64K-unit strings are the libFuzzer text target's.
    public var text = TextGenerator(maxUTF16: 4096)
    /// Layers a session keeps at most before the tree family starts releasing them.
    public var layerBudget = 3000
    private var transactionID: UInt64 = 0
    /// A wide parent whose sublayers the next wide-parents commit removes.
    private var pendingWideParent: LayerID?

    public init() {}

    /// A fresh session's generator state (transaction ids restart, nothing pending).
    public mutating func reset() { transactionID = 0; pendingWideParent = nil }

    public mutating func next(_ family: Family, model: inout SessionModel, now: Double, _ r: inout FuzzRandom) -> GeneratedCommit {
        var b = Builder(model: model)
        var breaks = false
        switch family {
        case .tree: tree(&b, &r)
        case .properties: properties(&b, &r)
        case .animations: animationOps(&b, now: now, &r)
        case .images: imageOps(&b, unsealed: false, now: now, &r)
        case .masks: masks(&b, &r)
        case .invalid: invalid(&b, now: now, &r); breaks = true
        case .maskCycles: maskCycle(&b, now: now, &r)
        case .deepChains: deepChain(&b, &r)
        case .wideParents: wide(&b, &r)
        case .shrunkMemfds: imageOps(&b, unsealed: true, now: now, &r)
        case .text: textOps(&b, &r)
        case .requests, .bytes, .fds, .handshake, .disconnects, .hosting: tree(&b, &r)
        }
        model = b.model
        transactionID += 1
        let commit = Commit(transactionID: transactionID, wantsCompletion: r.chance(0.2), operations: b.ops, fdCount: UInt16(b.fds.count))
        return GeneratedCommit(commit: commit, fds: b.fds, family: family, breaksSession: breaks || b.broken)
    }

    /// Operations under construction, applied to a copy of the model as they are added.
    struct Builder {
        var model: SessionModel
        var ops: [LayerOperation] = []
        var fds: [FDSpec] = []
        /// Set when an operation the server should refuse was added.
        var broken = false

        mutating func add(_ op: LayerOperation, unsealedSlot: Int? = nil) {
            if !model.accepts(op) { broken = true }
            model.apply(op, unsealedSlot: unsealedSlot)
            ops.append(op)
        }

        /// Adds `op` only when the server would accept it.
        mutating func addIfAccepted(_ op: LayerOperation) {
            if model.accepts(op) { add(op) }
        }

        mutating func newLayer(_ kind: LayerKind, _ r: inout FuzzRandom, visible: Bool = true) -> LayerID {
            let id = model.freshID()
            add(.createLayer(id, kind: kind))
            if visible {
                add(.setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: r.int(1...64), height: r.int(1...48)))))
                add(.setProperty(id, .position, .point(CGPoint(x: r.int(0...64), y: r.int(0...48)))))
                add(.setProperty(id, .backgroundColor, .color(Color(red: r.double(0...1), green: r.double(0...1), blue: r.double(0...1), alpha: 1))))
            }
            return id
        }

        func randomLayer(_ r: inout FuzzRandom) -> LayerID? { r.pick(model.layerIDs) }
    }

    private func kind(_ r: inout FuzzRandom) -> LayerKind {
        r.chance(0.5) ? .layer : r.pick(LayerKind.allCases) ?? .layer
    }

    private func tree(_ b: inout Builder, _ r: inout FuzzRandom) {
        for _ in 0..<r.int(1...8) {
            let over = b.model.layerCount > layerBudget
            switch r.int(0...9) {
            case 0...1 where !over:
                let id = b.newLayer(kind(&r), &r, visible: r.chance(0.7))
                if r.chance(0.3) { b.add(.attachRoot(id)) }
            case 2, 3:
                guard let p = b.randomLayer(&r), let c = b.randomLayer(&r), b.model.depth(p) < 24 else { continue }
                let count = b.model.layers[p]?.children.count ?? 0
                b.addIfAccepted(.insertSublayer(parent: p, child: c, index: UInt32(r.int(0...count))))
            case 4: if let l = b.randomLayer(&r) { b.add(.removeFromSuperlayer(l)) }
            case 5: if let l = b.randomLayer(&r) { b.add(.releaseLayer(l)) }
            case 6: if let l = b.randomLayer(&r) { b.addIfAccepted(.attachRoot(l)) }
            case 7: if let l = b.randomLayer(&r) { b.add(.detachRoot(l)) }
            case 8: if let l = b.randomLayer(&r) { b.add(.setRootOutput(l, output: r.pick(["", "", "headless", "HDMI-A-1", "ö"]) ?? "")) }
            default:
                // Over budget, or otherwise: shrink the session a little.
                if let l = b.randomLayer(&r) { b.add(.releaseLayer(l)) }
            }
        }
        if b.model.layerCount == 0 { _ = b.newLayer(.layer, &r) }
    }

    private func properties(_ b: inout Builder, _ r: inout FuzzRandom) {
        for _ in 0..<r.int(1...10) {
            // `contents` is set by setContents (imageOps), never as a value.
            guard let id = b.randomLayer(&r), let l = b.model.layers[id], let p = r.pick(LayerProperty.carried(by: l.kind).filter(\.travelsAsProperty)) else {
                _ = b.newLayer(kind(&r), &r)
                continue
            }
            b.add(.setProperty(id, p, values.value(for: p, &r)))
        }
    }

    private func animationOps(_ b: inout Builder, now: Double, _ r: inout FuzzRandom) {
        for _ in 0..<r.int(1...3) {
            guard let id = b.randomLayer(&r), let l = b.model.layers[id] else { _ = b.newLayer(kind(&r), &r); continue }
            if r.chance(0.2), let key = r.pick(l.animationKeys) {
                b.add(.removeAnimation(id, key: key))
            } else {
                var generator = animations
                generator.values.knownImages = b.model.imageIDs
                let spec = generator.animation(for: l.kind, now: now, &r)
                // Decoding rejects what validate() rejects: keep those for the byte family. A `contents`
                // animation naming an image the session lacks is refused: kept for the hostile families.
                guard (try? spec.validate()) != nil, spec.contentsImages.allSatisfy({ b.model.images[$0] != nil }) else { continue }
                b.add(.addAnimation(id, key: r.pick(["a", "b", "position", "opacity", "k\(r.int(0...20))"]) ?? "a", spec))
            }
        }
    }

    private func imageOps(_ b: inout Builder, unsealed: Bool, now: Double, _ r: inout FuzzRandom) {
        switch r.int(0...9) {
        case 9: tileOps(&b, &r)
        case 8: presentDrawable(&b, unsealed: unsealed, now: now, &r)
        case 6:
            // A reusable buffer (sealed against shrinking and growing only), kept by the client.
            let size = r.int(1...64) * 1024
            b.fds.append(FDSpec(.reusableMemfd, byteCount: size))
            b.model.bufferSizes[b.fds.count - 1] = size
            b.addIfAccepted(.defineBuffer(b.model.freshID(), fdIndex: UInt16(b.fds.count - 1)))
        case 7:
            // A rectangle of an image from a buffer, fitting both; now and then the buffer goes.
            guard let id = r.pick(b.model.imageIDs), let image = b.model.images[id], image.width > 0, image.height > 0,
                  let (buffer, size) = r.pick(Array(b.model.buffers)) else { return imageOps(&b, unsealed: unsealed, now: now, &r) }
            if r.chance(0.1) { b.add(.releaseBuffer(buffer)); return }
            let x = UInt32(r.int(0...Int(image.width - 1))), y = UInt32(r.int(0...Int(image.height - 1)))
            let w = UInt32(r.int(1...Int(image.width - x))), h = UInt32(min(Int(image.height - y), max(1, size / (Int(w) * 4))))
            let room = size - Int(w * h * 4)
            b.addIfAccepted(.updateImageFromBuffer(id, x: x, y: y, width: w, height: h, buffer: buffer, offset: UInt32(room > 0 ? r.int(0...room) : 0)))
        case 0, 1:
            let id = b.model.freshID()
            let (w, h) = (UInt32(r.int(1...(r.chance(0.05) ? 512 : 48))), UInt32(r.int(1...(r.chance(0.05) ? 512 : 48))))
            let fdIndex = b.fds.count
            b.fds.append(FDSpec(unsealed ? .unsealedMemfd : .sealedMemfd, byteCount: Int(w * h * 4)))
            b.add(.defineImage(id, width: w, height: h, fdIndex: UInt16(fdIndex), format: r.chance(0.3) ? .bgra : .rgba),
                  unsealedSlot: unsealed ? fdIndex : nil)
            let layer = b.randomLayer(&r) ?? b.newLayer(.layer, &r)
            if r.chance(unsealed ? 0.3 : 0.8) { b.add(.setContents(layer, id)) }
            if unsealed, r.chance(0.5), b.model.layers[layer]?.parent == nil { b.addIfAccepted(.attachRoot(layer)) }
        case 2:
            // An image the invalid family defined with no pixels (its session then ends) has nothing to update.
            guard let id = r.pick(b.model.imageIDs), let image = b.model.images[id], image.width > 0, image.height > 0 else {
                return imageOps(&b, unsealed: unsealed, now: now, &r)
            }
            let x = UInt32(r.int(0...Int(image.width - 1))), y = UInt32(r.int(0...Int(image.height - 1)))
            let w = UInt32(r.int(1...Int(image.width - x))), h = UInt32(r.int(1...Int(image.height - y)))
            b.fds.append(FDSpec(unsealed ? .unsealedMemfd : .sealedMemfd, byteCount: Int(w * h * 4)))
            b.add(.updateImage(id, x: x, y: y, width: w, height: h, fdIndex: UInt16(b.fds.count - 1)))
        case 3:
            if let id = r.pick(b.model.imageIDs), let layer = b.randomLayer(&r) {
                b.add(.setContents(layer, id))
                b.addIfAccepted(.attachRoot(layer))
            }
        case 4: if let id = r.pick(b.model.imageIDs) { b.add(.releaseImage(id)) }
        default: if let layer = b.randomLayer(&r) { b.add(.setContents(layer, 0)) }
        }
    }

    /// A tiled layer's traffic as a client sends it: invalidations of random areas and generations, and
    /// tiles from a buffer the server mostly did not ask for (dropped, never an error), of any level,
    /// place and size the buffer holds.
    private func tileOps(_ b: inout Builder, _ r: inout FuzzRandom) {
        let tiled = b.model.layerIDs.first { b.model.layers[$0]?.kind == .tiled } ?? b.newLayer(.tiled, &r)
        if r.chance(0.5) {
            let rect: CGRect? = r.chance(0.3) ? nil : CGRect(x: r.double(-100...5000), y: r.double(-100...5000), width: r.double(0...3000),
                                                               height: r.double(0...3000))
            b.add(.invalidateTiles(tiled, rect: rect, generation: r.chance(0.1) ? .max : UInt64(r.int(0...1000))))
        }
        guard let (buffer, size) = r.pick(b.model.buffers.sorted { $0.key < $1.key }), size >= 4 else { return }
        let w = UInt32(r.int(1...min(size / 4, 256))), h = UInt32(r.int(1...max(1, min(4096, size / (Int(w) * 4)))))
        let key = TileKey(level: UInt8(r.int(0...(r.chance(0.1) ? 255 : 3))), column: UInt32(r.int(0...(r.chance(0.1) ? 1_000_000 : 8))),
                          row: UInt32(r.int(0...8)))
        b.addIfAccepted(.deliverTile(tiled, key, generation: UInt64(r.int(0...1000)), width: w, height: h, source: .buffer(buffer, offset: 0)))
    }

    /// A drawable presented from a buffer (a GL layer's frame, or a video frame in YUV, at once or timed
    /// up to a second ahead): a buffer presented once, as a client waiting for releases does; now and
    /// then one presented before, which the server may still hold.
    private func presentDrawable(_ b: inout Builder, unsealed: Bool, now: Double, _ r: inout FuzzRandom) {
        let fresh = b.model.buffers.filter { !b.model.presentedBuffers.contains($0.key) }
        let choices = (r.chance(0.05) ? b.model.buffers : fresh).sorted { $0.key < $1.key }
        guard let (buffer, size) = r.pick(choices), size >= 4 else {
            return imageOps(&b, unsealed: unsealed, now: now, &r)
        }
        let layer = b.randomLayer(&r) ?? b.newLayer(.layer, &r)
        let colorimetry = YUVColorimetry(matrix: r.chance(0.5) ? .bt601 : .bt709, fullRange: r.chance(0.3))
        let format = r.pick([DrawableFormat.rgba, .bgra, .nv12(colorimetry), .i420(colorimetry)]) ?? .rgba
        // Bytes a pixel, rounded up: a frame of w × h fits when w × h × that ≤ size (YUV's odd sides need more).
        let perPixel = format.isYUV ? 2 : 4
        let w = UInt32(r.int(1...min(size / perPixel, 256)))
        let h = UInt32(r.int(1...max(1, size / (Int(w) * perPixel))))
        let presentAt = r.chance(0.5) ? 0 : now + r.double(0...1)
        if r.chance(0.1) { b.add(.discardDrawables(layer)) }
        b.addIfAccepted(.presentDrawable(layer, buffer: buffer, width: w, height: h, format: format, presentAt: presentAt))
    }

    private func masks(_ b: inout Builder, _ r: inout FuzzRandom) {
        for _ in 0..<r.int(1...3) {
            guard let l = b.randomLayer(&r) else { _ = b.newLayer(.layer, &r); continue }
            if r.chance(0.2) { b.add(.setMask(l, mask: 0)); continue }
            let m = r.chance(0.5) ? b.newLayer(kind(&r), &r) : (b.randomLayer(&r) ?? 0)
            b.addIfAccepted(.setMask(l, mask: m))
        }
    }

    /// Mask cycles through masks alone, or through a mask and sublayers, with an animation so the server
    /// evaluates the cycle.
    private func maskCycle(_ b: inout Builder, now: Double, _ r: inout FuzzRandom) {
        let a = b.newLayer(.layer, &r), c = b.newLayer(.layer, &r)
        switch r.int(0...3) {
        case 0: // a masks c, c masks a
            b.add(.setMask(a, mask: c)); b.add(.setMask(c, mask: a))
        case 1: // a inserted under its own mask
            b.add(.setMask(a, mask: c)); b.add(.insertSublayer(parent: c, child: a, index: 0))
        case 2: // a three-layer ring of masks
            let d = b.newLayer(.layer, &r)
            b.add(.setMask(a, mask: c)); b.add(.setMask(c, mask: d)); b.add(.setMask(d, mask: a))
        default: // a's mask holds a's parent
            let p = b.newLayer(.layer, &r)
            b.add(.insertSublayer(parent: p, child: a, index: 0)); b.add(.setMask(a, mask: c)); b.add(.insertSublayer(parent: c, child: p, index: 0))
        }
        if r.chance(0.5) { b.add(.attachRoot(a)) }
        if r.chance(0.7) {
            b.add(.addAnimation(a, key: "cycle", AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil),
                                                               timing: { var t = MediaTiming(); t.beginTime = now; t.duration = 1; return t }())))
        }
    }

    /// A chain of nested layers (or of masks, each masking the next) of 100 to 5000.
    private func deepChain(_ b: inout Builder, _ r: inout FuzzRandom) {
        let n = r.pick([100, 200, 260, 270, 300, 500, 1000, 5000]) ?? 300
        let byMasks = r.chance(0.3)
        let top = b.newLayer(.layer, &r)
        var last = top
        for _ in 1..<n {
            let id = b.model.freshID()
            b.add(.createLayer(id, kind: .layer))
            b.add(byMasks ? .setMask(last, mask: id) : .insertSublayer(parent: last, child: id, index: 0))
            last = id
        }
        b.add(.attachRoot(top))
    }

    /// A parent with thousands of sublayers; the next call removes them all in one commit.
    private mutating func wide(_ b: inout Builder, _ r: inout FuzzRandom) {
        if let p = pendingWideParent, let children = b.model.layers[p]?.children {
            pendingWideParent = nil
            let release = r.chance(0.5)
            for c in children { b.ops.append(release ? .releaseLayer(c) : .removeFromSuperlayer(c)) }
            b.model.dropChildren(of: p)
            if release { for c in children { b.model.apply(.releaseLayer(c)) } }
            if r.chance(0.3) { b.add(.releaseLayer(p)) }
            return
        }
        let n = r.pick([1000, 2000, 5000, 10000, 20000]) ?? 2000
        let p = b.newLayer(.layer, &r)
        b.add(.attachRoot(p))
        for i in 0..<n {
            let id = b.model.freshID()
            b.ops.append(.createLayer(id, kind: .layer))
            b.ops.append(.insertSublayer(parent: p, child: id, index: UInt32(i)))
            b.model.apply(.createLayer(id, kind: .layer))
        }
        // The model learns the children in one go (appending one by one is what the server does).
        for id in b.model.layerIDs.suffix(n) { b.model.apply(.insertSublayer(parent: p, child: id, index: UInt32.max)) }
        pendingWideParent = p
    }

    /// One operation the server must refuse when it applies the commit.
    private func invalid(_ b: inout Builder, now: Double, _ r: inout FuzzRandom) {
        let l = b.randomLayer(&r) ?? b.newLayer(.layer, &r)
        let stranger = LayerID(r.chance(0.5) ? 0 : UInt64.max - UInt64(r.int(0...5)))
        switch r.int(0...11) {
        case 0: b.add(.setProperty(stranger, .opacity, .scalar(1)))
        case 1: b.add(.createLayer(l, kind: .layer))
        case 2: b.add(.insertSublayer(parent: l, child: l, index: 0))
        case 3: b.add(.insertSublayer(parent: l, child: b.newLayer(.layer, &r), index: 1000))
        case 4:
            let plain = b.newLayer(.layer, &r)
            b.add(.setProperty(plain, .strokeEnd, .scalar(0.5)))
        case 5: b.add(.defineImage(b.model.freshID(), width: 0, height: 4, fdIndex: 0))
        case 6:
            b.fds.append(FDSpec(.sealedMemfd, byteCount: 64))
            b.add(.defineImage(b.model.freshID(), width: 4, height: 4, fdIndex: 1))
        case 7: b.add(.updateImage(b.model.freshID(), x: 0, y: 0, width: 1, height: 1, fdIndex: 0))
        case 8: b.add(.setContents(l, ImageID(r.int(1_000_000...2_000_000))))
        case 9: b.add(.setMask(l, mask: l))
        case 10:
            let plain = b.newLayer(.layer, &r)
            b.add(.addAnimation(plain, key: "x", AnimationSpec(keyPath: LayerKeyPath(property: .lineWidth), kind: .basic(from: nil, to: .scalar(3), by: nil),
                                                               timing: { var t = MediaTiming(); t.beginTime = now; return t }())))
        default:
            let parent = b.newLayer(.layer, &r), child = b.newLayer(.layer, &r)
            b.add(.attachRoot(child))
            b.add(.insertSublayer(parent: parent, child: child, index: 0))
        }
    }
}
