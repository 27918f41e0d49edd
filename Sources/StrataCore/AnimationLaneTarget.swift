import Foundation

/// Where an animation lane's value lives in a layer's values (`AnimationLaneTable`): one of CALayer's own
/// numeric fields, read and written directly as up to four numbers, a component of its transform, or the
/// whole transform (whose rows the table evaluates as matrices).
/// A key path with a component covers part of the field's numbers (`position.y`: the second;
/// `bounds.size`: the third and fourth). Reads and writes give exactly what `LayerModel[keyPath]` does.
struct AnimationLaneTarget: Sendable {
    enum Field: UInt8, Sendable {
        case bounds, position, anchorPoint, opacity, zPosition, anchorPointZ, shadowOpacity, shadowOffset
        case shadowRadius, cornerRadius, borderWidth, contentsRect, contentsCenter
        case backgroundColor, borderColor, shadowColor
        /// The transform: a component of it (`transform.rotation.z`), or the whole matrix (`count` 0).
        case transform
    }

    let field: Field
    /// The first of the field's numbers the key path covers, and how many it covers.
    let first: Int
    let count: Int
    /// For `.transform`: the component the key path names.
    let transformComponent: LayerKeyPath.Component?

    /// The target of `keyPath`, or nil when it is not a field lanes carry (a kind's own property, a whole
    /// transform, a value that is not numbers).
    init?(_ keyPath: LayerKeyPath) {
        let property = keyPath.property
        let field: Field
        switch property {
        case .bounds: field = .bounds
        case .position: field = .position
        case .anchorPoint: field = .anchorPoint
        case .opacity: field = .opacity
        case .zPosition: field = .zPosition
        case .anchorPointZ: field = .anchorPointZ
        case .shadowOpacity: field = .shadowOpacity
        case .shadowOffset: field = .shadowOffset
        case .shadowRadius: field = .shadowRadius
        case .cornerRadius: field = .cornerRadius
        case .borderWidth: field = .borderWidth
        case .contentsRect: field = .contentsRect
        case .contentsCenter: field = .contentsCenter
        case .backgroundColor: field = .backgroundColor
        case .borderColor: field = .borderColor
        case .shadowColor: field = .shadowColor
        case .transform:
            self.field = .transform
            first = 0
            count = keyPath.component == nil ? 0 : keyPath.kind == .size ? 2 : 1
            transformComponent = keyPath.component
            return
        default: return nil
        }
        self.field = field
        transformComponent = nil
        switch keyPath.component {
        case nil: first = 0; count = Self.width(of: property.kind)
        case .x?, .width?, .originX?: first = 0; count = 1
        case .y?, .height?, .originY?: first = 1; count = 1
        case .origin?: first = 0; count = 2
        case .size?: first = 2; count = 2
        case .sizeWidth?: first = 2; count = 1
        case .sizeHeight?: first = 3; count = 1
        default: return nil
        }
    }

    private static func width(of kind: ValueKind) -> Int {
        switch kind {
        case .point, .size: 2
        case .rect, .color: 4
        default: 1
        }
    }

    /// Whether the key path is the whole transform (its rows carry matrices, not numbers).
    var isWholeTransform: Bool { field == .transform && transformComponent == nil }

    /// The key path's value in `model`, in the first `count` lanes.
    func read(_ model: borrowing LayerModel) -> SIMD4<Double> {
        if let c = transformComponent {
            return Self.numbers(TransformComponents(model.transform).get(c))
        }
        let whole = wholeField(model)
        var part = SIMD4<Double>()
        for i in 0..<count { part[i] = whole[first + i] }
        return part
    }

    /// Writes `part` (its first `count` lanes) into the key path's place in `model`.
    func write(_ part: SIMD4<Double>, into model: inout LayerModel) {
        if let c = transformComponent {
            var parts = TransformComponents(model.transform)
            parts.set(c, count == 2 ? .size(CGSize(width: part[0], height: part[1])) : .scalar(part[0]))
            model.transform = parts.matrix
            return
        }
        var whole = count == Self.width(of: fieldKind) ? SIMD4<Double>() : wholeField(model)
        for i in 0..<count { whole[first + i] = part[i] }
        setWholeField(whole, in: &model)
    }

    /// Copies the field from `source` into `model` (the value beneath the animations).
    func reset(_ model: inout LayerModel, from source: borrowing LayerModel) {
        switch field {
        case .bounds: model.bounds = source.bounds
        case .position: model.position = source.position
        case .anchorPoint: model.anchorPoint = source.anchorPoint
        case .opacity: model.opacity = source.opacity
        case .zPosition: model.zPosition = source.zPosition
        case .anchorPointZ: model.anchorPointZ = source.anchorPointZ
        case .shadowOpacity: model.shadowOpacity = source.shadowOpacity
        case .shadowOffset: model.shadowOffset = source.shadowOffset
        case .shadowRadius: model.shadowRadius = source.shadowRadius
        case .cornerRadius: model.cornerRadius = source.cornerRadius
        case .borderWidth: model.borderWidth = source.borderWidth
        case .contentsRect: model.contentsRect = source.contentsRect
        case .contentsCenter: model.contentsCenter = source.contentsCenter
        case .backgroundColor: model.backgroundColor = source.backgroundColor
        case .borderColor: model.borderColor = source.borderColor
        case .shadowColor: model.shadowColor = source.shadowColor
        case .transform: model.transform = source.transform
        }
    }

    private var fieldKind: ValueKind {
        switch field {
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .position, .anchorPoint: .point
        case .shadowOffset: .size
        case .backgroundColor, .borderColor, .shadowColor: .color
        default: .scalar
        }
    }

    private func wholeField(_ m: borrowing LayerModel) -> SIMD4<Double> {
        switch field {
        case .bounds: Self.numbers(m.bounds)
        case .position: SIMD4(m.position.x, m.position.y, 0, 0)
        case .anchorPoint: SIMD4(m.anchorPoint.x, m.anchorPoint.y, 0, 0)
        case .opacity: SIMD4(m.opacity, 0, 0, 0)
        case .zPosition: SIMD4(m.zPosition, 0, 0, 0)
        case .anchorPointZ: SIMD4(m.anchorPointZ, 0, 0, 0)
        case .shadowOpacity: SIMD4(m.shadowOpacity, 0, 0, 0)
        case .shadowOffset: SIMD4(m.shadowOffset.width, m.shadowOffset.height, 0, 0)
        case .shadowRadius: SIMD4(m.shadowRadius, 0, 0, 0)
        case .cornerRadius: SIMD4(m.cornerRadius, 0, 0, 0)
        case .borderWidth: SIMD4(m.borderWidth, 0, 0, 0)
        case .contentsRect: Self.numbers(m.contentsRect)
        case .contentsCenter: Self.numbers(m.contentsCenter)
        case .backgroundColor: Self.numbers(m.backgroundColor)
        case .borderColor: Self.numbers(m.borderColor)
        case .shadowColor: Self.numbers(m.shadowColor)
        case .transform: SIMD4()
        }
    }

    private func setWholeField(_ v: SIMD4<Double>, in m: inout LayerModel) {
        switch field {
        case .bounds: m.bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .position: m.position = CGPoint(x: v[0], y: v[1])
        case .anchorPoint: m.anchorPoint = CGPoint(x: v[0], y: v[1])
        case .opacity: m.opacity = v[0]
        case .zPosition: m.zPosition = v[0]
        case .anchorPointZ: m.anchorPointZ = v[0]
        case .shadowOpacity: m.shadowOpacity = v[0]
        case .shadowOffset: m.shadowOffset = CGSize(width: v[0], height: v[1])
        case .shadowRadius: m.shadowRadius = v[0]
        case .cornerRadius: m.cornerRadius = v[0]
        case .borderWidth: m.borderWidth = v[0]
        case .contentsRect: m.contentsRect = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsCenter: m.contentsCenter = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .backgroundColor: m.backgroundColor = Self.color(v)
        case .borderColor: m.borderColor = Self.color(v)
        case .shadowColor: m.shadowColor = Self.color(v)
        case .transform: break
        }
    }

    /// A value of a key path lanes carry as numbers (a missing colour reads as clear, as it interpolates).
    static func numbers(_ value: AnimatableValue) -> SIMD4<Double> {
        switch value {
        case let .scalar(x): SIMD4(x, 0, 0, 0)
        case let .point(p): SIMD4(p.x, p.y, 0, 0)
        case let .size(s): SIMD4(s.width, s.height, 0, 0)
        case let .rect(r): numbers(r)
        case let .color(c): numbers(c)
        default: SIMD4()
        }
    }

    private static func numbers(_ r: CGRect) -> SIMD4<Double> { SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height) }

    private static func numbers(_ c: Color?) -> SIMD4<Double> {
        let c = c ?? .clear
        return SIMD4(c.red, c.green, c.blue, c.alpha)
    }

    private static func color(_ v: SIMD4<Double>) -> Color { Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]) }
}
