import Foundation
import Logging
import StrataCore

/// Key-value coding of the properties in the table, by key path (`"transform.rotation.z"`, `"position.x"`,
/// `"strokeEnd"`).
extension CALayer {
    /// `value` as a value of `kp`'s kind: nil clears what may be absent; an enumerated property takes its
    /// value by name.
    private static func convert(_ value: Any?, for kp: LayerKeyPath) -> AnimatableValue? {
        guard let value else {
            switch kp.kind {
            case .color: return .color(nil)
            case .path: return .path(nil)
            case .numbers: return .numbers(nil)
            case .colors: return .colors(nil)
            case .string: return .string(nil)
            case .text: return .text(nil)
            default: return nil
            }
        }
        if kp.component == nil, let names = kp.property.rule.names {
            let name = value as? String ?? (value as? any RawRepresentable)?.rawValue as? String
            return name.flatMap { names.firstIndex(of: $0) }.map { .scalar(CGFloat($0)) }
        }
        return ValueConversion.convert(value, kind: kp.kind)
    }

    /// The Swift types Core Animation code reads enumerated values as.
    static let enumerationTypes: [LayerProperty: @Sendable (String) -> Any] = [
        .contentsGravity: { CALayerContentsGravity(rawValue: $0) },
        .fillMode: { CAMediaTimingFillMode(rawValue: $0) },
        .minificationFilter: { CALayerContentsFilter(rawValue: $0) },
        .magnificationFilter: { CALayerContentsFilter(rawValue: $0) },
        .lineCap: { CAShapeLayerLineCap(rawValue: $0) },
        .lineJoin: { CAShapeLayerLineJoin(rawValue: $0) },
        .fillRule: { CAShapeLayerFillRule(rawValue: $0) },
        .gradientType: { CAGradientLayerType(rawValue: $0) },
        .alignmentMode: { CATextLayerAlignmentMode(rawValue: $0) },
        .truncationMode: { CATextLayerTruncationMode(rawValue: $0) },
        .scrollMode: { CAScrollLayerScrollMode(rawValue: $0) },
        .cornerCurve: { CALayerCornerCurve(rawValue: $0) },
    ]

    func store(_ value: Any?, forKeyPath keyPath: String) {
        // An image reference with its own setter (and lifetime), not a value in the table.
        if keyPath == "contents" { contents = value; return }
        do {
            let kp = try LayerKeyPath(parsing: keyPath)
            guard let v = Self.convert(value, for: kp) else {
                throw StrataError.invalidValue(key: keyPath, expected: ValueConversion.accepted(kp))
            }
            LayerLock.with {
                let whole = kp.set(v, in: modelValues[kp.property])
                set(kp.property, whole)
            }
        } catch {
            StrataLog.logger.error("\(logName): setValue(_:forKeyPath:) rejected: \(error)")
        }
    }

    /// `value(forKey:)`: the name, `drawsAsynchronously`, a custom key's value (its `defaultValue(forKey:)`
    /// until set), or a property's model value.
    func storedValue(forKey key: String) -> Any? {
        if key == "name" { return name }
        if key == "drawsAsynchronously" { return drawsAsynchronously }
        guard Self.isCustomKey(key) else { return value(forKeyPath: key) }
        return LayerLock.with { customValues[key] ?? type(of: self).defaultValue(forKey: key) }
    }

    /// `value(forKeyPath:)`: a property's or component's model value; an enumerated property's as its Swift
    /// type where it has one, else its name; nil for a key path Strata does not carry.
    func modelValue(forKeyPath keyPath: String) -> Any? {
        if keyPath == "contents" { return contents }
        guard let kp = try? LayerKeyPath(parsing: keyPath) else { return nil }
        if kp.component == nil, kp.property.rule.names != nil {
            let name = name(of: kp.property)
            return Self.enumerationTypes[kp.property]?(name) ?? name
        }
        return LayerLock.with { ValueConversion.any(modelValues[kp]) }
    }
}
