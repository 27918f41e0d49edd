import Foundation

/// Every particle as a pure function of the layer's values, its cell (and its parent particle), its identity
/// and birth time: the CPU reference the GPU evaluator is tested against. Formulas and random streams are
/// in docs/emitter.md.
public enum ParticleEvaluator {
    /// The particle `index` of a top-level cell (id `cellID`), born at `birthTime`: spawned on the emitter's
    /// shape, its emission axis taken in the layer's axes.
    public static func topLevel(_ layer: EmitterModel, cell: EmitterCellModel, cellID: UInt32, index: UInt32,
                                birthTime: Double) -> ParticleTraits {
        let key = ParticleRandom.key(seed: layer.seed, cellID: cellID, index: index, parentKey: 0)
        return traits(layer, cell: cell, cellID: cellID, index: index, key: key, birthTime: birthTime,
                      origin: EmitterShapes.spawnPoint(layer, key: key), heading: nil)
    }

    /// The sub-cell's emission window in the parent's age, clipped to the parent's life: sub-particle j is
    /// born at parent age `lower + j / rate` for each j ≥ 0 with that age before `upper`. nil when it emits
    /// nothing.
    public static func subWindow(_ cell: EmitterCellModel, parent: ParticleTraits) -> (lower: Double, upper: Double, rate: Double)? {
        let w = cell.emissionWindow, rate = Double(cell.birthRate)
        let lower = max(0, w.lower), upper = min(w.upper, parent.lifetime)
        guard cell.isEnabled, rate > 0, lower < upper else { return nil }
        return (lower, upper, rate)
    }

    /// Sub-particle `j` of `parent` for the sub-cell `cell` (id `cellID`): born at the parent's position at
    /// its birth, its emission axis turned with the parent's direction of motion then. nil when the parent
    /// bears no sub-particle j (see `subWindow`).
    public static func subParticle(_ layer: EmitterModel, cell: EmitterCellModel, cellID: UInt32, index j: UInt32,
                                   parent: ParticleTraits) -> ParticleTraits? {
        guard let w = subWindow(cell, parent: parent) else { return nil }
        let age = w.lower + Double(j) / w.rate
        guard age < w.upper else { return nil }
        let key = ParticleRandom.key(seed: layer.seed, cellID: cellID, index: j, parentKey: parent.key)
        return traits(layer, cell: cell, cellID: cellID, index: j, key: key, birthTime: parent.birthTime + age,
                      origin: parent.position(atAge: age), heading: parent.velocity(atAge: age))
    }

    /// The sub-particle indices of `parent` possibly alive at `time`, when none lives `horizon` seconds or
    /// more: those born at parent ages in (age − horizon, age], widened by one at the low end.
    public static func subCandidates(_ cell: EmitterCellModel, parent: ParticleTraits, at time: Double,
                                     horizon: Double) -> ClosedRange<UInt32>? {
        guard let w = subWindow(cell, parent: parent) else { return nil }
        let age = time - parent.birthTime
        let count = ((w.upper - w.lower) * w.rate).rounded(.up)
        let hi = min(count - 1, ((age - w.lower) * w.rate).rounded(.down))
        let lo = max(0, ((age - horizon - w.lower) * w.rate).rounded(.down))
        guard lo <= hi, hi < Double(UInt32.max) else { return nil }
        return UInt32(lo)...UInt32(hi)
    }

    /// The values fixed at birth, given the spawn point and (for a sub-particle) the parent's velocity.
    public static func traits(_ layer: EmitterModel, cell c: EmitterCellModel, cellID: UInt32, index: UInt32,
                              key: UInt32, birthTime: Double, origin: ParticleVector,
                              heading: ParticleVector?) -> ParticleTraits {
        func spread(_ mid: CGFloat, _ range: CGFloat, _ draw: ParticleDraw) -> Double {
            ParticleRandom.spread(Double(mid), Double(range), key: key, draw: draw)
        }
        let speed = spread(c.velocity, c.velocityRange, .speed) * Double(layer.velocity)
        let direction = emissionDirection(c, key: key, heading: heading)
        return ParticleTraits(
            cellID: cellID, index: index, key: key, birthTime: birthTime,
            lifetime: spread(c.lifetime, c.lifetimeRange, .lifetime) * Double(layer.lifetime),
            origin: origin, velocity: speed * direction,
            acceleration: ParticleVector(Double(c.xAcceleration), Double(c.yAcceleration), Double(c.zAcceleration)),
            scale: spread(c.scale, c.scaleRange, .scale), scaleSpeed: Double(c.scaleSpeed),
            layerScale: Double(layer.scale),
            spinRate: spread(c.spin, c.spinRange, .spin) * Double(layer.spin),
            color: [spread(c.color.red, c.redRange, .red), spread(c.color.green, c.greenRange, .green),
                    spread(c.color.blue, c.blueRange, .blue), spread(c.color.alpha, c.alphaRange, .alpha)],
            colorSpeed: [Double(c.redSpeed), Double(c.greenSpeed), Double(c.blueSpeed), Double(c.alphaSpeed)])
    }

    /// The unit emission axis: longitude is the angle in the xy-plane from +x toward +y, latitude the angle
    /// from that plane toward +z (0 emits in the plane, as Core Animation does on Apple's devices, although
    /// its documentation calls it a colatitude).
    public static func axis(longitude: Double, latitude: Double) -> ParticleVector {
        ParticleVector(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
    }

    /// A direction uniform over the spherical cap of half-angle R = min(emissionRange, π) about the cell's
    /// axis: cos θ = 1 − u·(1 − cos R) (u: draw coneCosine; computed as below), the turn about the axis φ = 2π·v (v: draw
    /// conePhase), measured from e1 = (−sin lon, cos lon, 0) toward e2 = axis × e1. For a sub-particle the
    /// result is turned by the rotation that takes +x to the parent's heading (see `turn`).
    public static func emissionDirection(_ c: EmitterCellModel, key: UInt32, heading: ParticleVector?) -> ParticleVector {
        let lon = Double(c.emissionLongitude), lat = Double(c.emissionLatitude)
        let a = axis(longitude: lon, latitude: lat)
        let e1 = ParticleVector(-sin(lon), cos(lon), 0)
        let e2 = ParticleVector(-sin(lat) * cos(lon), -sin(lat) * sin(lon), cos(lat))
        let range = min(Double(c.emissionRange), .pi)
        let u = Double(ParticleRandom.uniform(key: key, draw: .coneCosine))
        let v = Double(ParticleRandom.uniform(key: key, draw: .conePhase))
        // 1 − cos θ = u·(1 − cos R), with 1 − cos R = 2 sin²(R/2) and sin θ = √((1 − cos θ)(1 + cos θ)):
        // the same values, without the cancellation a float shader would suffer for narrow cones.
        let oneMinusCos = u * 2 * sin(range / 2) * sin(range / 2)
        let cosT = 1 - oneMinusCos, sinT = max(0, oneMinusCos * (2 - oneMinusCos)).squareRoot()
        let phi = 2 * Double.pi * v
        let d = cosT * a + (sinT * cos(phi)) * e1 + (sinT * sin(phi)) * e2
        guard let heading else { return d }
        return turn(d, toward: heading)
    }

    /// `d` turned by the rotation that takes +x to the direction of `heading`: first by the heading's
    /// latitude from +x toward +z (about y), then by its longitude about z. So in the plane a sub-cell's
    /// longitude adds to the parent's direction of motion. A zero heading (a parent at rest) leaves `d`.
    public static func turn(_ d: ParticleVector, toward heading: ParticleVector) -> ParticleVector {
        let flat = (heading.x * heading.x + heading.y * heading.y).squareRoot()
        guard flat > 0 || heading.z != 0 else { return d }
        let lon = atan2(heading.y, heading.x), lat = atan2(heading.z, flat)
        let x1 = d.x * cos(lat) - d.z * sin(lat), z1 = d.x * sin(lat) + d.z * cos(lat)
        return ParticleVector(x1 * cos(lon) - d.y * sin(lon), x1 * sin(lon) + d.y * cos(lon), z1)
    }

    /// Longest a particle of `cell` or any of its descendants can outlive the birth of the `cell` particle:
    /// its maximum lifetime plus the longest horizon of its enabled sub-cells. Candidates for particles
    /// alive at t are the births in (t − horizon, t].
    public static func horizon(_ layer: EmitterModel, cell: EmitterCellModel) -> Double {
        let own = max(0, Double(cell.lifetime + cell.lifetimeRange) * Double(layer.lifetime))
        let subs = cell.emitterCells.filter(\.isEnabled).map { horizon(layer, cell: $0) }
        return own + (subs.max() ?? 0)
    }
}
