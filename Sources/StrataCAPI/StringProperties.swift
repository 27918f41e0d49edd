import CStrataAPI
import Foundation
import Strata
import StrataCore

// Strings, nil values, and the property table (docs/c-api.md). "name" is the layer's name, which Core
// Animation keeps outside its animatable properties, as Strata's table does.

@_cdecl("strata_layer_set_string")
public func strata_layer_set_string(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let text = try value.map { v throws(CFailure) in try CArgument.string(v, "value") }
        let l = try CLayers.layer(layer)
        if try CArgument.string(key, "key") == "name" { l.name = text; return }
        try CProperties.set(layer, key, STRATA_VALUE_STRING) { kp throws(CFailure) in try CProperties.stringValue(text, kp) }
    }
}

@_cdecl("strata_layer_get_string")
public func strata_layer_get_string(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let l = try CLayers.layer(layer)
        if try CArgument.string(key, "key") == "name" { out.pointee = CError.handOut(l.name); return }
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_STRING)
        let text: String? = try CProperties.extract(v, kp) { value -> String?? in
            switch value {
            case let .string(s): return .some(s)
            case let .text(t): return .some(t?.string)
            case let .scalar(x):
                guard let names = kp.property.rule.names, let i = Int(exactly: x), names.indices.contains(i) else { return nil }
                return .some(names[i])
            default: return nil
            }
        }
        out.pointee = CError.handOut(text)
    }
}

@_cdecl("strata_layer_clear")
public func strata_layer_clear(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        if try CArgument.string(key, "key") == "name" { l.name = nil; return }
        let kp = try CProperties.keyPath(key, on: l)
        guard CProperties.isOptional(kp.kind), kp.isWhole || kp.kind != .scalar else {
            throw CFailure(STRATA_VALUE_TYPE, "\(kp) cannot be nil")
        }
        let none: AnimatableValue = switch kp.kind {
        case .color: .color(nil)
        case .path: .path(nil)
        case .numbers: .numbers(nil)
        case .colors: .colors(nil)
        case .text: .text(nil)
        default: .string(nil)
        }
        try CLayers.check(l.setChecked(kp, none))
    }
}

@_cdecl("strata_layer_has_value")
public func strata_layer_has_value(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let l = try CLayers.layer(layer)
        if try CArgument.string(key, "key") == "name" { out.pointee = l.name != nil; return }
        let kp = try CProperties.keyPath(key, on: l)
        guard case let .success(v) = l.checkedValue(kp) else { throw .internalError("\(kp): no value") }
        out.pointee = switch v {
        case let .color(c): c != nil
        case let .path(p): p != nil
        case let .numbers(n): n != nil
        case let .colors(c): c != nil
        case let .string(s): s != nil
        case let .text(t): t != nil
        default: true
        }
    }
}

/// The property table as C reads it, made once (its names are static storage).
enum CPropertyTable {
    nonisolated(unsafe) static let entries: [strata_property] = LayerProperty.allCases.map { p in
        let mask = LayerKind.allCases.filter(p.isCarried).reduce(UInt32(0)) { $0 | 1 << UInt32($1.rawValue) }
        let kind = p.rule.names != nil ? STRATA_VALUE_STRING : CProperties.kind(p.kind)
        return strata_property(name: UnsafePointer(strdup(p.name)), kind: Int32(kind), layer_kinds: mask,
                               animatable: p.isAnimatable, optional: CProperties.isOptional(p.kind))
    }
}

@_cdecl("strata_property_count")
public func strata_property_count() -> Int { CPropertyTable.entries.count }

@_cdecl("strata_property_info")
public func strata_property_info(_ index: Int, _ out: UnsafeMutablePointer<strata_property>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        guard index >= 0, index < CPropertyTable.entries.count else {
            throw .invalid("index \(UInt(bitPattern: index)) is past the \(CPropertyTable.entries.count) properties")
        }
        out.pointee = CPropertyTable.entries[index]
    }
}
