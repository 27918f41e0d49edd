import Foundation
import StrataCore

/// An emitter layer's cells on the wire: per cell its name, enabled flag, numbers (in
/// `EmitterCellModel.scalarKeys` order), colour, contents, filters and timing, then its sub-cells.
extension ByteWriter {
    mutating func emitterCells(_ cells: [EmitterCellModel]) {
        u32(UInt32(cells.count))
        for c in cells {
            bool(c.name != nil)
            if let name = c.name { string(name) }
            bool(c.isEnabled)
            for k in EmitterCellModel.scalarKeyPaths { f64(Double(c[keyPath: k])) }
            for e in c.color.components { f64(Double(e)) }
            bool(c.contentsImage != nil)
            if let image = c.contentsImage { u64(image) }
            f64(Double(c.contentsRect.origin.x)); f64(Double(c.contentsRect.origin.y))
            f64(Double(c.contentsRect.width)); f64(Double(c.contentsRect.height))
            u8(c.minificationFilter.rawValue); u8(c.magnificationFilter.rawValue)
            let t = c.timing
            f64(t.beginTime); f64(t.duration); f64(t.speed); f64(t.timeOffset); f64(t.repeatCount); f64(t.repeatDuration)
            bool(t.autoreverses); u8(t.fillMode.rawValue)
            emitterCells(c.emitterCells)
        }
    }
}

extension ByteReader {
    /// Cells as `ByteWriter.emitterCells` writes them: at most `EmitterCellModel.maxCells` in all and
    /// `maxDepth` levels, every number finite (the property's rule checks the rest, naming cell and key).
    mutating func emitterCells(_ what: String) throws -> [EmitterCellModel] {
        var budget = EmitterCellModel.maxCells
        return try emitterCells(what, depth: 1, budget: &budget)
    }

    private mutating func emitterCells(_ what: String, depth: Int, budget: inout Int) throws -> [EmitterCellModel] {
        let count = Int(try u32("\(what) cell count"))
        guard count <= budget else { throw ProtocolError.invalid("\(what): more than \(EmitterCellModel.maxCells) emitter cells") }
        guard count == 0 || depth <= EmitterCellModel.maxDepth else {
            throw ProtocolError.invalid("\(what): emitter cells nested more than \(EmitterCellModel.maxDepth) levels")
        }
        budget -= count
        var cells: [EmitterCellModel] = []
        for i in 0..<count {
            let here = "\(what) cell \(i)"
            func number() throws -> CGFloat { CGFloat(try finiteF64(here)) }
            var c = EmitterCellModel(name: try bool("\(here) name presence") ? try string("\(here) name", max: 256) : nil)
            c.isEnabled = try bool("\(here) enabled")
            for k in EmitterCellModel.scalarKeyPaths { c[keyPath: k] = try number() }
            c.color = Color(red: try number(), green: try number(), blue: try number(), alpha: try number())
            c.contentsImage = try bool("\(here) contents presence") ? try u64("\(here) contents") : nil
            c.contentsRect = CGRect(x: try number(), y: try number(), width: try number(), height: try number())
            c.minificationFilter = try filter(here)
            c.magnificationFilter = try filter(here)
            var t = MediaTiming()
            t.beginTime = Double(try number()); t.duration = Double(try number()); t.speed = Double(try number())
            t.timeOffset = Double(try number()); t.repeatCount = Double(try number()); t.repeatDuration = Double(try number())
            t.autoreverses = try bool("\(here) autoreverses")
            let fill = try u8("\(here) fillMode")
            guard let fillMode = FillMode(rawValue: fill) else { throw ProtocolError.invalid("\(here): unknown fillMode \(fill)") }
            t.fillMode = fillMode
            c.timing = t
            c.emitterCells = try emitterCells(here, depth: depth + 1, budget: &budget)
            cells.append(c)
        }
        return cells
    }

    private mutating func filter(_ what: String) throws -> ContentsFilter {
        let raw = try u8("\(what) filter")
        guard let f = ContentsFilter(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown filter \(raw)") }
        return f
    }
}
