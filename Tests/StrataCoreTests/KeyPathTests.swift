import Foundation
import Testing
import StrataCore

@Suite("LayerKeyPath parsing and KVC struct fields")
struct KeyPathTests {
    @Test(arguments: [
        ("position", LayerProperty.position, nil, ValueKind.point),
        ("position.x", .position, .x, .scalar),
        ("position.y", .position, .y, .scalar),
        ("anchorPoint.x", .anchorPoint, .x, .scalar),
        ("bounds", .bounds, nil, .rect),
        ("bounds.origin", .bounds, .origin, .point),
        ("bounds.origin.y", .bounds, .originY, .scalar),
        ("bounds.size", .bounds, .size, .size),
        ("bounds.size.width", .bounds, .sizeWidth, .scalar),
        ("bounds.size.height", .bounds, .sizeHeight, .scalar),
        ("transform", .transform, nil, .transform),
        ("transform.rotation.x", .transform, .rotationX, .scalar),
        ("transform.rotation.z", .transform, .rotationZ, .scalar),
        ("transform.rotation", .transform, .rotation, .scalar),
        ("transform.scale", .transform, .scale, .scalar),
        ("transform.scale.y", .transform, .scaleY, .scalar),
        ("transform.translation", .transform, .translation, .size),
        ("transform.translation.z", .transform, .translationZ, .scalar),
        ("opacity", .opacity, nil, .scalar),
        ("backgroundColor", .backgroundColor, nil, .color),
        ("hidden", .hidden, nil, .bool),
        ("zPosition", .zPosition, nil, .scalar),
    ] as [(String, LayerProperty, LayerKeyPath.Component?, ValueKind)])
    func parsesSupportedKeyPaths(text: String, property: LayerProperty, component: LayerKeyPath.Component?,
                                 kind: ValueKind) throws {
        let kp = try LayerKeyPath(parsing: text)
        #expect(kp.property == property)
        #expect(kp.component == component)
        #expect(kp.kind == kind)
        #expect(kp.description == text)
        #expect(kp == LayerKeyPath(property: property, component: component))
    }

    @Test(arguments: ["frame", "position.z", "opacity.x", "transform.rotation.w", "transform.skew",
                      "bounds.width", "bounds.size.depth", "shadowPath.x",
                      "filters.pulseFilter.inputIntensity", "", "Position", "hidden.x", "backgroundColor.red"])
    func rejectsUnsupportedKeyPaths(text: String) {
        #expect(throws: StrataError.unsupported("key path \(text)")) { try LayerKeyPath(parsing: text) }
        do {
            _ = try LayerKeyPath(parsing: text)
        } catch {
            if !text.isEmpty { #expect("\(error)".contains(text)) }
            #expect("\(error)".hasPrefix("unsupported: "))
        }
    }

    @Test func pointAndRectFieldsRoundTrip() {
        let x = LayerKeyPath(property: .position, component: .x)
        let whole = AnimatableValue.point(CGPoint(x: 1, y: 2))
        let set = x.set(.scalar(5), in: whole)
        #expect(set == .point(CGPoint(x: 5, y: 2)))
        #expect(x.get(from: set) == .scalar(5))
        #expect(LayerKeyPath(property: .position, component: .y).get(from: whole) == .scalar(2))

        let rect = AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        let cases: [(LayerKeyPath.Component, AnimatableValue, AnimatableValue)] = [
            (.origin, .point(CGPoint(x: 9, y: 8)), .rect(CGRect(x: 9, y: 8, width: 3, height: 4))),
            (.originX, .scalar(-1), .rect(CGRect(x: -1, y: 2, width: 3, height: 4))),
            (.originY, .scalar(-2), .rect(CGRect(x: 1, y: -2, width: 3, height: 4))),
            (.size, .size(CGSize(width: 30, height: 40)), .rect(CGRect(x: 1, y: 2, width: 30, height: 40))),
            (.sizeWidth, .scalar(100), .rect(CGRect(x: 1, y: 2, width: 100, height: 4))),
            (.sizeHeight, .scalar(200), .rect(CGRect(x: 1, y: 2, width: 3, height: 200))),
        ]
        for (c, part, expected) in cases {
            let kp = LayerKeyPath(property: .bounds, component: c)
            let updated = kp.set(part, in: rect)
            #expect(updated == expected, "bounds.\(c.rawValue)")
            #expect(kp.get(from: updated) == part, "bounds.\(c.rawValue)")
        }
        #expect(LayerKeyPath(property: .bounds, component: .sizeWidth).get(from: rect) == .scalar(3))
        #expect(LayerKeyPath(property: .bounds, component: .origin).get(from: rect) == .point(CGPoint(x: 1, y: 2)))
    }

    @Test func wholePropertyKeyPathReplacesValue() {
        let kp = LayerKeyPath(property: .opacity)
        #expect(kp.get(from: .scalar(0.3)) == .scalar(0.3))
        #expect(kp.set(.scalar(0.7), in: .scalar(0.3)) == .scalar(0.7))
    }

    static func setting(_ path: String, _ value: AnimatableValue, on t: Transform3D = .identity) throws -> Transform3D {
        let kp = try LayerKeyPath(parsing: path)
        return try #require(transform(kp.set(value, in: .transform(t))))
    }

    @Test func rotationZOnIdentityEqualsMakeRotation() throws {
        let m = try Self.setting("transform.rotation.z", .scalar(0.5))
        #expect(m == Transform3D.rotation(0.5, 0, 0, 1))
        let r = try Self.setting("transform.rotation", .scalar(0.5))
        #expect(r == Transform3D.rotation(0.5, 0, 0, 1))
    }

    @Test func rotationXAndYOnIdentity() throws {
        #expect(isClose(try Self.setting("transform.rotation.x", .scalar(0.4)), .rotation(0.4, 1, 0, 0), 1e-15))
        #expect(isClose(try Self.setting("transform.rotation.y", .scalar(-0.9)), .rotation(-0.9, 0, 1, 0), 1e-15))
    }

    @Test func uniformScale() throws {
        #expect(try Self.setting("transform.scale", .scalar(2)) == Transform3D.scale(2, 2, 2))
        #expect(try Self.setting("transform.scale.x", .scalar(3)) == Transform3D.scale(3, 1, 1))
        #expect(try Self.setting("transform.scale.z", .scalar(0.5)) == Transform3D.scale(1, 1, 0.5))
    }

    @Test func translationFields() throws {
        // [S0] App C: transform.translation.x = 10 moves the layer 10 points along x.
        #expect(try Self.setting("transform.translation.x", .scalar(10)) == Transform3D.translation(10, 0, 0))
        #expect(try Self.setting("transform.translation", .size(CGSize(width: 3, height: 4)))
                == Transform3D.translation(3, 4, 0))
        let t = try Self.setting("transform.translation.z", .scalar(-7), on: .translation(1, 2, 3))
        #expect(t == Transform3D.translation(1, 2, -7))
    }

    @Test func readingComponents() throws {
        func get(_ path: String, _ t: Transform3D) throws -> AnimatableValue {
            try LayerKeyPath(parsing: path).get(from: .transform(t))
        }
        #expect(try get("transform.scale", .scale(1, 2, 3)) == .scalar(2)) // the average
        #expect(try get("transform.scale.y", .scale(1, 2, 3)) == .scalar(2))
        #expect(try get("transform.translation", .translation(5, 6, 7)) == .size(CGSize(width: 5, height: 6)))
        #expect(try get("transform.translation.z", .translation(5, 6, 7)) == .scalar(7))
        let rz = try #require(scalar(try get("transform.rotation.z", .rotation(0.8, 0, 0, 1))))
        #expect(abs(rz - 0.8) <= 1e-15)
        let rx = try #require(scalar(try get("transform.rotation.x", .rotation(0.8, 1, 0, 0))))
        #expect(abs(rx - 0.8) <= 1e-15)
        let ry = try #require(scalar(try get("transform.rotation.y", .rotation(-0.8, 0, 1, 0))))
        #expect(abs(ry + 0.8) <= 1e-15)
        let scaled = try #require(scalar(try get("transform.rotation", .scale(2, 2, 1) * .rotation(2.5, 0, 0, 1))))
        #expect(abs(scaled - 2.5) <= 1e-14)
    }

    @Test func componentsRoundTripWhenComposedThroughKeyPaths() throws {
        var m = Transform3D.identity
        let writes: [(String, CGFloat)] = [
            ("transform.scale.x", 2), ("transform.scale.y", 3), ("transform.scale.z", 0.5),
            ("transform.rotation.x", 0.1), ("transform.rotation.y", -0.2), ("transform.rotation.z", 2.9),
            ("transform.translation.x", 10), ("transform.translation.y", -20), ("transform.translation.z", 30),
        ]
        for (path, v) in writes { m = try Self.setting(path, .scalar(v), on: m) }
        for (path, v) in writes {
            let read = try #require(scalar(try LayerKeyPath(parsing: path).get(from: .transform(m))))
            #expect(abs(read - Double(v)) <= 1e-12, "\(path) read \(read), wrote \(v)")
        }
        // The composed matrix is scale, then x, y, z rotations, then translation.
        let expected = Transform3D.scale(2, 3, 0.5) * .rotation(0.1, 1, 0, 0) * .rotation(-0.2, 0, 1, 0)
            * .rotation(2.9, 0, 0, 1) * .translation(10, -20, 30)
        #expect(isClose(m, expected, 1e-12))
    }

    @Test func settingRotationKeepsScaleTranslationAndPerspective() throws {
        var base = Transform3D.scale(2, 2, 1) * Transform3D.translation(4, 5, 0)
        base.m34 = -1.0 / 500
        let m = try Self.setting("transform.rotation.z", .scalar(0.5), on: base)
        var expected = Transform3D.scale(2, 2, 1) * .rotation(0.5, 0, 0, 1) * .translation(4, 5, 0)
        expected.m34 = -1.0 / 500
        #expect(isClose(m, expected, 1e-15))
    }

    @Test func layerModelKeyPathSubscript() throws {
        var layer = LayerModel()
        layer.position = CGPoint(x: 1, y: 2)
        layer[try LayerKeyPath(parsing: "position.x")] = .scalar(42)
        #expect(layer.position == CGPoint(x: 42, y: 2))
        layer[try LayerKeyPath(parsing: "bounds.size.width")] = .scalar(100)
        #expect(layer.bounds.size.width == 100)
        layer[try LayerKeyPath(parsing: "transform.rotation.z")] = .scalar(0.5)
        #expect(layer.transform == .rotation(0.5, 0, 0, 1))
        let angle = try #require(scalar(layer[try LayerKeyPath(parsing: "transform.rotation.z")]))
        #expect(abs(angle - 0.5) <= 1e-15)
        #expect(layer[try LayerKeyPath(parsing: "opacity")] == .scalar(1))
    }

    @Test func propertyNamesRoundTrip() {
        for p in LayerProperty.allCases {
            #expect(LayerProperty(name: p.name) == p)
            #expect(p.defaultValue.kind == p.kind)
            #expect(LayerModel()[p] == p.defaultValue)
        }
        #expect(LayerProperty(name: "isHidden") == nil)
    }
}

@Suite struct SizeKeyPathTests {
    /// Spec §12.4: CGSize fields `width` and `height`, here on `shadowOffset`.
    @Test func shadowOffsetFieldsReadAndWrite() throws {
        var model = LayerModel()
        #expect(model.shadowOffset == CGSize(width: 0, height: -3))     // Core Animation's default
        let w = try LayerKeyPath(parsing: "shadowOffset.width"), h = try LayerKeyPath(parsing: "shadowOffset.height")
        #expect(w.kind == .scalar && h.kind == .scalar)
        model[w] = .scalar(4)
        model[h] = .scalar(7.5)
        #expect(model.shadowOffset == CGSize(width: 4, height: 7.5))
        #expect(model[h] == .scalar(7.5))
        #expect(throws: (any Error).self) { try LayerKeyPath(parsing: "shadowOffset.depth") }
    }
}
