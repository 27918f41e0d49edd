import Foundation
import StrataCore
import StrataProtocol
import Testing

@Suite("Malformed input is rejected")
struct RejectionTests {
    // MARK: truncation

    @Test("every strict prefix of a client message body throws truncated", arguments: Samples.clientMessages)
    func truncatedClient(_ m: ClientMessage) throws {
        let f = try singleFrame(MessageCoding.encode(m))
        #expect(!f.body.isEmpty)
        for n in 0..<f.body.count {
            let e = protocolError { try MessageCoding.decodeClient(type: f.type, body: Array(f.body.prefix(n))) }
            // A prefix that ends with a commit's operation count can't hold that many operations: the
            // decoder says so before reading any (the guard against huge counts), which is also right.
            let countCheck = e.map { "\($0)".contains("exceeds message size") } ?? false
            #expect(e?.isTruncated == true || countCheck, "prefix \(n) of \(f.body.count): \(String(describing: e))")
        }
    }

    @Test("every strict prefix of a server message body throws truncated", arguments: Samples.serverMessages)
    func truncatedServer(_ m: ServerMessage) throws {
        let f = try singleFrame(MessageCoding.encode(m))
        for n in 0..<f.body.count {
            let e = protocolError { try MessageCoding.decodeServer(type: f.type, body: Array(f.body.prefix(n))) }
            #expect(e?.isTruncated == true, "prefix \(n) of \(f.body.count): \(String(describing: e))")
        }
    }

    @Test("truncation names the field being read")
    func truncatedNames() {
        #expect(protocolError { try MessageCoding.decodeClient(type: 1, body: [0x53, 0x54, 0x52, 0x41, 1]) }
                == .truncated("protocol version"))
        #expect(protocolError { try MessageCoding.decodeClient(type: 1, body: [0x53, 0x54]) } == .truncated("handshake magic"))
        #expect(protocolError { try MessageCoding.decodeClient(type: 3, body: []) } == .truncated("request id"))
        #expect(protocolError { try MessageCoding.decodeServer(type: 104, body: [1, 2, 3]) } == .truncated("transaction id"))
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: [1, 0, 0])) } == .truncated("operation 0"))
    }

    // MARK: framing and message level

    @Test("bad handshake magic")
    func badMagic() {
        #expect(protocolError { try MessageCoding.decodeClient(type: 1, body: Array("STRB".utf8) + [1, 0]) } == .badMagic)
        #expect(protocolError { try MessageCoding.decodeClient(type: 1, body: Array("stra".utf8) + [1, 0]) } == .badMagic)
        #expect(ProtocolError.badMagic.description == "bad handshake magic (expected \"STRA\")")
    }

    @Test("hello with another version decodes; version checking is the server's job")
    func otherVersion() throws {
        #expect(try MessageCoding.decodeClient(type: 1, body: Array("STRA".utf8) + [1, 0]) == .hello(version: 1))
        #expect(ProtocolError.unsupportedVersion(1).description == "unsupported protocol version 1 (server speaks 3)")
    }

    @Test("unknown message types")
    func unknownType() {
        #expect(protocolError { try MessageCoding.decodeClient(type: 0, body: []) } == .unknownMessageType(0))
        #expect(protocolError { try MessageCoding.decodeClient(type: 11, body: [0, 0, 0, 0]) } == .unknownMessageType(11))
        #expect(protocolError { try MessageCoding.decodeClient(type: 101, body: [1, 0, 1, 0, 0, 0]) } == .unknownMessageType(101))
        #expect(protocolError { try MessageCoding.decodeServer(type: 1, body: Array("STRA".utf8) + [1, 0]) } == .unknownMessageType(1))
        #expect(protocolError { try MessageCoding.decodeServer(type: 126, body: []) } == .unknownMessageType(126))
    }

    @Test("a clock step is a finite 0…600 s", arguments: [-0.001, 600.5, Double.nan, .infinity, -.infinity])
    func clockStepBounds(seconds: Double) throws {
        let frame = try singleFrame(MessageCoding.encode(ClientMessage.advanceClock(requestID: 1, seconds: seconds)))
        let error = protocolError { try MessageCoding.decodeClient(type: frame.type, body: frame.body) }
        #expect(error.map { "\($0)".contains("seconds") || "\($0)".contains("clock step") } == true, "\(String(describing: error))")
    }

    @Test("transactionPresented needs a finite time", arguments: [Double.nan, .infinity, -.infinity])
    func presentedAtNonFinite(_ x: Double) {
        var w = LE()
        w.u64(7); w.f64(x)
        #expect(protocolError { try MessageCoding.decodeServer(type: 115, body: w.bytes) } == .invalid("presented at: \(x) is not a finite number"))
        #expect(protocolError { try MessageCoding.decodeServer(type: 115, body: [7, 0, 0, 0, 0, 0, 0, 0]) } == .truncated("presented at"))
    }

    @Test("an image's pixel format is rgba or bgra")
    func pixelFormats() throws {
        var w = LE()
        w.u8(18); w.u64(1); w.u32(2); w.u32(2); w.u8(2); w.u16(0)
        var c = LE()
        c.u64(1); c.u8(0); c.u16(1); c.u32(1); c.raw(w.bytes)
        #expect(protocolError { try MessageCoding.decodeClient(type: 2, body: c.bytes) } == .invalid("operation 0: unknown pixel format 2"))
        // A drawable's too.
        var p = LE()
        p.u8(22); p.u64(1); p.u64(2); p.u32(4); p.u32(4); p.u8(7); p.u8(0); p.f64(0)
        var d = LE()
        d.u64(1); d.u8(0); d.u16(1); d.u32(1); d.raw(p.bytes)
        #expect(protocolError { try MessageCoding.decodeClient(type: 2, body: d.bytes) } == .invalid("operation 0: unknown pixel format 7"))
    }

    @Test("injected input: 1…256 events, known kinds, finite positions, short text")
    func injectedInputBounds() throws {
        func body(_ events: [InjectedInput]) throws -> [UInt8] { try singleFrame(MessageCoding.encode(ClientMessage.injectInput(events))).body }
        let tap = InjectedInput(kind: .touchDown, position: CGPoint(x: 1, y: 2))
        #expect(protocolError { try MessageCoding.decodeClient(type: 7, body: [0, 0]) } == .invalid("injected input count 0 is not 1…256"))
        #expect(protocolError { try MessageCoding.decodeClient(type: 7, body: try body(Array(repeating: tap, count: 257))) }
            == .invalid("injected input count 257 is not 1…256"))
        var unknown = try body([tap])
        unknown[2] = 9
        #expect(protocolError { try MessageCoding.decodeClient(type: 7, body: unknown) } == .invalid("injected input 0: unknown input kind 9"))
        var far = tap
        far.position.x = .infinity
        #expect(protocolError { try MessageCoding.decodeClient(type: 7, body: try body([far])) } != nil)
        let long = InjectedInput(kind: .key, pressed: true, keysym: 0x61, text: String(repeating: "a", count: 65))
        #expect(protocolError { try MessageCoding.decodeClient(type: 7, body: try body([long])) }
            == .invalid("injected input 0 text: string of 65 bytes exceeds 64"))
    }

    @Test("trailing bytes after a complete body")
    func trailing() throws {
        #expect(protocolError { try MessageCoding.decodeClient(type: 1, body: Array("STRA".utf8) + [1, 0, 0]) } == .trailingBytes(1))
        #expect(protocolError { try MessageCoding.decodeClient(type: 5, body: [1, 0, 0, 0, 9, 9, 9]) } == .trailingBytes(3))
        let body = try commitBody([.createLayer(1)]) + [0xFF, 0xFF]
        #expect(protocolError { try decodeCommit(body) } == .trailingBytes(2))
        #expect(protocolError { try MessageCoding.decodeServer(type: 104, body: [1, 0, 0, 0, 0, 0, 0, 0, 0]) } == .trailingBytes(1))
        // An operation count lower than the operations present leaves the rest as trailing bytes.
        var b = try commitBody([.createLayer(1), .createLayer(2)])
        b[11] = 1
        #expect(protocolError { try decodeCommit(b) } == .trailingBytes(10)) // createLayer: code, u64 id, u8 kind
    }

    @Test("operation count larger than the body")
    func operationCount() {
        var w = LE()
        w.u64(1); w.u8(0); w.u16(0); w.u32(1000)
        #expect(protocolError { try decodeCommit(w.bytes) } == .invalid("operation count 1000 exceeds message size"))
    }

    @Test("boolean bytes other than 0 and 1")
    func badBool() {
        var w = LE()
        w.u64(1); w.u8(2); w.u16(0); w.u32(0)
        #expect(protocolError { try decodeCommit(w.bytes) } == .invalid("wantsCompletion: boolean byte 2 is neither 0 nor 1"))
        var s = LE()
        s.u64(1); s.string("k"); s.u8(0xFF)
        #expect(protocolError { try MessageCoding.decodeServer(type: 103, body: s.bytes) }
                == .invalid("finished: boolean byte 255 is neither 0 nor 1"))
    }

    // MARK: operations

    @Test("unknown operation codes", arguments: [UInt8(0), 30, 255])
    func unknownOperation(_ code: UInt8) {
        var op = LE()
        op.u8(code); op.u64(1)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) } == .unknownOperation(code))
    }

    @Test("unknown operation after a valid one")
    func unknownOperationLater() throws {
        let valid = try commitBody([.createLayer(1)])
        var b = Array(valid.prefix(11)); b += [2, 0, 0, 0]     // operation count 2
        b += Array(valid.dropFirst(15)); b += [42]
        #expect(protocolError { try decodeCommit(b) } == .unknownOperation(42))
    }

    @Test("unknown property id")
    func unknownProperty() {
        var op = LE()
        let next = (LayerProperty.allCases.map(\.rawValue).max() ?? 0) + 1 // one past the last property id
        op.u8(3); op.u64(1); op.u16(next); op.u8(1); op.f64(1)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) } == .unknownProperty(next))
        var zero = LE()
        zero.u8(3); zero.u64(1); zero.u16(0); zero.u8(1); zero.f64(1)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: zero.bytes)) } == .unknownProperty(0))
    }

    @Test("unknown value kind", arguments: [UInt8(0), 17, 200]) // 8 is vector3 (value-function inputs), 9 a path, 10 numbers, 11 colours, 12 a string, 13 text, 14 emitter cells, 15 filters, 16 an image
    func unknownValueKind(_ kind: UInt8) {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(5); op.u8(kind); op.f64(1)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) } == .unknownValueKind(kind))
    }

    @Test("a crossfade's fraction outside 0…1 or not finite", arguments: [2.0, -0.5, .nan, .infinity])
    func crossfadeFraction(_ fraction: Double) {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(44); op.u8(16); op.u64(3); op.u64(9); op.f64(fraction)
        let error = protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) }
        #expect(error.map { "\($0)".contains("fraction") } == true, "\(String(describing: error))")
    }

    @Test("layer timing values out of range")
    func timingRanges() throws {
        let negative = try commitBody([.setProperty(1, .duration, .scalar(-1))])
        #expect(protocolError { try decodeCommit(negative) } == .invalid("operation 0: duration must not be negative, got -1.0"))
        let fill = try commitBody([.setProperty(1, .fillMode, .scalar(4))])
        #expect(protocolError { try decodeCommit(fill) }
            == .invalid("operation 0: fillMode must be 0 (removed), 1 (forwards), 2 (backwards) or 3 (both), got 4.0"))
        let half = try commitBody([.setProperty(1, .fillMode, .scalar(1.5))])
        #expect(protocolError { try decodeCommit(half) } != nil)
        let forwards = try commitBody([.setProperty(1, .fillMode, .scalar(1)), .setProperty(1, .repeatCount, .scalar(2.5))])
        #expect(protocolError { try decodeCommit(forwards) } == nil)
    }

    @Test("value kind must match the property")
    func kindMismatch() throws {
        let body = try commitBody([.setProperty(1, .opacity, .point(CGPoint(x: 1, y: 2)))])
        #expect(protocolError { try decodeCommit(body) } == .invalid("operation 0: opacity needs a scalar value, got point"))
        let body2 = try commitBody([.createLayer(1), .setProperty(1, .hidden, .scalar(1))])
        #expect(protocolError { try decodeCommit(body2) } == .invalid("operation 1: hidden needs a bool value, got scalar"))
        let body3 = try commitBody([.setProperty(1, .bounds, .size(CGSize(width: 1, height: 1)))])
        #expect(protocolError { try decodeCommit(body3) } == .invalid("operation 0: bounds needs a rect value, got size"))
    }

    @Test("non-finite numbers in values are rejected",
          arguments: [Double.nan, .infinity, -.infinity, Double(bitPattern: 0x7FF8_0000_0000_0001)])
    func nonFinite(_ x: Double) throws {
        let body = try commitBody([.setProperty(1, .opacity, .scalar(CGFloat(x)))])
        let e = protocolError { try decodeCommit(body) }
        #expect(e?.invalidReason == "operation 0 opacity: \(x) is not a finite number")
        // Also deep inside a transform and a colour.
        var t = Samples.transform.elements
        t[15] = CGFloat(x)
        let tb = try commitBody([.setProperty(1, .transform, .transform(Transform3D(elements: t)))])
        #expect(protocolError { try decodeCommit(tb) }?.invalidReason == "operation 0 transform: \(x) is not a finite number")
        let cb = try commitBody([.setProperty(1, .backgroundColor, .color(Color(red: 0, green: CGFloat(x), blue: 0, alpha: 1)))])
        #expect(protocolError { try decodeCommit(cb) }?.invalidReason == "operation 0 backgroundColor: \(x) is not a finite number")
    }

    @Test("NaN directly through ByteReader.value")
    func nanValue() {
        var w = LE()
        w.u8(2); w.f64(1); w.f64(.nan)
        var r = ByteReader(w.bytes)
        #expect(protocolError { try r.value("p") } == .invalid("p: nan is not a finite number"))
    }

    @Test("colour presence byte must be a boolean")
    func colourPresence() {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(6); op.u8(6); op.u8(2)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) }
                == .invalid("operation 0 backgroundColor colour presence: boolean byte 2 is neither 0 nor 1"))
    }

    @Test("path presence byte must be a boolean, and shadowPath takes only a path")
    func pathPresence() throws {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(35); op.u8(9); op.u8(2)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) }
                == .invalid("operation 0 shadowPath path presence: boolean byte 2 is neither 0 nor 1"))
        let colour = try commitBody([.setProperty(1, .shadowPath, .color(nil))])
        #expect(protocolError { try decodeCommit(colour) } == .invalid("operation 0: shadowPath needs a path value, got color"))
        let flipped = try commitBody([.setProperty(1, .geometryFlipped, .scalar(1))])
        #expect(protocolError { try decodeCommit(flipped) } == .invalid("operation 0: geometryFlipped needs a bool value, got scalar"))
    }

    // MARK: strings

    @Test("strings: too long, invalid UTF-8")
    func strings() {
        var long = LE()
        long.u8(10); long.u64(1); long.string(String(repeating: "a", count: 4097))
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: long.bytes)) }
                == .invalid("operation 0 key: string of 4097 bytes exceeds 4096"))
        var bad = LE()
        bad.u8(10); bad.u64(1); bad.u32(2); bad.raw([0xC3, 0x28])
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: bad.bytes)) } == .invalid("operation 0 key: not valid UTF-8"))
        var err = LE()
        err.u32(0xFFFF_FFFF)
        #expect(protocolError { try MessageCoding.decodeServer(type: 109, body: err.bytes) }
                == .invalid("error: string of 4294967295 bytes exceeds 4096"))
        var output = LE()
        output.u8(17); output.u64(1); output.string(String(repeating: "x", count: 65))
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: output.bytes)) }
                == .invalid("operation 0 output: string of 65 bytes exceeds 64"))
        var stats = LE()
        // stats and tree JSON may be as long as a frame allows (the server bounds what it sends).
        stats.u32(1); stats.u32(UInt32(WireFormat.maxMessageSize) + 1)
        #expect(protocolError { try MessageCoding.decodeServer(type: 108, body: stats.bytes) }
                == .invalid("json: string of 16777217 bytes exceeds 16777216"))
    }

    // MARK: animations

    /// A commit with one addAnimation whose animation bytes are `anim`.
    private func animationCommit(_ anim: [UInt8]) -> [UInt8] {
        var op = LE()
        op.u8(9); op.u64(1); op.string("key"); op.raw(anim)
        return commitBody(rawOperation: op.bytes)
    }

    /// Animation bytes with the given parts (defaults: valid opacity animation to 1).
    private func animationBytes(keyPath: String = "opacity", kind: UInt8 = 1,
                                from: AnimatableValue? = nil, to: AnimatableValue? = .scalar(1), by: AnimatableValue? = nil,
                                timing: [Double] = [0, 1, 1, 0, 0, 0], fill: UInt8 = 0,
                                function: [Double]? = nil, valueStep: Double = 0) -> [UInt8] {
        var w = ByteWriter()
        w.string(keyPath)
        w.u8(kind)
        w.optionalValue(from); w.optionalValue(to); w.optionalValue(by)
        for x in timing { w.f64(x) }
        w.bool(false); w.u8(fill)
        w.bool(function != nil)
        for x in function ?? [] { w.f64(x) }
        w.bool(true); w.bool(false); w.bool(false)
        w.u8(0) // no value function
        w.f64(valueStep)
        return w.bytes
    }

    @Test("the valid baseline animation decodes")
    func baselineAnimation() throws {
        let m = try decodeCommit(animationCommit(animationBytes()))
        var timing = MediaTiming()
        timing.duration = 1
        let spec = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: nil, to: .scalar(1), by: nil), timing: timing)
        #expect(m == .commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "key", spec)])))
    }

    @Test("a value step that is negative, not finite or on a colour is refused")
    func badValueStep() {
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(valueStep: -1))) }
            == .invalid("animation on opacity: invalid value for valueStep: expected a finite number ≥ 0"))
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(valueStep: .nan))) } != nil)
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(keyPath: "backgroundColor", to: .color(.white),
                                                                               valueStep: 1))) }
            == .invalid("animation on backgroundColor: unsupported: valueStep on values that are not numbers, points, sizes or rectangles"))
    }

    @Test("animation with no from, to or by")
    func noValues() {
        let e = protocolError { try decodeCommit(animationCommit(animationBytes(to: nil))) }
        #expect(e == .invalid("animation on opacity: unsupported: CABasicAnimation with no fromValue, toValue or byValue"))
    }

    @Test("animation value kind must match the key path")
    func animationKindMismatch() {
        let e = protocolError { try decodeCommit(animationCommit(animationBytes(keyPath: "position", to: .scalar(1)))) }
        #expect(e == .invalid("animation on position: invalid value for position.toValue: expected point"))
        let ok = protocolError { try decodeCommit(animationCommit(animationBytes(keyPath: "position.y", to: .scalar(1)))) }
        #expect(ok == nil)
    }

    @Test("an empty key path is a custom key: timed by the server, its values of one kind")
    func customKey() throws {
        func spec(_ from: AnimatableValue, _ to: AnimatableValue) -> AnimationSpec {
            AnimationSpec(keyPath: nil, kind: .basic(from: from, to: to, by: nil))
        }
        #expect(protocolError { try decodeCommit(commitBody([.addAnimation(1, key: "time", spec(.scalar(0), .scalar(1.5)))])) } == nil)
        #expect(protocolError { try decodeCommit(commitBody([.addAnimation(1, key: "time", spec(.scalar(0), .point(.zero)))])) }
            == .invalid("animation on custom key: invalid value for custom key: expected values of one kind (scalar, not point)"))
    }

    @Test("shadowPath animates only between paths of one structure; geometryFlipped does not animate")
    func shadowPathAnimation() throws {
        func commit(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue? = nil) throws -> [UInt8] {
            try commitBody([.addAnimation(1, key: "s", AnimationSpec(keyPath: LayerKeyPath(property: .shadowPath),
                                                                      kind: .basic(from: from, to: to, by: by)))])
        }
        let moved = Samples.triangle.mapped { CGPoint(x: $0.x + 5, y: $0.y) }
        var square = Path()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(protocolError { try decodeCommit(commit(.path(Samples.triangle), .path(moved))) } == nil)
        #expect(protocolError { try decodeCommit(commit(nil, .path(moved))) } == nil) // from the value beneath
        #expect(protocolError { try decodeCommit(commit(.path(Samples.triangle), .path(square))) }
            == .invalid("animation on shadowPath: unsupported: animating shadowPath between paths of different structure "
                        + "(fromValue: move, line, line, close; toValue: move, line, line, line, close)"))
        #expect(protocolError { try decodeCommit(commit(.path(nil), .path(square))) }
            == .invalid("animation on shadowPath: unsupported: animating shadowPath from or to no path (fromValue is nil)"))
        #expect(protocolError { try decodeCommit(commit(nil, .path(Samples.triangle), .path(square))) } != nil)
        let flip = try commitBody([.addAnimation(1, key: "f", AnimationSpec(keyPath: LayerKeyPath(property: .geometryFlipped),
                                                                             kind: .basic(from: .bool(false), to: .bool(true), by: nil)))])
        #expect(protocolError { try decodeCommit(flip) } == .invalid("animation on geometryFlipped: unsupported: animation of geometryFlipped"))
    }

    @Test("unsupported key paths", arguments: ["frame", "opacity.x", "position.z", "bounds.size.depth"])
    func badKeyPath(_ path: String) {
        let e = protocolError { try decodeCommit(animationCommit(animationBytes(keyPath: path))) }
        #expect(e == .invalid("animation keyPath \"\(path)\" is not supported"))
    }

    @Test("transition fields are checked")
    func badTransition() throws {
        func bytes(_ t: Transition) throws -> [UInt8] {
            try commitBody([.addAnimation(1, key: "transition", AnimationSpec(keyPath: nil, kind: .transition(t)))])
        }
        #expect(protocolError { try decodeCommit(bytes(Transition(startProgress: 0.75, endProgress: 0.5))) }
            == .invalid("animation on transition: invalid value for CATransition.endProgress: expected a number ≥ startProgress"))
        #expect(protocolError { try decodeCommit(bytes(Transition(endProgress: 2))) }
            == .invalid("animation on transition: invalid value for CATransition.endProgress: expected a number in 0…1"))
        var typeByte = try bytes(Transition(kind: .push, direction: .fromTop))
        // The transition's type byte follows the empty key path (u32 0) and the kind code 5.
        let kindAt = try #require((0..<typeByte.count - 1).first { typeByte[$0] == 5 && typeByte[$0 + 1] == Transition.Kind.push.rawValue })
        // The first value past the known types (the private effects end at 11).
        typeByte[kindAt + 1] = 12
        #expect(protocolError { try decodeCommit(typeByte) } == .invalid("unknown transition type 12"))
    }

    @Test("unknown animation kind")
    func badKind() {
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(kind: 6))) } == .invalid("unknown animation kind 6"))
        // 5 is a transition, which takes no key path.
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(kind: 5))) }
            == .invalid("an animation transition has no keyPath (got \"opacity\")"))
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(kind: 0))) } == .invalid("unknown animation kind 0"))
    }

    @Test("unknown fill mode")
    func badFill() {
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(fill: 4))) } == .invalid("unknown fillMode 4"))
    }

    @Test("timing checks", arguments: [
        ([0, -1, 1, 0, 0, 0], "animation on opacity: invalid value for duration: expected a finite number ≥ 0"),
        ([0, .nan, 1, 0, 0, 0], "animation on opacity: invalid value for duration: expected a finite number ≥ 0"),
        ([0, .infinity, 1, 0, 0, 0], "animation on opacity: invalid value for duration: expected a finite number ≥ 0"),
        ([0, 1, 1, 0, -1, 0], "animation on opacity: invalid value for repeatCount: expected a number ≥ 0"),
        ([0, 1, 1, 0, .nan, 0], "animation on opacity: invalid value for repeatCount: expected a number ≥ 0"),
        ([.nan, 1, 1, 0, 0, 0], "animation on opacity: invalid value for beginTime: expected a finite number"),
        ([0, 1, .infinity, 0, 0, 0], "animation on opacity: invalid value for speed: expected a finite number"),
    ] as [([Double], String)])
    func badTiming(_ timing: [Double], _ reason: String) {
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(timing: timing))) } == .invalid(reason))
    }

    @Test("timing function control points: x outside 0…1 or non-finite rejected, y unbounded")
    func timingFunction() {
        for bad in [[-0.1, 0, 0.5, 1], [0.5, 0, 1.5, 1], [0.5, .nan, 0.5, 1], [0.5, 0, 0.5, .infinity]] {
            let e = protocolError { try decodeCommit(animationCommit(animationBytes(function: bad))) }
            #expect(e?.invalidReason?.hasPrefix("timingFunction control points") == true, "\(bad)")
        }
        #expect(protocolError { try decodeCommit(animationCommit(animationBytes(function: [0, -2, 1, 3]))) } == nil)
    }

    @Test("non-finite animation values are rejected")
    func nonFiniteAnimationValue() {
        let e = protocolError { try decodeCommit(animationCommit(animationBytes(from: .scalar(.nan)))) }
        #expect(e == .invalid("fromValue: nan is not a finite number"))
    }

    // MARK: frame size

    @Test("oversize length header throws messageTooLarge as soon as the header is complete")
    func tooLarge() throws {
        var a = FrameAssembler()
        a.append([0x01, 0x00, 0x00, 0x01, 2])          // 16 MiB + 1, header still incomplete
        #expect(try a.next() == nil)
        a.append([0])
        #expect(protocolError { try a.next() } == .messageTooLarge(16_777_217))
        var b = FrameAssembler()
        b.append([0xFF, 0xFF, 0xFF, 0xFF, 2, 0])
        #expect(protocolError { try b.next() } == .messageTooLarge(4_294_967_295))
    }

    @Test("a length of exactly 16 MiB is accepted and waits for its body")
    func maxSize() throws {
        var a = FrameAssembler()
        a.append([0x00, 0x00, 0x00, 0x01, 2, 0])
        #expect(try a.next() == nil)
        #expect(a.pendingByteCount == 6)
    }
}
