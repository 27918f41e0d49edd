import CStrataAPI
import Foundation
import Strata

// Emitter cells for C (docs/c-api.md): CAEmitterCells made and changed under the layer lock (they are plain
// objects), their properties by name through `CAEmitterCell.assignChecked`, given to an emitter layer through
// its checked form.

enum CEmitterCells {
    static func cell(_ handle: OpaquePointer?, _ what: String = "cell") throws(CFailure) -> CAEmitterCell {
        guard let c = try HandleTable.shared.object(handle, .emitterCell, what) as? CAEmitterCell else {
            throw .internalError("\(what) names no emitter cell")
        }
        return c
    }

    /// The cells a C array of `count` handles names.
    static func cells(_ handles: UnsafeMutablePointer<OpaquePointer?>?, _ count: Int) throws(CFailure) -> [CAEmitterCell] {
        let list = try CArgument.list(UnsafePointer(handles), count, "cells")
        var out: [CAEmitterCell] = []
        for (i, h) in list.enumerated() { out.append(try cell(h, "cells[\(i)]")) }
        return out
    }

    /// Sets a property by name, refusing what the cell has no property for or takes in another kind.
    static func set(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ noun: String, _ value: Any?) throws(CFailure) {
        let c = try cell(handle), name = try CArgument.string(key, "key")
        let outcome = try underLayerLock { () throws(CFailure) in c.assignChecked(value, forKey: name) }
        switch outcome {
        case .assigned: return
        case .noSuchKey: throw CFailure(STRATA_UNKNOWN_KEY, "CAEmitterCell has no \(name)")
        case .wrongType: throw CFailure(STRATA_VALUE_TYPE, "\(name) does not take \(noun)")
        }
    }
}

@_cdecl("strata_emitter_cell_create")
public func strata_emitter_cell_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in try CArgument.out(out).pointee = try HandleTable.shared.retained(CAEmitterCell(), .emitterCell) }
}

@_cdecl("strata_emitter_cell_retain")
public func strata_emitter_cell_retain(_ cell: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(cell, .emitterCell, "cell") }
}

@_cdecl("strata_emitter_cell_release")
public func strata_emitter_cell_release(_ cell: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(cell, .emitterCell, "cell") }
}

@_cdecl("strata_emitter_cell_set_number")
public func strata_emitter_cell_set_number(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Double) -> strata_status {
    cCall { () throws(CFailure) in
        let name = try CArgument.string(key, "key")
        // Finite, repeat counts too: an emitter layer refuses a cell whose values are not (its model's rule).
        guard value.isFinite else { throw .invalid("\(name) must be finite, got \(value)") }
        try CEmitterCells.set(cell, key, "a number", value)
    }
}

@_cdecl("strata_emitter_cell_get_number")
public func strata_emitter_cell_get_number(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let c = try CEmitterCells.cell(cell), name = try CArgument.string(key, "key")
        let value = try underLayerLock { () throws(CFailure) in c.value(forKey: name) }
        guard !(value is Bool), let x = CAnimations.number(value) else { throw CFailure(STRATA_UNKNOWN_KEY, "CAEmitterCell has no number \(name)") }
        out.pointee = x
    }
}

@_cdecl("strata_emitter_cell_set_bool")
public func strata_emitter_cell_set_bool(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Bool) -> strata_status {
    cCall { () throws(CFailure) in try CEmitterCells.set(cell, key, "a bool", value) }
}

@_cdecl("strata_emitter_cell_set_color")
public func strata_emitter_cell_set_color(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_color) -> strata_status {
    cCall { () throws(CFailure) in
        guard [value.red, value.green, value.blue, value.alpha].allSatisfy(\.isFinite) else { throw .invalid("value must be finite") }
        try CEmitterCells.set(cell, key, "a color", CAnimations.color(value))
    }
}

@_cdecl("strata_emitter_cell_set_rect")
public func strata_emitter_cell_set_rect(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_rect) -> strata_status {
    cCall { () throws(CFailure) in
        let r = CAnimations.rect(value)
        guard [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite) else { throw .invalid("value must be finite") }
        try CEmitterCells.set(cell, key, "a rect", r)
    }
}

@_cdecl("strata_emitter_cell_set_string")
public func strata_emitter_cell_set_string(_ cell: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let text = try value.map { v throws(CFailure) in try CArgument.string(v, "value") }
        try CEmitterCells.set(cell, key, "a string", text)
    }
}

@_cdecl("strata_emitter_cell_set_contents")
public func strata_emitter_cell_set_contents(_ cell: OpaquePointer?, _ image: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let i = try image.map { h throws(CFailure) in try CImages.image(h) }
        try CEmitterCells.set(cell, "contents", "an image", i)
    }
}

@_cdecl("strata_emitter_cell_set_cells")
public func strata_emitter_cell_set_cells(_ cell: OpaquePointer?, _ cells: UnsafeMutablePointer<OpaquePointer?>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CEmitterCells.cell(cell), list = try CEmitterCells.cells(cells, count)
        try underLayerLock { () throws(CFailure) in
            // A cell inside its own cells (at any depth) would emit itself for ever.
            var pending = list
            while let next = pending.popLast() {
                if next === c { throw .state("a cell cannot hold itself") }
                pending += next.emitterCells ?? []
            }
            c.emitterCells = list.isEmpty ? nil : list
        }
    }
}

@_cdecl("strata_layer_set_emitter_cells")
public func strata_layer_set_emitter_cells(_ layer: OpaquePointer?, _ cells: UnsafeMutablePointer<OpaquePointer?>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), list = try CEmitterCells.cells(cells, count)
        guard let emitter = l as? CAEmitterLayer else {
            throw CFailure(STRATA_UNKNOWN_KEY, "\(type(of: l)) has no emitterCells (a property of CAEmitterLayer)")
        }
        if let why = try underLayerLock({ () throws(CFailure) in emitter.setEmitterCellsChecked(list.isEmpty ? nil : list) }) {
            throw .invalid(why)
        }
    }
}
