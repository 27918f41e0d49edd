import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

extension Scene {
    /// The scene as one commit: create every layer, set non-default properties and contents (pixels in
    /// memfds, returned alongside and to be kept alive until sent), build the hierarchy, add animations,
    /// attach the roots. Each root's beginTime is shifted by `sceneStart` (the media time that is scene
    /// time 0), so every layer's local time, and with it every animation's times, are scene times.
    public func commit(sceneStart: Double, transactionID: UInt64 = 1) throws -> (Commit, [SharedPixelBuffer]) {
        var ops: [LayerOperation] = []
        var buffers: [SharedPixelBuffer] = []
        // Pixels in a sealed memfd, sent with the commit.
        func define(_ image: RGBAImage, id: UInt64) throws -> LayerOperation {
            let buffer = try SharedPixelBuffer(byteCount: image.pixels.count, name: "strata-scene")
            buffer.write(image.pixels)
            buffer.seal()
            buffers.append(buffer)
            return .defineImage(id, width: UInt32(image.width), height: UInt32(image.height), fdIndex: UInt16(buffers.count - 1))
        }
        func emit(_ l: Layer, isRoot: Bool) throws {
            ops.append(.createLayer(l.wireID, kind: l.kind))
            var model = l.model
            if isRoot { model.timing.beginTime += sceneStart }
            // An emitter's cells' images first: its cells name them.
            for (id, image) in l.cellImages { ops.append(try define(image, id: id)) }
            for p in LayerProperty.carried(by: l.kind) where p.travelsAsProperty && model[p] != p.defaultValue {
                ops.append(.setProperty(l.wireID, p, model[p]))
            }
            if let image = l.contents {
                ops.append(try define(image, id: l.wireID))
                ops.append(.setContents(l.wireID, l.wireID))
            }
            for (i, child) in l.sublayers.enumerated() {
                try emit(child, isRoot: false)
                ops.append(.insertSublayer(parent: l.wireID, child: child.wireID, index: UInt32(i)))
            }
            for m in l.mask {
                try emit(m, isRoot: false)
                ops.append(.setMask(l.wireID, mask: m.wireID))
            }
            for a in l.animations { ops.append(.addAnimation(l.wireID, key: a.key, a.spec)) }
        }
        // The images `contents` animations name, first: no layer's contents is one of them.
        for named in animationImages { ops.append(try define(named.image, id: named.id)) }
        for l in layers {
            try emit(l, isRoot: true)
            ops.append(.attachRoot(l.wireID))
        }
        // Contexts last: the server checks hosting against the final tree.
        for l in allLayers { if let token = l.contextToken { ops.append(.hostContext(l.wireID, token: token)) } }
        return (Commit(transactionID: transactionID, operations: ops, fdCount: UInt16(buffers.count)), buffers)
    }

    /// One commit per resolved change at or before `until` (scene time), to send after the initial commit.
    /// Times are layer-local scene times (see `commit`); a change to a root's beginTime is shifted by
    /// `sceneStart` like the root's initial value.
    public func changeCommits(sceneStart: Double, until: Double = .infinity, firstTransactionID: UInt64 = 2) -> [(time: Double, commit: Commit)] {
        var id = firstTransactionID
        let roots = Set(layers.map(\.id))
        return resolvedChanges().filter { $0.time <= until }.map { change in
            var ops: [LayerOperation] = change.sets.map { property, value in
                if property == .beginTime, roots.contains(change.layerID), case let .scalar(b) = value {
                    return .setProperty(change.wireID, property, .scalar(b + CGFloat(sceneStart)))
                }
                return .setProperty(change.wireID, property, value)
            }
            for a in change.animations { ops.append(.addAnimation(change.wireID, key: a.key, a.spec)) }
            defer { id += 1 }
            return (change.time, Commit(transactionID: id, operations: ops))
        }
    }
}
