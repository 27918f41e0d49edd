import Foundation

extension EmitterModel {
    /// Why the layer's values cannot be drawn, naming the cell and key; nil when they can. Checks every
    /// number is finite, that counts, rates, lifetimes, sizes and ranges are not negative, and the bounds
    /// on the cell tree (`EmitterCellModel.maxDepth` levels, `maxCells` cells).
    public func validationError() -> String? {
        let layer: [(String, CGFloat, Bool)] = [
            ("birthRate", birthRate, true), ("lifetime", lifetime, true), ("velocity", velocity, false),
            ("scale", scale, false), ("spin", spin, false), ("emitterPosition.x", emitterPosition.x, false),
            ("emitterPosition.y", emitterPosition.y, false), ("emitterZPosition", emitterZPosition, false),
            ("emitterSize.width", emitterSize.width, true), ("emitterSize.height", emitterSize.height, true),
            ("emitterDepth", emitterDepth, true),
        ]
        if let m = EmitterCellModel.check(layer, in: "emitter layer") { return m }
        let cells = flattenedCells
        if cells.count > EmitterCellModel.maxCells {
            return "emitter layer: \(cells.count) emitter cells, at most \(EmitterCellModel.maxCells) allowed"
        }
        for entry in cells {
            if entry.indexPath.count > EmitterCellModel.maxDepth {
                return "\(EmitterCellModel.label(entry)): nested \(entry.indexPath.count) levels deep, at most \(EmitterCellModel.maxDepth) allowed"
            }
            if let m = entry.cell.validationError(label: EmitterCellModel.label(entry)) { return m }
        }
        return nil
    }
}

extension EmitterCellModel {
    /// "emitter cell \"fire\" (emitterCells[0].emitterCells[1])", or without the quoted name when the cell
    /// has none.
    static func label(_ entry: EmitterCellEntry) -> String {
        let path = entry.indexPath.map { "emitterCells[\($0)]" }.joined(separator: ".")
        guard let name = entry.cell.name else { return "emitter cell \(path)" }
        return "emitter cell \"\(name)\" (\(path))"
    }

    /// The first of `values` (key, value, must be ≥ 0) that is not finite or is negative where it must not be.
    static func check(_ values: [(String, CGFloat, Bool)], in label: String) -> String? {
        for (key, x, nonNegative) in values {
            if !x.isFinite { return "\(label): \(key) must be finite, got \(x)" }
            if nonNegative, x < 0 { return "\(label): \(key) must be ≥ 0, got \(x)" }
        }
        return nil
    }

    /// Why this cell's own values (not its sub-cells') are invalid; nil when they are valid.
    public func validationError(label: String) -> String? {
        let values: [(String, CGFloat, Bool)] = [
            ("birthRate", birthRate, true), ("lifetime", lifetime, true), ("lifetimeRange", lifetimeRange, true),
            ("emissionLatitude", emissionLatitude, false), ("emissionLongitude", emissionLongitude, false),
            ("emissionRange", emissionRange, true), ("velocity", velocity, false),
            ("velocityRange", velocityRange, true), ("xAcceleration", xAcceleration, false),
            ("yAcceleration", yAcceleration, false), ("zAcceleration", zAcceleration, false),
            ("scale", scale, true), ("scaleRange", scaleRange, true), ("scaleSpeed", scaleSpeed, false),
            ("spin", spin, false), ("spinRange", spinRange, true),
            ("color.red", color.red, false), ("color.green", color.green, false),
            ("color.blue", color.blue, false), ("color.alpha", color.alpha, false),
            ("redRange", redRange, true), ("greenRange", greenRange, true), ("blueRange", blueRange, true),
            ("alphaRange", alphaRange, true), ("redSpeed", redSpeed, false), ("greenSpeed", greenSpeed, false),
            ("blueSpeed", blueSpeed, false), ("alphaSpeed", alphaSpeed, false),
            ("contentsRect.origin.x", contentsRect.origin.x, false), ("contentsRect.origin.y", contentsRect.origin.y, false),
            ("contentsRect.size.width", contentsRect.size.width, false),
            ("contentsRect.size.height", contentsRect.size.height, false),
            ("beginTime", CGFloat(timing.beginTime), false), ("duration", CGFloat(timing.duration), true),
            ("speed", CGFloat(timing.speed), false), ("timeOffset", CGFloat(timing.timeOffset), false),
            ("repeatCount", CGFloat(timing.repeatCount), true), ("repeatDuration", CGFloat(timing.repeatDuration), true),
        ]
        if let m = Self.check(values, in: label) { return m }
        if !(contentsScale > 0 && contentsScale.isFinite) {
            return "\(label): contentsScale must be finite and > 0, got \(contentsScale)"
        }
        return nil
    }
}
