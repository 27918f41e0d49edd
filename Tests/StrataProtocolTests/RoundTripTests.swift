import Foundation
import StrataCore
import StrataProtocol
import Testing

@Suite("Round trips through encode → FrameAssembler → decode")
struct RoundTripTests {
    @Test("every client message", arguments: Samples.clientMessages)
    func clientMessage(_ m: ClientMessage) throws {
        #expect(try roundTrip(m) == m)
    }

    @Test("every server message", arguments: Samples.serverMessages)
    func serverMessage(_ m: ServerMessage) throws {
        #expect(try roundTrip(m) == m)
    }

    @Test("client type codes")
    func clientTypeCodes() {
        #expect(Samples.clientMessages.map(\.typeCode) == [1, 1, 2, 2, 3, 3, 4, 5, 7, 8, 8, 8])
    }

    @Test("server type codes")
    func serverTypeCodes() {
        #expect(Samples.serverMessages.map(\.typeCode) == [101, 102, 103, 103, 104, 105, 106, 107, 108, 109, 111, 111, 112, 112, 113, 113, 114, 115, 115,
                                                               117, 117, 118, 119, 120, 120])
    }

    @Test("every layer operation, alone in a commit", arguments: Samples.operations)
    func operation(_ op: LayerOperation) throws {
        let m = ClientMessage.commit(Commit(transactionID: 9, wantsCompletion: false, operations: [op], fdCount: 1))
        #expect(try roundTrip(m) == m)
    }

    @Test("operation codes 1…25 in declaration order (11 and 15 retired: every layer kind is made by createLayer)")
    func operationCodes() throws {
        // Each operation's code is the byte right after the 15-byte commit header.
        var codes: [UInt8] = []
        for op in Samples.operations { codes.append(try commitBody([op])[15]) }
        #expect(codes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 1, 16, 17, 17, 1, 1, 1, 18, 19, 20, 21, 22, 22, 22, 22, 23, 24, 24, 25, 25])
    }

    @Test("every property with a value of its kind", arguments: LayerProperty.allCases)
    func property(_ p: LayerProperty) throws {
        let value: AnimatableValue = switch p.kind {
        case .scalar: p.rule.names != nil || [.maskedCorners, .edgeAntialiasingMask, .instanceCount, .seed, .levelsOfDetail, .levelsOfDetailBias].contains(p)
            ? .scalar(1) : .scalar(0.375)
        case .point: .point(CGPoint(x: -4, y: 9.5))
        case .size: p == .tileSize ? .size(CGSize(width: 512, height: 64)) : .size(CGSize(width: 1, height: 2))
        case .rect: .rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        case .transform: .transform(Samples.transform)
        case .color: .color(Samples.color)
        case .bool: .bool(true)
        case .vector3: .vector3(1, 2, 3) // no layer property has this kind; value functions use it
        case .path: .path(Samples.triangle) // shadowPath, a shape's path (and custom keys)
        case .numbers: .numbers([1, 2.5]) // lineDashPattern, locations
        case .colors: .colors([Samples.color, Samples.color]) // a gradient's colors
        case .string: .string("DejaVu Sans") // a text layer's font
        case .text: .text(Samples.attributedText) // a text layer's string
        case .emitterCells: .emitterCells(Samples.cells) // an emitter's cells
        case .filters: .filters(p == .compositingFilter ? [FilterModel(type: .screenBlendMode)] : Samples.filters) // filters
        case .image: .image(ContentsImage(from: 3, to: 9, fraction: 0.25)) // contents (only animations carry it)
        }
        let m = ClientMessage.commit(Commit(transactionID: 1, operations: [.setProperty(77, p, value)]))
        #expect(try roundTrip(m) == m)
    }

    @Test("every value kind via ByteWriter/ByteReader", arguments: Samples.values)
    func value(_ v: AnimatableValue) throws {
        var w = ByteWriter()
        w.value(v)
        var r = ByteReader(w.bytes)
        #expect(try r.value("v") == v)
        #expect(r.remaining == 0)
    }

    @Test("every value kind inside a commit (setProperty, or an animation for size)", arguments: Samples.values)
    func valueInCommit(_ v: AnimatableValue) throws {
        let op: LayerOperation
        if let p = LayerProperty.allCases.first(where: { $0.kind == v.kind }) {
            op = .setProperty(1, p, v)
        } else {
            #expect(v.kind == .size)
            let spec = AnimationSpec(keyPath: try LayerKeyPath(parsing: "bounds.size"), kind: .basic(from: nil, to: nil, by: v))
            op = .addAnimation(1, key: "grow", spec)
        }
        let m = ClientMessage.commit(Commit(transactionID: 3, operations: [op]))
        #expect(try roundTrip(m) == m)
    }

    @Test("value kind codes and payload sizes")
    func valueSizes() {
        // A path: kind, presence, u32 count, then per element a code and its points (3 × 17 + 1 for the triangle).
        let expected: [(UInt8, Int)] = [(1, 9), (1, 9), (2, 17), (3, 17), (4, 33), (5, 129), (5, 129), (6, 34), (6, 2), (7, 2), (7, 2),
                                        (9, 1 + 1 + 4 + 3 * 17 + 1), (9, 2),
                                        // A string: kind, presence, u32 length, UTF-8. Text: then a u32 run count and per run
                                        // 8 bytes of range, 9 presence and style bytes, and what is present (D9's runs: 72, 129, 17).
                                        (12, 1 + 1 + 4 + 16), (12, 2), (13, 1 + 1 + 4 + 29 + 4 + 72 + 129 + 17), (13, 1 + 1 + 4 + 5 + 4), (13, 2),
                                        // Cells: kind, u32 count, per cell 323 bytes (presences, 25 numbers, colour, rect,
                                        // filters, timing, u32 sub-cell count) plus its name (u32 + UTF-8) and contents id.
                                        (14, 1 + 4 + (323 + 8 + 8) + 323 + (323 + 8)), (14, 5),
                                        // Filters: kind, u16 count, per filter its type, name (u32 + UTF-8), enabled flag and
                                        // 8 bytes a number (a blur 1, a colour matrix 20, colour controls 3, an inversion none).
                                        (15, 1 + 2 + (1 + 4 + 5 + 1 + 8) + (1 + 4 + 13 + 1 + 160) + (1 + 4 + 15 + 1 + 24) + (1 + 4 + 13 + 1)),
                                        (15, 3),
                                        // An image: kind, the two image ids (u64) and the fraction (f64).
                                        (16, 25), (16, 25), (16, 25)]
        #expect(expected.count == Samples.values.count)
        for (v, (kind, size)) in zip(Samples.values, expected) {
            var w = ByteWriter()
            w.value(v)
            #expect(w.bytes.first == kind, "\(v)")
            #expect(w.bytes.count == size, "\(v)")
        }
    }

    @Test("animations with key-path components and optional parts",
          arguments: [
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "position.x"), kind: .basic(from: nil, to: .scalar(10), by: nil)),
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "transform.rotation.z"),
                            kind: .basic(from: .scalar(0), to: nil, by: .scalar(3.14)),
                            timingFunction: TimingFunction(0.1, -0.5, 0.9, 1.5)),
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "bounds.origin"), kind: .basic(from: nil, to: .point(.zero), by: nil)),
              // A scroll view's offset, rounded to half points (a 2× screen's pixels).
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "bounds.origin"), kind: .basic(from: .point(.zero), to: .point(CGPoint(x: 0, y: 90)), by: nil),
                            valueStep: 0.5),
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "backgroundColor"), kind: .basic(from: .color(nil), to: .color(.white), by: nil)),
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "hidden"), kind: .basic(from: .bool(false), to: .bool(true), by: nil)),
              AnimationSpec(keyPath: try! LayerKeyPath(parsing: "position"),
                            kind: .spring(from: .point(.zero), to: nil, by: .point(CGPoint(x: 5, y: -5)),
                                          Spring(mass: 2, stiffness: 80, damping: 3.5, initialVelocity: -0.25))),
              Samples.animation,
              AnimationSpec(keyPath: nil, kind: .transition(Transition(kind: .cube, direction: .fromBottom, startProgress: 0.25, endProgress: 0.5))),
              AnimationSpec(keyPath: nil, kind: .transition(Transition())),
              // A custom key's path values (CGPath), with every element kind.
              AnimationSpec(keyPath: nil, kind: .basic(from: .path(Path(elements: [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 3, y: 4)),
                  .quad(control: CGPoint(x: 5, y: 6), to: CGPoint(x: 7, y: 8)),
                  .cubic(control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12), to: CGPoint(x: 13, y: 14)), .close])),
                  to: .path(Path()), by: nil)),
          ])
    func animation(_ spec: AnimationSpec) throws {
        let m = ClientMessage.commit(Commit(transactionID: 5, wantsCompletion: true, operations: [.addAnimation(2, key: "a", spec)]))
        let decoded = try roundTrip(m)
        #expect(decoded == m)
        guard case .commit(let c) = decoded, case .addAnimation(_, _, let s) = c.operations.first else {
            Issue.record("not an addAnimation commit"); return
        }
        #expect(s.keyPath?.description == spec.keyPath?.description)
        #expect(s.timing == spec.timing)
        #expect(s.timingFunction == spec.timingFunction)
    }

    @Test("shadowPath (property 35) and geometryFlipped (36): set, cleared and animated")
    func shadowPathAndGeometryFlipped() throws {
        #expect(LayerProperty.shadowPath.rawValue == 35 && LayerProperty.geometryFlipped.rawValue == 36)
        let spec = AnimationSpec(keyPath: LayerKeyPath(property: .shadowPath),
                                 kind: .basic(from: .path(Samples.triangle), to: .path(Samples.triangle.mapped { CGPoint(x: $0.x + 5, y: $0.y) }), by: nil))
        let m = ClientMessage.commit(Commit(transactionID: 2, operations: [
            .setProperty(1, .shadowPath, .path(Samples.triangle)), .setProperty(1, .shadowPath, .path(nil)),
            .setProperty(1, .geometryFlipped, .bool(true)), .addAnimation(1, key: "shadowPath", spec),
        ]))
        #expect(try roundTrip(m) == m)
        // The absent path is the two bytes kind 9, presence 0.
        let body = try commitBody([.setProperty(1, .shadowPath, .path(nil))])
        #expect(Array(body.suffix(4)) == [35, 0, 9, 0])
    }

    @Test("infinite repeatCount survives the wire")
    func infiniteRepeat() throws {
        var spec = Samples.animation
        spec.timing.repeatCount = .infinity
        let m = ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "forever", spec)]))
        #expect(try roundTrip(m) == m)
    }

    @Test("long strings: 4096-byte key accepted, large tree JSON accepted")
    func longStrings() throws {
        let key = String(repeating: "k", count: 4096)
        let m = ClientMessage.commit(Commit(transactionID: 1, operations: [.removeAnimation(1, key: key)]))
        #expect(try roundTrip(m) == m)
        let json = String(repeating: "x", count: 100_000)
        #expect(try roundTrip(ServerMessage.tree(requestID: 1, json: json)) == .tree(requestID: 1, json: json))
    }
}
