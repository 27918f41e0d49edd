import Foundation
import StrataCore

/// Encodes and decodes message bodies and frames (u32 body length, u16 type, body).
public enum MessageCoding {
    static func frame(type: UInt16, body: ByteWriter) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(body.bytes.count))
        w.u16(type)
        w.raw(body.bytes)
        return w.bytes
    }

    // MARK: client → server

    public static func encode(_ m: ClientMessage) -> [UInt8] {
        var w = ByteWriter()
        switch m {
        case .hello(let version):
            w.raw(WireFormat.magic); w.u16(version)
        case .commit(let c):
            w.u64(c.transactionID); w.bool(c.wantsCompletion); w.u16(c.fdCount)
            w.u32(UInt32(c.operations.count))
            for op in c.operations { encode(op, into: &w) }
        case let .snapshotRequest(id, output):
            w.u32(id); w.string(output)
        case .treeRequest(let id), .statsRequest(let id):
            w.u32(id)
        case .frameTicks(let enabled):
            w.bool(enabled)
        case .injectInput(let events):
            w.u16(UInt16(min(events.count, Int(UInt16.max))))
            for e in events.prefix(Int(UInt16.max)) { w.injectedInput(e) }
        case let .advanceClock(id, seconds):
            w.u32(id); w.f64(seconds)
        case let .rootContexts(id, pid):
            w.u32(id); w.u32(pid)
        case let .createContext(id, reclaim, users):
            w.u32(id); w.token(reclaim); w.u16(UInt16(min(users.count, Int(UInt16.max))))
            for uid in users.prefix(Int(UInt16.max)) { w.u32(uid) }
        }
        return frame(type: m.typeCode, body: w)
    }

    static func encode(_ op: LayerOperation, into w: inout ByteWriter) {
        w.u8(op.code)
        switch op {
        case let .createLayer(id, kind):
            w.u64(id); w.u8(kind.rawValue)
        case .releaseLayer(let id), .removeFromSuperlayer(let id), .attachRoot(let id), .detachRoot(let id), .discardDrawables(let id):
            w.u64(id)
        case let .setProperty(id, property, value):
            w.u64(id); w.u16(property.rawValue); w.value(value)
        case let .insertSublayer(parent, child, index):
            w.u64(parent); w.u64(child); w.u32(index)
        case let .defineImage(id, width, height, fdIndex, format):
            w.u64(id); w.u32(width); w.u32(height)
            if format != .rgba { w.u8(format.rawValue) }
            w.u16(fdIndex)
        case .releaseImage(let id):
            w.u64(id)
        case let .setContents(layer, image):
            w.u64(layer); w.u64(image)
        case let .setMask(layer, mask):
            w.u64(layer); w.u64(mask)
        case let .setRootOutput(layer, output):
            w.u64(layer); w.string(output)
        case let .defineBuffer(id, fdIndex):
            w.u64(id); w.u16(fdIndex)
        case let .updateImageFromBuffer(id, x, y, width, height, buffer, offset):
            w.u64(id); w.u32(x); w.u32(y); w.u32(width); w.u32(height); w.u64(buffer); w.u32(offset)
        case .releaseBuffer(let id):
            w.u64(id)
        case let .invalidateTiles(layer, rect, generation):
            w.u64(layer); w.u64(generation)
            if let rect { w.u8(1); w.f64(rect.origin.x); w.f64(rect.origin.y); w.f64(rect.size.width); w.f64(rect.size.height) } else { w.u8(0) }
        case let .deliverTile(layer, key, generation, width, height, source):
            w.u64(layer); w.tileKey(key); w.u64(generation); w.u32(width); w.u32(height)
            switch source {
            case let .buffer(id, offset): w.u8(0); w.u64(id); w.u32(offset)
            case let .descriptor(fdIndex): w.u8(1); w.u16(fdIndex)
            }
        case let .presentDrawable(layer, buffer, width, height, format, presentAt):
            w.u64(layer); w.u64(buffer); w.u32(width); w.u32(height)
            switch format {
            case .rgba: w.u8(0); w.u8(0)
            case .bgra: w.u8(1); w.u8(0)
            case .nv12(let c): w.u8(2); w.u8(c.matrix.rawValue | (c.fullRange ? 2 : 0))
            case .i420(let c): w.u8(3); w.u8(c.matrix.rawValue | (c.fullRange ? 2 : 0))
            }
            w.f64(presentAt)
        case let .addAnimation(id, key, spec):
            w.u64(id); w.string(key); w.animation(spec)
        case let .removeAnimation(id, key):
            w.u64(id); w.string(key)
        case let .updateImage(id, x, y, width, height, fdIndex):
            w.u64(id); w.u32(x); w.u32(y); w.u32(width); w.u32(height); w.u16(fdIndex)
        case let .setContextLayer(token, layer):
            w.token(token); w.u64(layer)
        case .revokeContext(let token):
            w.token(token)
        case let .hostContext(layer, token, replayed):
            w.u64(layer); w.token(token); w.bool(replayed)
        case .focusHosted(let layer):
            w.u64(layer)
        }
    }

    public static func decodeClient(type: UInt16, body: [UInt8]) throws -> ClientMessage {
        var r = ByteReader(body)
        let m: ClientMessage
        switch type {
        case 1:
            guard try r.raw(4, "handshake magic") == WireFormat.magic else { throw ProtocolError.badMagic }
            m = .hello(version: try r.u16("protocol version"))
        case 2:
            let id = try r.u64("transaction id")
            let wants = try r.bool("wantsCompletion")
            let fds = try r.u16("fd count")
            let count = Int(try r.u32("operation count"))
            guard count <= body.count else { throw ProtocolError.invalid("operation count \(count) exceeds message size") }
            var ops: [LayerOperation] = []
            ops.reserveCapacity(count)
            for i in 0..<count { ops.append(try decodeOperation(&r, index: i)) }
            m = .commit(Commit(transactionID: id, wantsCompletion: wants, operations: ops, fdCount: fds))
        case 3: m = .snapshotRequest(requestID: try r.u32("request id"), output: try r.string("output", max: WireFormat.maxOutputName))
        case 4: m = .treeRequest(requestID: try r.u32("request id"))
        case 5: m = .statsRequest(requestID: try r.u32("request id"))
        case 6: m = .frameTicks(enabled: try r.bool("enabled"))
        case 7:
            let count = Int(try r.u16("injected input count"))
            guard (1...InjectedInput.maxPerMessage).contains(count) else {
                throw ProtocolError.invalid("injected input count \(count) is not 1…\(InjectedInput.maxPerMessage)")
            }
            m = .injectInput(try (0..<count).map { try r.injectedInput($0) })
        case 8:
            let id = try r.u32("request id"), seconds = try r.finiteF64("seconds")
            guard (0...ClientMessage.maxClockStep).contains(seconds) else {
                throw ProtocolError.invalid("clock step of \(seconds) s is not 0…\(Int(ClientMessage.maxClockStep)) s")
            }
            m = .advanceClock(requestID: id, seconds: seconds)
        case 10: m = .rootContexts(requestID: try r.u32("request id"), pid: try r.u32("pid"))
        case 9:
            let id = try r.u32("request id"), reclaim = try r.token("reclaim"), count = Int(try r.u16("host user count"))
            guard count <= ClientMessage.maxHostUsers else {
                throw ProtocolError.invalid("createContext: \(count) host users (at most \(ClientMessage.maxHostUsers))")
            }
            m = .createContext(requestID: id, reclaim: reclaim, hostUsers: try (0..<count).map { try r.u32("host user \($0)") })
        default: throw ProtocolError.unknownMessageType(type)
        }
        try r.expectEnd()
        return m
    }

    static func decodeOperation(_ r: inout ByteReader, index: Int) throws -> LayerOperation {
        let what = "operation \(index)"
        let code = try r.u8("\(what) code")
        switch code {
        case 1:
            let id = try r.u64(what)
            let raw = try r.u8("\(what) kind")
            guard let kind = LayerKind(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown layer kind \(raw)") }
            return .createLayer(id, kind: kind)
        case 2: return .releaseLayer(try r.u64(what))
        case 3: return try decodeSetProperty(&r, what)
        case 4: return .insertSublayer(parent: try r.u64(what), child: try r.u64(what), index: try r.u32(what))
        case 5: return .removeFromSuperlayer(try r.u64(what))
        case 6: return .defineImage(try r.u64(what), width: try r.u32(what), height: try r.u32(what), fdIndex: try r.u16(what))
        case 18:
            let (id, width, height) = (try r.u64(what), try r.u32(what), try r.u32(what))
            let raw = try r.u8("\(what) pixel format")
            guard let format = PixelFormat(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown pixel format \(raw)") }
            return .defineImage(id, width: width, height: height, fdIndex: try r.u16(what), format: format)
        case 7: return .releaseImage(try r.u64(what))
        case 8: return .setContents(try r.u64(what), try r.u64(what))
        case 9: return .addAnimation(try r.u64(what), key: try r.string("\(what) key"), try r.animation())
        case 10: return .removeAnimation(try r.u64(what), key: try r.string("\(what) key"))
        case 12: return .attachRoot(try r.u64(what))
        case 13: return .detachRoot(try r.u64(what))
        case 16: return .setMask(try r.u64(what), mask: try r.u64(what))
        case 17: return .setRootOutput(try r.u64(what), output: try r.string("\(what) output", max: WireFormat.maxOutputName))
        case 19: return .defineBuffer(try r.u64(what), fdIndex: try r.u16(what))
        case 20:
            return .updateImageFromBuffer(try r.u64(what), x: try r.u32(what), y: try r.u32(what), width: try r.u32(what),
                                          height: try r.u32(what), buffer: try r.u64(what), offset: try r.u32(what))
        case 21: return .releaseBuffer(try r.u64(what))
        case 22: return try decodePresentDrawable(&r, what)
        case 23: return .discardDrawables(try r.u64(what))
        case 24: return try decodeInvalidateTiles(&r, what)
        case 25: return try decodeDeliverTile(&r, what)
        case 14:
            return .updateImage(try r.u64(what), x: try r.u32(what), y: try r.u32(what), width: try r.u32(what),
                                height: try r.u32(what), fdIndex: try r.u16(what))
        case 26: return .setContextLayer(try r.token(what), layer: try r.u64(what))
        case 27: return .revokeContext(try r.token(what))
        case 29: return .focusHosted(try r.u64(what))
        case 28: return .hostContext(try r.u64(what), token: try r.token(what), replayed: try r.bool("\(what) replayed"))
        default: throw ProtocolError.unknownOperation(code)
        }
    }

    private static func decodeSetProperty(_ r: inout ByteReader, _ what: String) throws -> LayerOperation {
        let id = try r.u64(what)
        let raw = try r.u16("\(what) property")
        guard let property = LayerProperty(rawValue: raw) else { throw ProtocolError.unknownProperty(raw) }
        let value = try r.value("\(what) \(property.name)")
        guard value.kind == property.kind else {
            throw ProtocolError.invalid("\(what): \(property.name) needs a \(property.kind) value, got \(value.kind)")
        }
        if let error = property.rangeError(value) { throw ProtocolError.invalid("\(what): \(error)") }
        return .setProperty(id, property, value)
    }

    private static func decodePresentDrawable(_ r: inout ByteReader, _ what: String) throws -> LayerOperation {
        let (layer, buffer, width, height) = (try r.u64(what), try r.u64(what), try r.u32(what), try r.u32(what))
        let raw = try r.u8("\(what) pixel format"), colour = try r.u8("\(what) colorimetry")
        guard colour < 4 else { throw ProtocolError.invalid("\(what): unknown colorimetry \(colour)") }
        let c = YUVColorimetry(matrix: colour & 1 == 0 ? .bt601 : .bt709, fullRange: colour & 2 != 0)
        let format: DrawableFormat
        switch raw {
        case 0: format = .rgba
        case 1: format = .bgra
        case 2: format = .nv12(c)
        case 3: format = .i420(c)
        default: throw ProtocolError.invalid("\(what): unknown pixel format \(raw)")
        }
        let presentAt = try r.f64("\(what) present time")
        guard presentAt.isFinite, presentAt >= 0 else { throw ProtocolError.invalid("\(what): present time \(presentAt) is not a finite time") }
        return .presentDrawable(layer, buffer: buffer, width: width, height: height, format: format, presentAt: presentAt)
    }

    private static func decodeInvalidateTiles(_ r: inout ByteReader, _ what: String) throws -> LayerOperation {
        let layer = try r.u64(what), generation = try r.u64("\(what) generation")
        switch try r.u8("\(what) rect flag") {
        case 0: return .invalidateTiles(layer, rect: nil, generation: generation)
        case 1:
            let rect = CGRect(x: try r.finiteF64(what), y: try r.finiteF64(what), width: try r.finiteF64(what), height: try r.finiteF64(what))
            return .invalidateTiles(layer, rect: rect, generation: generation)
        case let flag: throw ProtocolError.invalid("\(what): rect flag \(flag) is neither 0 nor 1")
        }
    }

    private static func decodeDeliverTile(_ r: inout ByteReader, _ what: String) throws -> LayerOperation {
        let layer = try r.u64(what), key = try r.tileKey(what), generation = try r.u64("\(what) generation")
        let width = try r.u32("\(what) width"), height = try r.u32("\(what) height")
        switch try r.u8("\(what) source") {
        case 0:
            return .deliverTile(layer, key, generation: generation, width: width, height: height,
                                source: .buffer(try r.u64("\(what) buffer"), offset: try r.u32("\(what) offset")))
        case 1:
            return .deliverTile(layer, key, generation: generation, width: width, height: height,
                                source: .descriptor(fdIndex: try r.u16("\(what) fd index")))
        case let tag: throw ProtocolError.invalid("\(what): tile source \(tag) is neither 0 nor 1")
        }
    }

    // MARK: server → client

    public static func encode(_ m: ServerMessage) -> [UInt8] {
        var w = ByteWriter()
        switch m {
        case let .welcome(version, clientID): w.u16(version); w.u32(clientID)
        case let .animationStarted(layer, key): w.u64(layer); w.string(key)
        case let .animationStopped(layer, key, finished): w.u64(layer); w.string(key); w.bool(finished)
        case .transactionCompleted(let id): w.u64(id)
        case let .snapshot(id, width, height): w.u32(id); w.u32(width); w.u32(height)
        case let .snapshotUnavailable(id, reason): w.u32(id); w.string(reason)
        case let .tree(id, json), let .stats(id, json): w.u32(id); w.string(json)
        case .error(let text): w.string(text)
        case let .frameTick(timestamp, duration): w.f64(timestamp); w.f64(duration)
        case .outputs(let outputs):
            w.u16(UInt16(min(outputs.count, Int(UInt16.max))))
            for o in outputs.prefix(Int(UInt16.max)) {
                w.string(o.name); w.u32(o.width); w.u32(o.height); w.f64(o.refreshHz); w.f64(o.scale)
                let insets = o.safeAreaInsets
                w.f64(insets.top); w.f64(insets.left); w.f64(insets.bottom); w.f64(insets.right)
            }
        case .input(let event), .observedInput(let event): w.inputEvent(event)
        case .injectResult(let refusal): w.string(refusal)
        case .bufferReleased(let id): w.u64(id)
        case let .transactionPresented(id, presentedAt): w.u64(id); w.f64(presentedAt)
        case let .layerError(layer, reason): w.u64(layer); w.string(reason)
        case let .tileRequests(layer, keys), let .tileCancels(layer, keys):
            w.u64(layer)
            w.u16(UInt16(min(keys.count, WireFormat.maxListCount)))
            for key in keys.prefix(WireFormat.maxListCount) { w.tileKey(key) }
        case .virtualClock(let now): w.f64(now)
        case let .clockAdvanced(id, now, refusal): w.u32(id); w.f64(now); w.string(refusal)
        case let .contextCreated(id, token, refusal): w.u32(id); w.token(token); w.string(refusal)
        case let .hostedContext(layer, status, reason): w.u64(layer); w.u8(status.rawValue); w.string(reason)
        case let .contextHosts(token, hosted): w.token(token); w.bool(hosted)
        case let .rootContexts(id, tokens, refusal):
            w.u32(id); w.u16(UInt16(min(tokens.count, ServerMessage.maxRootTokens)))
            for t in tokens.prefix(ServerMessage.maxRootTokens) { w.token(t) }
            w.string(refusal)
        }
        return frame(type: m.typeCode, body: w)
    }

    public static func decodeServer(type: UInt16, body: [UInt8]) throws -> ServerMessage {
        var r = ByteReader(body)
        let m: ServerMessage
        switch type {
        case 101: m = .welcome(version: try r.u16("version"), clientID: try r.u32("client id"))
        case 102: m = .animationStarted(try r.u64("layer"), key: try r.string("key"))
        case 103: m = .animationStopped(try r.u64("layer"), key: try r.string("key"), finished: try r.bool("finished"))
        case 104: m = .transactionCompleted(try r.u64("transaction id"))
        case 105: m = .snapshot(requestID: try r.u32("request id"), width: try r.u32("width"), height: try r.u32("height"))
        case 106: m = .snapshotUnavailable(requestID: try r.u32("request id"), reason: try r.string("reason"))
        case 107: m = .tree(requestID: try r.u32("request id"), json: try r.string("json", max: WireFormat.maxMessageSize))
        case 108: m = .stats(requestID: try r.u32("request id"), json: try r.string("json", max: WireFormat.maxMessageSize))
        case 109: m = .error(try r.string("error"))
        case 110: m = .frameTick(timestamp: try r.finiteF64("timestamp"), duration: try r.finiteF64("duration"))
        case 111:
            let count = try r.u16("output count")
            m = .outputs(try (0..<count).map { i in
                let info = OutputInfo(name: try r.string("output \(i) name", max: WireFormat.maxOutputName), width: try r.u32("output \(i) width"),
                                      height: try r.u32("output \(i) height"), refreshHz: try r.finiteF64("output \(i) refresh"),
                                      scale: try r.finiteF64("output \(i) scale"),
                                      safeAreaInsets: SafeAreaInsets(top: try r.finiteF64("output \(i) safe-area top"), left: try r.finiteF64("output \(i) safe-area left"),
                                                                     bottom: try r.finiteF64("output \(i) safe-area bottom"), right: try r.finiteF64("output \(i) safe-area right")))
                guard info.scale > 0 else { throw ProtocolError.invalid("output \(i) scale \(info.scale) is not positive") }
                guard info.safeAreaInsets.isValid else { throw ProtocolError.invalid("output \(i) safe-area insets \(info.safeAreaInsets) are not all 0 or more") }
                return info
            })
        case 112: m = .input(try r.inputEvent())
        case 113: m = .injectResult(try r.string("inject result"))
        case 114: m = .bufferReleased(try r.u64("buffer"))
        case 115: m = .transactionPresented(transactionID: try r.u64("transaction id"), presentedAt: try r.finiteF64("presented at"))
        case 116: m = .layerError(try r.u64("layer"), reason: try r.string("reason"))
        case 117, 118:
            let layer = try r.u64("layer"), count = Int(try r.u16("tile count"))
            guard count <= WireFormat.maxListCount else { throw ProtocolError.invalid("\(count) tiles in one message (at most \(WireFormat.maxListCount))") }
            let keys = try (0..<count).map { _ in try r.tileKey("tile") }
            m = type == 117 ? .tileRequests(layer, keys) : .tileCancels(layer, keys)
        case 119: m = .virtualClock(now: try r.finiteF64("virtual time"))
        case 120: m = .clockAdvanced(requestID: try r.u32("request id"), now: try r.finiteF64("virtual time"), refusal: try r.string("refusal"))
        case 121: m = .contextCreated(requestID: try r.u32("request id"), token: try r.token("token"), refusal: try r.string("refusal"))
        case 122:
            let layer = try r.u64("layer"), raw = try r.u8("hosting status")
            guard let status = HostingStatus(rawValue: raw) else { throw ProtocolError.invalid("unknown hosting status \(raw)") }
            m = .hostedContext(layer, status: status, reason: try r.string("reason"))
        case 123: m = .contextHosts(try r.token("token"), hosted: try r.bool("hosted"))
        case 124: m = .observedInput(try r.inputEvent())
        case 125:
            let id = try r.u32("request id"), count = Int(try r.u16("token count"))
            guard count <= ServerMessage.maxRootTokens else { throw ProtocolError.invalid("rootContexts: \(count) tokens (at most \(ServerMessage.maxRootTokens))") }
            m = .rootContexts(requestID: id, tokens: try (0..<count).map { _ in try r.token("token") }, refusal: try r.string("refusal"))
        default: throw ProtocolError.unknownMessageType(type)
        }
        try r.expectEnd()
        return m
    }
}

/// Splits a byte stream into frames. Feed it bytes as they arrive; it never reads past a frame.
public struct FrameAssembler: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }
    public mutating func append(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// Bytes received but not yet returned as a frame.
    public var pendingByteCount: Int { buffer.count - start }

    /// The next complete frame, nil if more bytes are needed; throws when the declared size is too large.
    public mutating func next() throws -> (type: UInt16, body: [UInt8])? {
        let available = buffer.count - start
        guard available >= WireFormat.headerSize else { compact(); return nil }
        var length = 0
        for i in 0..<4 { length |= Int(buffer[start + i]) << (8 * i) }
        guard length <= WireFormat.maxMessageSize else { throw ProtocolError.messageTooLarge(length) }
        guard available >= WireFormat.headerSize + length else { compact(); return nil }
        let type = UInt16(buffer[start + 4]) | UInt16(buffer[start + 5]) << 8
        let bodyStart = start + WireFormat.headerSize
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return (type, body)
    }

    private mutating func compact() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
