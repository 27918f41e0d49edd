import Foundation

/// Where a particle of a top-level cell is born, for every emitter shape × mode: a closed form of up to three
/// uniform numbers u0, u1, u2 in [0, 1) (draws spawn0…spawn2), uniform by length, area or volume, with no
/// rejection loop, so a shader computes the same point. Sizes: W = emitterSize.width, H = height,
/// D = emitterDepth; every shape is centred on (emitterPosition, emitterZPosition). The table is in
/// docs/emitter.md.
public enum EmitterShapes {
    /// The spawn point in the layer's coordinates.
    public static func spawnPoint(_ layer: EmitterModel, _ u0: Double, _ u1: Double, _ u2: Double) -> ParticleVector {
        let w = Double(layer.emitterSize.width), h = Double(layer.emitterSize.height), d = Double(layer.emitterDepth)
        let centre = ParticleVector(Double(layer.emitterPosition.x), Double(layer.emitterPosition.y),
                                    Double(layer.emitterZPosition))
        let mode = layer.emitterMode
        let offset: ParticleVector
        switch layer.emitterShape {
        case .point: offset = .zero
        case .line: offset = line(mode, w, u0)
        case .rectangle: offset = rectangle(mode, w, h, u0, u1)
        case .cuboid: offset = cuboid(mode, w, h, d, u0, u1, u2)
        case .circle: offset = circle(mode, w / 2, u0, u1)
        case .sphere: offset = sphere(mode, w / 2, u0, u1, u2)
        }
        return centre + offset
    }

    /// The spawn point of the particle with `key` (its draws spawn0…spawn2).
    public static func spawnPoint(_ layer: EmitterModel, key: UInt32) -> ParticleVector {
        func u(_ d: ParticleDraw) -> Double { Double(ParticleRandom.uniform(key: key, draw: d)) }
        return spawnPoint(layer, u(.spawn0), u(.spawn1), u(.spawn2))
    }

    /// Along x: points and outline pick one of the two ends (u0 < ½: the left), surface and volume the
    /// whole segment.
    static func line(_ mode: EmitterMode, _ w: Double, _ u0: Double) -> ParticleVector {
        switch mode {
        case .points, .outline: ParticleVector(u0 < 0.5 ? -w / 2 : w / 2, 0, 0)
        case .surface, .volume: ParticleVector((u0 - 0.5) * w, 0, 0)
        }
    }

    /// In the xy-plane. Points: corner ⌊4·u0⌋ (bit 0: +x, bit 1: +y). Outline: the perimeter walked
    /// clockwise from the top-left corner (top, right, bottom, left edges) at arc length u0·2(W + H).
    static func rectangle(_ mode: EmitterMode, _ w: Double, _ h: Double, _ u0: Double, _ u1: Double) -> ParticleVector {
        switch mode {
        case .points:
            let c = min(3, Int(u0 * 4))
            return ParticleVector(c & 1 == 0 ? -w / 2 : w / 2, c & 2 == 0 ? -h / 2 : h / 2, 0)
        case .outline:
            let s = u0 * 2 * (w + h)
            if s < w { return ParticleVector(s - w / 2, -h / 2, 0) }
            if s < w + h { return ParticleVector(w / 2, s - w - h / 2, 0) }
            if s < 2 * w + h { return ParticleVector(w / 2 - (s - w - h), h / 2, 0) }
            return ParticleVector(-w / 2, h / 2 - (s - 2 * w - h), 0)
        case .surface, .volume:
            return ParticleVector((u0 - 0.5) * w, (u1 - 0.5) * h, 0)
        }
    }

    /// Points: corner ⌊8·u0⌋ (bits 0, 1, 2: +x, +y, +z). Outline: the 12 edges, in three groups of 4
    /// parallel edges (along x, y, z), the group and place chosen by arc length u0·(W + H + D), the edge
    /// of the group by ⌊4·u1⌋ (bit 0 and bit 1 give the signs of the other two axes, in x, y, z order).
    /// Surface: the 6 faces, chosen by area u0·2(WH + HD + WD) in the order z−, z+, x−, x+, y−, y+, the
    /// place on the face by u1, u2 (along the face's first and second axis in x, y, z order).
    static func cuboid(_ mode: EmitterMode, _ w: Double, _ h: Double, _ d: Double,
                       _ u0: Double, _ u1: Double, _ u2: Double) -> ParticleVector {
        switch mode {
        case .points:
            let c = min(7, Int(u0 * 8))
            return ParticleVector(c & 1 == 0 ? -w / 2 : w / 2, c & 2 == 0 ? -h / 2 : h / 2, c & 4 == 0 ? -d / 2 : d / 2)
        case .outline:
            let s = u0 * (w + h + d), e = min(3, Int(u1 * 4))
            let a = e & 1 == 0 ? -0.5 : 0.5, b = e & 2 == 0 ? -0.5 : 0.5
            if s < w { return ParticleVector(s - w / 2, a * h, b * d) }
            if s < w + h { return ParticleVector(a * w, s - w - h / 2, b * d) }
            return ParticleVector(a * w, b * h, s - w - h - d / 2)
        case .surface:
            let xy = w * h, yz = h * d, xz = w * d
            let s = u0 * 2 * (xy + yz + xz)
            if s < 2 * xy { return ParticleVector((u1 - 0.5) * w, (u2 - 0.5) * h, s < xy ? -d / 2 : d / 2) }
            if s < 2 * (xy + yz) {
                return ParticleVector(s - 2 * xy < yz ? -w / 2 : w / 2, (u1 - 0.5) * h, (u2 - 0.5) * d)
            }
            return ParticleVector((u1 - 0.5) * w, s - 2 * (xy + yz) < xz ? -h / 2 : h / 2, (u2 - 0.5) * d)
        case .volume:
            return ParticleVector((u0 - 0.5) * w, (u1 - 0.5) * h, (u2 - 0.5) * d)
        }
    }

    /// In the xy-plane, radius r. Points: the centre. Outline: angle 2π·u0 on the circle. Surface and
    /// volume: the disc, radius r·√u0 at angle 2π·u1.
    static func circle(_ mode: EmitterMode, _ r: Double, _ u0: Double, _ u1: Double) -> ParticleVector {
        switch mode {
        case .points: return .zero
        case .outline: return ParticleVector(r * cos(2 * .pi * u0), r * sin(2 * .pi * u0), 0)
        case .surface, .volume:
            let rho = r * u0.squareRoot()
            return ParticleVector(rho * cos(2 * .pi * u1), rho * sin(2 * .pi * u1), 0)
        }
    }

    /// Radius r. Points: the centre. Outline and surface: the sphere, z = r(1 − 2·u0) at angle 2π·u1
    /// about z (Archimedes: uniform by area). Volume: the ball, that point scaled by ∛u2.
    static func sphere(_ mode: EmitterMode, _ r: Double, _ u0: Double, _ u1: Double, _ u2: Double) -> ParticleVector {
        guard mode != .points else { return .zero }
        // ρ = √(1 − z²) = 2√(u0(1 − u0)), written so a float shader does not cancel near the poles.
        let z = 1 - 2 * u0, rho = 2 * max(0, u0 * (1 - u0)).squareRoot()
        let onSphere = ParticleVector(rho * cos(2 * .pi * u1), rho * sin(2 * .pi * u1), z)
        return (mode == .volume ? r * cbrt(u2) : r) * onSphere
    }
}
