import Foundation
import StrataCore
import StrataFuzzing
import StrataProtocol

/// The transport families of a fuzz client: descriptor tricks, shrinking mapped files, handshake abuse and
/// abrupt disconnects (docs/fuzzing.md lists each one).
extension FuzzClient {
    /// Kept whole (over 60 lines): one case per descriptor trick.
    func fdTrick(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let image = model.freshID()
        let layer = model.layerIDs.last ?? 0
        func defining(fdCount: UInt16 = 1) -> ClientMessage {
            var ops: [LayerOperation] = [.defineImage(image, width: 8, height: 8, fdIndex: 0)]
            if layer != 0 { ops += [.setContents(layer, image)] }
            return .commit(Commit(transactionID: 1_000_000 + UInt64(steps), operations: ops, fdCount: fdCount))
        }
        var trick: String
        let choice = r.int(0...7)
        switch choice {
        case 0:
            trick = "fdCount-above-sent"
            let m = defining(fdCount: 2)
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 256)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 1:
            trick = "fds-beyond-fdCount"
            let m = ClientMessage.commit(Commit(transactionID: 7, operations: [], fdCount: 0))
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 64)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 2:
            let kind = r.pick([FDSpec.Kind.pipe, .socket, .devNull, .regularFile, .directory, .shortMemfd, .unsealedMemfd]) ?? .pipe
            trick = "image-from-\(kind.rawValue)"
            let m = defining()
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(kind, byteCount: 256)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
            if kind == .regularFile || kind == .unsealedMemfd {
                model.apply(.defineImage(image, width: 8, height: 8, fdIndex: 0))
                if layer != 0 { model.apply(.setContents(layer, image)) }
                return countTrick(trick, &stats)
            }
        case 3:
            trick = "fd-on-stats-request"
            let m = ClientMessage.statsRequest(requestID: 1)
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.devNull)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 4:
            trick = "over-32-fds"
            let m = ClientMessage.statsRequest(requestID: 2)
            stats.count(message: m)
            perform(.sendManyFDs(bytes: MessageCoding.encode(m), count: r.int(33...64)), on: s, &stats)
        case 5:
            trick = "fds-on-second-part"
            let m = defining()
            let bytes = MessageCoding.encode(m)
            stats.count(message: m)
            perform(.send(bytes: bytes, fds: [FDSpec(.sealedMemfd, byteCount: 256)], splitAt: r.int(1...(bytes.count - 1)), fdsOnSecondPart: true), on: s, &stats)
        case 6:
            trick = "update-from-short-memfd"
            guard let existing = r.pick(model.imageIDs) else { return commit(.images, s, &stats) }
            let m = ClientMessage.commit(Commit(transactionID: 9, operations: [.updateImage(existing, x: 0, y: 0, width: 1, height: 1, fdIndex: 0)], fdCount: 1))
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.shortMemfd, byteCount: 4)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        default:
            trick = "fds-with-hello"
            let fresh = FuzzSession(id: nextSessionID())
            if connect(fresh, &stats) {
                let m = ClientMessage.hello(version: WireFormat.version)
                stats.count(message: m)
                perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 64)], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
                idle.append((fresh, steps + 20))
            }
            return countTrick(trick, &stats)
        }
        countTrick(trick, &stats)
        doomedSince = MonotonicClock.now()
    }

    func countTrick(_ name: String, _ stats: inout FuzzStats) { stats.fdTricks[name, default: 0] += 1 }

    /// Shrinks a kept unsealed memfd (or file) the server mapped, then shows and updates its images.
    func shrinkAndShow(_ s: FuzzSession, _ stats: inout FuzzStats) {
        perform(.shrink(kept: r.int(0...(s.kept.count - 1)), size: r.chance(0.5) ? 0 : r.int(1...64)), on: s, &stats)
        countTrick("shrink-after-send", &stats)
        let root = model.freshID()
        var ops: [LayerOperation] = [.createLayer(root), .setProperty(root, .bounds, .rect(CGRect(x: 0, y: 0, width: 48, height: 48))),
                                     .setProperty(root, .position, .point(CGPoint(x: 24, y: 24))), .attachRoot(root)]
        var fds: [FDSpec] = []
        for image in model.imageIDs.suffix(4) {
            let child = model.freshID()
            ops += [.createLayer(child), .setProperty(child, .bounds, .rect(CGRect(x: 0, y: 0, width: 16, height: 16))),
                    .insertSublayer(parent: root, child: child, index: 0), .setContents(child, image)]
            if r.chance(0.5) {
                ops.append(.updateImage(image, x: 0, y: 0, width: 1, height: 1, fdIndex: UInt16(fds.count)))
                fds.append(FDSpec(.sealedMemfd, byteCount: 4))
            }
        }
        for op in ops { model.apply(op) }
        send(.commit(Commit(transactionID: 2_000_000 + UInt64(steps), operations: ops, fdCount: UInt16(fds.count))), on: s, fds: fds, &stats)
    }

    func handshakeTrick(_ stats: inout FuzzStats) {
        let fresh = FuzzSession(id: nextSessionID())
        guard connect(fresh, &stats) else { return }
        let hello = MessageCoding.encode(ClientMessage.hello(version: WireFormat.version))
        var keepOpen = false
        let choice = r.int(0...9)
        let name: String
        switch choice {
        case 0:
            name = "bad-magic"
            var b = hello; b[6 + r.int(0...3)] ^= 0x20
            perform(.send(bytes: b, fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        case 1:
            name = "bad-version"
            send(.hello(version: r.pick([0, 1, 2, 4, 0xffff]) ?? 1), on: fresh, &stats)
        case 2:
            name = "commit-before-hello"
            send(.commit(Commit(transactionID: 1, operations: [.createLayer(1)])), on: fresh, &stats)
        case 3:
            name = "second-hello"
            send(.hello(version: WireFormat.version), on: fresh, &stats)
            send(.hello(version: WireFormat.version), on: fresh, &stats)
        case 4:
            name = "hello-split"
            stats.messages["hello", default: 0] += 1
            perform(.send(bytes: hello, fds: [], splitAt: r.int(1...(hello.count - 1)), fdsOnSecondPart: false), on: fresh, &stats)
            keepOpen = true
        case 5:
            name = "idle-no-hello"
            keepOpen = true
        case 6:
            name = "hello-then-close"
            send(.hello(version: WireFormat.version), on: fresh, &stats)
        case 7:
            name = "server-message-to-server"
            stats.messages["type101", default: 0] += 1
            perform(.send(bytes: MessageCoding.encode(ServerMessage.welcome(version: WireFormat.version, clientID: 1)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        case 8:
            name = "oversized-length"
            stats.messages["oversized", default: 0] += 1
            perform(.send(bytes: [0x01, 0x00, 0x00, 0x01, 0x01, 0x00] + Array(hello.dropFirst(6)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        default:
            name = "partial-16MiB-frame"
            stats.messages["partial", default: 0] += 1
            perform(.send(bytes: [0x00, 0x00, 0x00, 0x01, 0x02, 0x00] + r.bytes(r.int(0...512)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
            keepOpen = r.chance(0.5)
        }
        stats.fdTricks["handshake:\(name)", default: 0] += 1
        // At most two idle connections per client at once: idle sessions hold server slots.
        if keepOpen, idle.count < 2 {
            idle.append((fresh, steps + r.int(20...400)))
        } else {
            fresh.drain()
            perform(.close, on: fresh, &stats)
            log.ended(client: index, session: fresh.id)
        }
    }

    func disconnectTrick(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let bases = [Family.tree, .properties, .animations, .images].filter { f in families.contains { $0.0 == f } }
        let g = generator.next(r.pick(bases) ?? .tree, model: &model, now: MonotonicClock.now(), &r)
        let bytes = MessageCoding.encode(ClientMessage.commit(g.commit))
        stats.count(message: .commit(g.commit))
        let name: String
        switch r.int(0...3) {
        case 0:
            name = "close-mid-frame"
            perform(.send(bytes: Array(bytes.prefix(r.int(1...(bytes.count - 1)))), fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 1:
            name = "close-with-fds-in-flight"
            perform(.send(bytes: bytes, fds: g.fds + [FDSpec(.sealedMemfd, byteCount: 1024)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 2:
            name = "shutdown-write-mid-frame"
            perform(.send(bytes: Array(bytes.prefix(bytes.count / 2 + 1)), fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
            perform(.shutdownWrite, on: s, &stats)
            s.drain()
        default:
            name = "close-after-commit"
            perform(.send(bytes: bytes, fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        }
        stats.fdTricks["disconnect:\(name)", default: 0] += 1
        end(s, &stats, closing: true)
    }
}
