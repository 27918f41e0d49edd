import Foundation
import StrataCore
import StrataProtocol
import Testing

/// An independent little-endian encoder used to spell out expected wire bytes by hand
/// (deliberately not `ByteWriter`, so the tests do not check the encoder against itself).
struct LE {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xff), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8((v >> (8 * UInt32(i))) & 0xff)) } }
    mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8((v >> (8 * UInt64(i))) & 0xff)) } }
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func string(_ s: String) { let b = Array(s.utf8); u32(UInt32(b.count)); bytes += b }
    mutating func raw(_ b: [UInt8]) { bytes += b }

    /// Wraps `bytes` as a frame body: u32 length, u16 type, body.
    func frame(type: UInt16) -> [UInt8] {
        var f = LE()
        f.u32(UInt32(bytes.count)); f.u16(type); f.raw(bytes)
        return f.bytes
    }
}

/// Runs `body` and returns the `ProtocolError` it threw (nil when it did not throw one).
func protocolError<T>(_ body: () throws -> T) -> ProtocolError? {
    do { _ = try body(); return nil } catch let e as ProtocolError { return e } catch { return nil }
}

extension ProtocolError {
    var isTruncated: Bool { if case .truncated = self { true } else { false } }
    var invalidReason: String? { if case .invalid(let why) = self { why } else { nil } }
}

/// One frame out of an assembler fed `bytes`; asserts nothing is left over.
func singleFrame(_ bytes: [UInt8]) throws -> (type: UInt16, body: [UInt8]) {
    var a = FrameAssembler()
    a.append(bytes)
    let f = try #require(try a.next())
    #expect(try a.next() == nil)
    #expect(a.pendingByteCount == 0)
    return f
}

/// encode → FrameAssembler → decodeClient.
func roundTrip(_ m: ClientMessage) throws -> ClientMessage {
    let f = try singleFrame(MessageCoding.encode(m))
    #expect(f.type == m.typeCode)
    return try MessageCoding.decodeClient(type: f.type, body: f.body)
}

/// encode → FrameAssembler → decodeServer.
func roundTrip(_ m: ServerMessage) throws -> ServerMessage {
    let f = try singleFrame(MessageCoding.encode(m))
    #expect(f.type == m.typeCode)
    return try MessageCoding.decodeServer(type: f.type, body: f.body)
}

/// The body of a commit frame holding `ops` (encoded by `MessageCoding`).
func commitBody(_ ops: [LayerOperation], transactionID: UInt64 = 1, fdCount: UInt16 = 0) throws -> [UInt8] {
    try singleFrame(MessageCoding.encode(ClientMessage.commit(Commit(transactionID: transactionID, operations: ops,
                                                                      fdCount: fdCount)))).body
}

/// A commit body with one hand-written operation.
func commitBody(rawOperation op: [UInt8], count: UInt32 = 1) -> [UInt8] {
    var w = LE()
    w.u64(1); w.u8(0); w.u16(0); w.u32(count); w.raw(op)
    return w.bytes
}

func decodeCommit(_ body: [UInt8]) throws -> ClientMessage {
    try MessageCoding.decodeClient(type: 2, body: body)
}

enum Samples {
    static let transform = Transform3D(elements: (1...16).map { CGFloat($0) * 0.5 - 3 })
    static let color = Color(red: 0.125, green: 0.25, blue: 0.5, alpha: 0.75)

    /// A closed triangle (shadowPath values).
    static let triangle = Path(elements: [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 30, y: 2)), .line(CGPoint(x: 15, y: 25)), .close])

    /// One value of every kind layer properties have (colour and path twice: present and absent; bool both
    /// ways).
    static let values: [AnimatableValue] = [
        .scalar(0.5), .scalar(-1e300), .point(CGPoint(x: 1.5, y: -2.25)), .size(CGSize(width: 3, height: 4.5)),
        .rect(CGRect(x: -1, y: 2, width: 30, height: 40)), .transform(transform), .transform(.identity),
        .color(color), .color(nil), .bool(true), .bool(false), .path(triangle), .path(nil),
        .string("Noto Sans CJK SC"), .string(nil), .text(attributedText), .text(AttributedText("plain")), .text(nil),
        .emitterCells(cells), .emitterCells([]), .filters(filters), .filters([]),
        .image(.none), .image(ContentsImage(7)), .image(ContentsImage(from: 0, to: 1 << 40, fraction: 0.5)),
    ]

    /// A blur (named, disabled), a colour matrix with every vector set, colour controls and a blend mode.
    static let filters: [FilterModel] = {
        var blur = FilterModel(type: .gaussianBlur, name: "frost")
        try? blur.setValue(.scalar(12.5), forKey: "inputRadius")
        blur.isEnabled = false
        var matrix = FilterModel(type: .colorMatrix)
        for (i, key) in ["inputRVector", "inputGVector", "inputBVector", "inputAVector", "inputBiasVector"].enumerated() {
            try? matrix.setValue(.numbers([0.1, 0.2, 0.3, CGFloat(i) / 10]), forKey: key)
        }
        var controls = FilterModel(type: .colorControls)
        try? controls.setValue(.scalar(0.5), forKey: "inputSaturation")
        return [blur, matrix, controls, FilterModel(type: .colorInvert)]
    }()

    /// D19's fire cell with a named sub-cell, contents, timing and every number set apart from its default.
    static let cells: [EmitterCellModel] = {
        var fire = EmitterCellModel(name: "fire")
        for (i, k) in EmitterCellModel.scalarKeyPaths.enumerated() { fire[keyPath: k] = CGFloat(i) + 0.25 }
        fire.color = Color(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        fire.contentsImage = 7
        fire.contentsRect = CGRect(x: 0, y: 0.5, width: 1, height: 0.5)
        fire.magnificationFilter = .nearest
        fire.timing.beginTime = 0.5
        fire.timing.duration = 2
        fire.timing.autoreverses = true
        fire.timing.fillMode = .both
        var smoke = EmitterCellModel(name: nil)
        smoke.isEnabled = false
        fire.emitterCells = [smoke]
        return [fire, EmitterCellModel(name: "glow")]
    }()

    /// D9's rich text, with every attribute set somewhere.
    static let attributedText = AttributedText("Lorem ipsum dolor 你好 😀", runs: [
        TextRun(location: 0, length: 6, attributes: TextAttributes(font: "DejaVu Sans", fontSize: 15, foregroundColor: .black)),
        TextRun(location: 6, length: 5, attributes: TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0, alpha: 1), underline: .single,
                                                                   underlineColor: color, strikethrough: .double, strikethroughColor: .black,
                                                                   kern: 1.5, baselineOffset: -2)),
        TextRun(location: 18, length: 2, attributes: TextAttributes(underline: .thick)),
    ])

    static var fullTiming: MediaTiming {
        var t = MediaTiming()
        t.beginTime = 12.5; t.duration = 3; t.speed = 1.5; t.timeOffset = 0.25
        t.repeatCount = 4; t.repeatDuration = 0; t.autoreverses = true; t.fillMode = .both
        return t
    }

    static let animation = AnimationSpec(
        keyPath: LayerKeyPath(property: .position),
        kind: .basic(from: .point(CGPoint(x: 1, y: 2)), to: .point(CGPoint(x: 3, y: 4)), by: nil),
        timing: fullTiming, timingFunction: .easeInEaseOut,
        isRemovedOnCompletion: false, isAdditive: true, isCumulative: true)

    /// Every operation kind, with non-trivial field values.
    static let operations: [LayerOperation] = [
        .createLayer(0x0102_0304_0506_0708),
        .releaseLayer(2),
        .setProperty(3, .bounds, .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
        .insertSublayer(parent: 4, child: 5, index: 7),
        .removeFromSuperlayer(6),
        .defineImage(7, width: 640, height: 480, fdIndex: 3),
        .releaseImage(8),
        .setContents(9, 0),
        .addAnimation(10, key: "slide", animation),
        .removeAnimation(11, key: "fade"),
        .attachRoot(13),
        .detachRoot(UInt64.max),
        .updateImage(14, x: 1, y: 2, width: 3, height: 4, fdIndex: 2),
        .createLayer(15, kind: .transform),
        .setMask(16, mask: 17),
        .setRootOutput(18, output: "HDMI-A-1"),
        .setRootOutput(19, output: ""),
        .createLayer(20, kind: .shape),
        .createLayer(21, kind: .gradient),
        .createLayer(22, kind: .replicator),
        .defineImage(23, width: 64, height: 32, fdIndex: 0, format: .bgra),
        .defineBuffer(24, fdIndex: 1),
        .updateImageFromBuffer(25, x: 1, y: 2, width: 3, height: 4, buffer: 24, offset: 4096),
        .releaseBuffer(24),
        .presentDrawable(26, buffer: 27, width: 1280, height: 720, format: .rgba),
        .presentDrawable(28, buffer: 29, width: 1, height: 16384, format: .bgra),
        .presentDrawable(30, buffer: 31, width: 1921, height: 1081, format: .nv12(YUVColorimetry(matrix: .bt709, fullRange: false)), presentAt: 1234.5),
        .presentDrawable(32, buffer: 33, width: 2, height: 2, format: .i420(YUVColorimetry(matrix: .bt601, fullRange: true)), presentAt: 0.25),
        .discardDrawables(34),
        .invalidateTiles(35, rect: nil, generation: 1),
        .invalidateTiles(36, rect: CGRect(x: -1.5, y: 2, width: 300, height: 0.25), generation: UInt64.max),
        .deliverTile(37, TileKey(level: 3, column: 70000, row: 1), generation: 9, width: 256, height: 17, source: .buffer(38, offset: 4096)),
        .deliverTile(39, TileKey(level: 0, column: 0, row: 0), generation: 0, width: 1, height: 4096, source: .descriptor(fdIndex: 3)),
    ]

    static let clientMessages: [ClientMessage] = [
        .hello(version: 1),
        .hello(version: 0xBEEF),
        .commit(Commit(transactionID: 42, operations: [])),
        .commit(Commit(transactionID: UInt64.max, wantsCompletion: true, operations: operations, fdCount: 4)),
        .snapshotRequest(requestID: 7),
        .snapshotRequest(requestID: 8, output: "HDMI-A-1"),
        .treeRequest(requestID: 0xFFFF_FFFF),
        .statsRequest(requestID: 0),
        .injectInput([InjectedInput(kind: .touchDown, position: CGPoint(x: 10.5, y: -3), touchID: -2),
                      InjectedInput(kind: .key, output: "HDMI-A-1", pressed: true, keysym: 0x20ac, text: "€"),
                      InjectedInput(kind: .pointerAxis, scrollX: 1.5, scrollY: -15)]),
        .advanceClock(requestID: 9, seconds: 1 / 60),
        .advanceClock(requestID: 10, seconds: 0),
        .advanceClock(requestID: 11, seconds: ClientMessage.maxClockStep),
    ]

    static let serverMessages: [ServerMessage] = [
        .welcome(version: 1, clientID: 77),
        .animationStarted(5, key: "spin"),
        .animationStopped(5, key: "spin", finished: true),
        .animationStopped(6, key: "", finished: false),
        .transactionCompleted(0xDEAD_BEEF_0000_0001),
        .snapshot(requestID: 3, width: 1920, height: 1080),
        .snapshotUnavailable(requestID: 4, reason: "no frame yet"),
        .tree(requestID: 5, json: #"{"clients":[]}"#),
        .stats(requestID: 6, json: #"{"frames_rendered":3}"#),
        .error("unknown message type 99 — é ✓"),
        .outputs([]),
        .outputs([OutputInfo(name: "HDMI-A-1", width: 1080, height: 1920, refreshHz: 59.94),
                  OutputInfo(name: "DP-1", width: 800, height: 480, refreshHz: 60)]),
        .input(InputEvent(kind: .touchMotion, timestamp: 12.25, layer: 7, hitLayer: 9, location: CGPoint(x: -1.5, y: 300), touchID: 3)),
        .input(InputEvent(kind: .key, timestamp: 1, pressed: true, keysym: 0x61, text: "a")),
        .injectResult(""),
        .injectResult("input injection is off"),
        .bufferReleased(24),
        .transactionPresented(transactionID: 0xDEAD_BEEF_0000_0002, presentedAt: 1234.5678),
        .transactionPresented(transactionID: 0, presentedAt: 0),
        .tileRequests(40, [TileKey(level: 1, column: 2, row: 3), TileKey(level: 0, column: UInt32.max, row: 0)]),
        .tileRequests(41, []),
        .tileCancels(42, [TileKey(level: 255, column: 5, row: 6)]),
        .virtualClock(now: 1000.015625),
        .clockAdvanced(requestID: 9, now: 1001, refusal: ""),
        .clockAdvanced(requestID: 10, now: 1000, refusal: "advanceClock: only inspectors may advance the clock"),
    ]
}
