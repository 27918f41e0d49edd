import Foundation
import StrataCore

/// One GPU-animatable property (a motion channel): the layer properties whose animations drive it,
/// where its model value lives in a slot, and how that value is read from the model. `MotionSlots`
/// writes slots from this table, `MotionSlots.Property(_:)` maps animations through it, and the GLSL the
/// motion pass starts each slot's values from (`motion_channels.glsl`) is generated from it. Making a
/// property GPU-animated is a row here, a `MotionSlots.Property` case, and its use in a shader.
public struct MotionChannel: Sendable {
    public let property: MotionSlots.Property
    /// The layer properties whose animations drive it (a text layer's foregroundColor drives fillColor:
    /// no layer has both).
    public let layerProperties: [LayerProperty]
    let texel: MotionLayout.SlotTexel
    /// Its components in the texel (x is 0): 1 for a number, 2 for a point or size, 4 for a rectangle or
    /// colour, 16 for a transform's four rows from `texel` on.
    let first: Int, count: Int
    /// What a layer's own quads take from its slot while this channel animates (its border's colour, say);
    /// empty where only the layer's matrix or alpha changes.
    public let drawnFields: MotionRef.Fields
    /// Its model value's components (the first `count` lanes; a vector, so that writing a slot allocates
    /// nothing); nil when the layer's kind keeps another channel's value in its place (a gradient's
    /// points where a shape's fill colour goes).
    let read: @Sendable (LayerModel) -> SIMD16<Double>?

    init(_ property: MotionSlots.Property, _ layerProperties: [LayerProperty], _ texel: MotionLayout.SlotTexel, _ first: Int, _ count: Int,
         drawn: MotionRef.Fields = [], _ read: @escaping @Sendable (LayerModel) -> SIMD16<Double>?) {
        self.property = property; self.layerProperties = layerProperties; self.texel = texel
        self.first = first; self.count = count; self.drawnFields = drawn; self.read = read
    }

    /// The channel of `property`.
    public static func of(_ property: MotionSlots.Property) -> MotionChannel { byProperty[property.rawValue] }

    private static let byProperty: [MotionChannel] = {
        var table = [MotionChannel?](repeating: nil, count: (MotionSlots.Property.allCases.map(\.rawValue).max() ?? 0) + 1)
        for c in all { table[c.property.rawValue] = c }
        // Every property has its channel (MotionLayoutTests); index 0 is no property's.
        return table.map { $0 ?? all[0] }
    }()

    static func rgba(_ c: Color?) -> SIMD16<Double> {
        let c = c ?? .clear
        return v(c.red, c.green, c.blue, c.alpha)
    }

    /// Up to four components, the rest 0.
    static func v(_ x: CGFloat, _ y: CGFloat = 0, _ z: CGFloat = 0, _ w: CGFloat = 0) -> SIMD16<Double> {
        var out = SIMD16<Double>()
        out[0] = Double(x); out[1] = Double(y); out[2] = Double(z); out[3] = Double(w)
        return out
    }

    /// Every channel. Channels may share a texel only where no layer kind uses both (`read` answers nil).
    public static let all: [MotionChannel] = [
        MotionChannel(.position, [.position], .position, 0, 2) { v($0.position.x, $0.position.y) },
        MotionChannel(.zPosition, [.zPosition], .position, 2, 1) { v($0.zPosition) },
        MotionChannel(.anchorPointZ, [.anchorPointZ], .position, 3, 1) { v($0.anchorPointZ) },
        MotionChannel(.anchorPoint, [.anchorPoint], .anchor, 0, 2) { v($0.anchorPoint.x, $0.anchorPoint.y) },
        MotionChannel(.opacity, [.opacity], .anchor, 2, 1) { v($0.opacity) },
        MotionChannel(.bounds, [.bounds], .bounds, 0, 4, drawn: .bounds) { v($0.bounds.minX, $0.bounds.minY, $0.bounds.width, $0.bounds.height) },
        MotionChannel(.transform, [.transform], .transform, 0, 16) { m in
            let t = m.transform
            return SIMD16(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14), Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24),
                          Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34), Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44))
        },
        MotionChannel(.backgroundColor, [.backgroundColor], .background, 0, 4, drawn: .backgroundColor) { rgba($0.backgroundColor) },
        MotionChannel(.cornerRadius, [.cornerRadius], .shape, 0, 1, drawn: .cornerRadius) { v($0.cornerRadius) },
        MotionChannel(.borderWidth, [.borderWidth], .shape, 1, 1, drawn: .borderWidth) { v($0.borderWidth) },
        // A shape layer's trim; other kinds keep the model's defaults, 0 and 1.
        MotionChannel(.strokeStart, [.strokeStart], .shape, 2, 1, drawn: .strokeTrim) { v($0.shape.strokeStart) },
        MotionChannel(.strokeEnd, [.strokeEnd], .shape, 3, 1, drawn: .strokeTrim) { v($0.shape.strokeEnd) },
        MotionChannel(.borderColor, [.borderColor], .borderColor, 0, 4, drawn: .borderColor) { rgba($0.borderColor) },
        MotionChannel(.shadowOffset, [.shadowOffset], .shadow, 0, 2, drawn: .shadowOffset) { v($0.shadowOffset.width, $0.shadowOffset.height) },
        MotionChannel(.shadowOpacity, [.shadowOpacity], .shadow, 2, 1, drawn: .shadowOpacity) { v($0.shadowOpacity) },
        MotionChannel(.shadowRadius, [.shadowRadius], .shadow, 3, 1, drawn: .shadowRadius) { v($0.shadowRadius) },
        MotionChannel(.shadowColor, [.shadowColor], .shadowColor, 0, 4, drawn: .shadowColor) { rgba($0.shadowColor) },
        MotionChannel(.contentsRect, [.contentsRect], .contentsRect, 0, 4, drawn: .contentsRect) { m in
            v(m.contentsRect.minX, m.contentsRect.minY, m.contentsRect.width, m.contentsRect.height)
        },
        // A shape's fill colour, or a text layer's foregroundColor in its place; a gradient's points there.
        MotionChannel(.fillColor, [.fillColor, .foregroundColor], .fill, 0, 4, drawn: .fillColor) { m in
            m.kind == .gradient ? nil : rgba(m.kind == .shape ? m.shape.fillColor : m.kind == .text ? m.text.foregroundColor : nil)
        },
        MotionChannel(.startPoint, [.startPoint], .fill, 0, 2, drawn: .gradientPoints) { m in
            m.kind == .gradient ? v(m.gradient.startPoint.x, m.gradient.startPoint.y) : nil
        },
        MotionChannel(.endPoint, [.endPoint], .fill, 2, 2, drawn: .gradientPoints) { m in
            m.kind == .gradient ? v(m.gradient.endPoint.x, m.gradient.endPoint.y) : nil
        },
        // A shape's stroke colour; a gradient's locations there (up to four, zeros after the last).
        MotionChannel(.strokeColor, [.strokeColor], .stroke, 0, 4, drawn: .strokeColor) { m in
            m.kind == .gradient ? nil : rgba(m.kind == .shape ? m.shape.strokeColor : nil)
        },
        MotionChannel(.locations, [.locations], .stroke, 0, 4, drawn: .gradientLocations) { m in
            guard m.kind == .gradient else { return nil }
            var out = SIMD16<Double>()
            for (i, x) in (m.gradient.locations ?? []).prefix(4).enumerated() { out[i] = Double(x) }
            return out
        },
    ]

    /// The motion pass's starting values, generated for `motion_slots.vert`: `values[P]` for every
    /// channel read from its texel (a transform's rows are read apart, as a matrix). Needs `slotTexel`.
    static let glslStartingValues: String = {
        let letters = Array("xyzw")
        var lines = ["// Generated from StrataRender's MotionChannel table: each motion property's model value in its slot.",
                     "void slotModelValues(int s, inout highp vec4 values[PROPERTY_COUNT]) {"]
        for c in all where c.count <= 4 {
            let name = MotionLayout.screamingSnake("\(c.property)")
            let read = "slotTexel(s, \(c.texel.glslName))"
            let swizzle = String(letters[c.first..<(c.first + c.count)])
            let value = c.count == 4 ? read : "vec4(\(read).\(swizzle)\(String(repeating: ", 0.0", count: 4 - c.count)))"
            lines.append("    values[\(name)] = \(value);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }()
}
