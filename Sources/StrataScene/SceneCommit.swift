import Foundation
import StrataCore
import StrataProtocol

extension Scene {
    /// The scene as one commit: create every layer, set non-default properties and contents (pixels in
    /// memfds, returned alongside and to be kept alive until sent), build the hierarchy, add animations
    /// with beginTime shifted by `sceneStart` (the media time that is scene time 0), attach the roots.
    public func commit(sceneStart: Double, transactionID: UInt64 = 1) throws -> (Commit, [SharedPixelBuffer]) {
        var ops: [LayerOperation] = []
        var buffers: [SharedPixelBuffer] = []
        let defaults = LayerModel()
        func emit(_ l: Layer) throws {
            ops.append(.createLayer(l.wireID))
            for p in LayerProperty.allCases where l.model[p] != defaults[p] { ops.append(.setProperty(l.wireID, p, l.model[p])) }
            if let image = l.contents {
                let buffer = try SharedPixelBuffer(byteCount: image.pixels.count, name: "strata-scene")
                buffer.write(image.pixels)
                buffer.seal()
                ops.append(.defineImage(l.wireID, width: UInt32(image.width), height: UInt32(image.height), fdIndex: UInt16(buffers.count)))
                ops.append(.setContents(l.wireID, l.wireID))
                buffers.append(buffer)
            }
            for (i, child) in l.sublayers.enumerated() {
                try emit(child)
                ops.append(.insertSublayer(parent: l.wireID, child: child.wireID, index: UInt32(i)))
            }
            for a in l.animations {
                var spec = a.spec
                spec.timing.beginTime += sceneStart
                ops.append(.addAnimation(l.wireID, key: a.key, spec))
            }
        }
        for l in layers {
            try emit(l)
            ops.append(.attachRoot(l.wireID))
        }
        return (Commit(transactionID: transactionID, operations: ops, fdCount: UInt16(buffers.count)), buffers)
    }

    /// One commit per resolved change at or before `until` (scene time), to send after the initial commit;
    /// implicit animations' beginTime is shifted by `sceneStart`.
    public func changeCommits(sceneStart: Double, until: Double = .infinity, firstTransactionID: UInt64 = 2) -> [(time: Double, commit: Commit)] {
        var id = firstTransactionID
        return resolvedChanges().filter { $0.time <= until }.map { change in
            var ops: [LayerOperation] = change.sets.map { .setProperty(change.wireID, $0.0, $0.1) }
            for a in change.animations {
                var spec = a.spec
                spec.timing.beginTime += sceneStart
                ops.append(.addAnimation(change.wireID, key: a.key, spec))
            }
            defer { id += 1 }
            return (change.time, Commit(transactionID: id, operations: ops))
        }
    }
}
