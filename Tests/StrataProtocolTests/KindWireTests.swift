import Foundation
import StrataCore
import StrataProtocol
import Testing

/// The layer kinds on the wire: createLayer's kind byte, the kinds' properties and their value rules,
/// and the list value kinds, each checked where the message is decoded.
@Suite("Layer kinds on the wire")
struct KindWireTests {
    /// A setProperty of `property` with `value` written by hand.
    func setProperty(_ property: UInt16, _ value: (inout LE) -> Void) -> [UInt8] {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(property)
        value(&op)
        return commitBody(rawOperation: op.bytes)
    }

    @Test("createLayer carries the kind; an unknown kind is refused")
    func createLayerKind() throws {
        for kind in LayerKind.allCases {
            let body = try commitBody([.createLayer(5, kind: kind)])
            #expect(Array(body.suffix(10)) == [1, 5, 0, 0, 0, 0, 0, 0, 0, kind.rawValue])
            #expect(try decodeCommit(body) == .commit(Commit(transactionID: 1, operations: [.createLayer(5, kind: kind)])))
        }
        var op = LE()
        op.u8(1); op.u64(5); op.u8(10)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) } == .invalid("operation 0: unknown layer kind 10"))
    }

    @Test("shape properties are checked against their rules")
    func shapeRules() {
        // lineWidth (54) must not be negative.
        #expect(protocolError { try decodeCommit(setProperty(54) { $0.u8(1); $0.f64(-1) }) }
                == .invalid("operation 0: lineWidth must not be negative, got -1.0"))
        // lineCap (55) is 0 butt, 1 round, 2 square.
        #expect(protocolError { try decodeCommit(setProperty(55) { $0.u8(1); $0.f64(3) }) }
                == .invalid("operation 0: lineCap must be 0 (butt), 1 (round) or 2 (square), got 3.0"))
        // lineDashPattern (58): a list of lengths ≥ 0, not all zeros.
        #expect(protocolError { try decodeCommit(setProperty(58) { $0.u8(10); $0.u8(1); $0.u32(2); $0.f64(0); $0.f64(0) }) }
                == .invalid("operation 0: lineDashPattern must not be all zeros"))
        #expect(protocolError { try decodeCommit(setProperty(58) { $0.u8(10); $0.u8(1); $0.u32(1); $0.f64(-2) }) }
                == .invalid("operation 0: lineDashPattern must hold lengths ≥ 0, got -2.0"))
        // A path with a non-finite point.
        #expect(protocolError { try decodeCommit(setProperty(50) { $0.u8(9); $0.u8(1); $0.u32(1); $0.u8(0); $0.f64(.nan); $0.f64(0) }) }
                == .invalid("operation 0 path path element 0: nan is not a finite number"))
        // The property's kind of value.
        #expect(protocolError { try decodeCommit(setProperty(61) { $0.u8(7); $0.u8(1) }) }
                == .invalid("operation 0: strokeEnd needs a scalar value, got bool"))
    }

    @Test("gradient and replicator rules")
    func gradientAndReplicatorRules() {
        #expect(protocolError { try decodeCommit(setProperty(74) { $0.u8(1); $0.f64(3) }) }
                == .invalid("operation 0: type must be 0 (axial), 1 (radial) or 2 (conic), got 3.0"))
        #expect(protocolError {
            try decodeCommit(setProperty(70) { w in
                w.u8(11); w.u8(1); w.u32(257)
                for _ in 0..<257 { w.f64(1); w.f64(0); w.f64(0); w.f64(1) }
            })
        } == .invalid("operation 0: colors has 257 colours, more than 256"))
        #expect(protocolError { try decodeCommit(setProperty(80) { $0.u8(1); $0.f64(2.5) }) }
                == .invalid("operation 0: instanceCount must be a whole number 0…10000, got 2.5"))
        #expect(protocolError { try decodeCommit(setProperty(80) { $0.u8(1); $0.f64(10_001) }) }
                == .invalid("operation 0: instanceCount must be a whole number 0…10000, got 10001.0"))
    }

    @Test("lists round-trip, absent and empty apart")
    func lists() throws {
        for value: AnimatableValue in [.numbers(nil), .numbers([]), .numbers([1, 2.5, 0]), .colors(nil), .colors([]),
                                       .colors([Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)])] {
            var w = ByteWriter()
            w.value(value)
            var r = ByteReader(w.bytes)
            #expect(try r.value("v") == value)
            #expect(r.remaining == 0)
        }
        var w = LE()
        w.u8(10); w.u8(1); w.u32(5000)
        var r = ByteReader(w.bytes)
        #expect(throws: ProtocolError.invalid("v: a list of 5000 entries exceeds 4096")) { try r.value("v") }
    }

    @Test("every property has a unique id and name, and its default is of its kind")
    func table() {
        let ids = LayerProperty.allCases.map(\.rawValue), names = LayerProperty.allCases.map(\.name)
        #expect(Set(ids).count == ids.count)
        #expect(Set(names).count == names.count)
        for p in LayerProperty.allCases {
            #expect(p.defaultValue.kind == p.kind, "\(p.name)")
            #expect(LayerProperty(rawValue: p.rawValue) == p)
            let carrier = LayerKind.allCases.first(where: p.isCarried) ?? .layer
            #expect(LayerModel(kind: carrier)[p] == p.defaultValue, "\(p.name)")
        }
        // Each kind carries CALayer's 47 properties (43, contents, and the three filter lists), Strata's two
        // input properties and its own.
        #expect(LayerProperty.carried(by: .layer).count == 49)
        #expect(LayerProperty.carried(by: .shape).count == 49 + 12)
        #expect(LayerProperty.carried(by: .gradient).count == 49 + 5)
        #expect(LayerProperty.carried(by: .replicator).count == 49 + 9)
        #expect(!LayerProperty.strokeEnd.isCarried(by: .layer) && LayerProperty.strokeEnd.isCarried(by: .shape))
    }
}
