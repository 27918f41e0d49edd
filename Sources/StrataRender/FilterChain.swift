import Foundation
import StrataCore

/// What a layer's `filters` do to its drawing, in target pixels (`DrawCommand.endFilterGroup`): blurs and
/// colour matrices, in order. Consecutive colour filters are one matrix (their product), clamped once.
public struct FilterChain: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// A Gaussian blur of standard deviation `sigma` target pixels.
        case blur(sigma: CGFloat)
        /// A colour matrix over unpremultiplied RGBA, its result clamped to 0…1.
        case matrix(ColorMatrix)
    }

    public private(set) var steps: [Step] = []

    /// The chain of the enabled `filters` of a layer drawn at `scale` target pixels per point: a blur's
    /// σ is its `inputRadius` (Core Image's, whose `applyingGaussianBlur(sigma:)` is the same filter) in
    /// points. Blend modes are not filters of a layer's own pixels and are left out.
    public init(_ filters: [FilterModel], scale: CGFloat) {
        for f in filters where f.isEnabled && !f.type.isBlendMode {
            if f.type == .gaussianBlur {
                let sigma = f.blurRadius * scale
                if sigma > 0 { steps.append(.blur(sigma: sigma)) }
            } else if let m = ColorMatrix(f) {
                if case let .matrix(before)? = steps.last { steps[steps.count - 1] = .matrix(m.after(before)) } else { steps.append(.matrix(m)) }
            }
        }
    }

    public init(steps: [Step]) { self.steps = steps }

    /// Whether the chain changes nothing (no enabled filter of the layer's own pixels).
    public var isEmpty: Bool { steps.isEmpty }

    /// How far the chain's blurs spread a pixel (target pixels, and a pixel more): its group is drawn that
    /// much beyond what it holds, as a shadow's.
    public var reach: Int {
        steps.reduce(0) { total, step in
            if case let .blur(sigma) = step { return total + BlurPlan(sigma: Double(sigma)).reach }
            return total
        }
    }
}

/// A 4 × 5 colour matrix over unpremultiplied RGBA (Core Image's `CIColorMatrix`): each output channel is
/// the dot product of its row with (r, g, b, a) plus its bias.
public struct ColorMatrix: Hashable, Sendable {
    /// Rows r, g, b, a: four coefficients each.
    public var rows: [SIMD4<Float>]
    public var bias: SIMD4<Float>

    public static let identity = ColorMatrix(rows: [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)], bias: .zero)

    public init(rows: [SIMD4<Float>], bias: SIMD4<Float>) { self.rows = rows; self.bias = bias }

    /// The matrix a colour filter applies; nil for a blur or a blend mode.
    public init?(_ f: FilterModel) {
        func v(_ key: String) -> SIMD4<Float> {
            let n = (f.numbers(key) ?? []).map { Float($0) } + [0, 0, 0, 0]
            return SIMD4(n[0], n[1], n[2], n[3])
        }
        func s(_ key: String) -> Float { Float(f.numbers(key)?.first ?? 0) }
        switch f.type {
        case .colorMatrix:
            self.init(rows: [v("inputRVector"), v("inputGVector"), v("inputBVector"), v("inputAVector")], bias: v("inputBiasVector"))
        case .colorInvert:
            self.init(rows: [SIMD4(-1, 0, 0, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -1, 0), SIMD4(0, 0, 0, 1)], bias: SIMD4(1, 1, 1, 0))
        case .colorControls:
            // Saturation mixes each colour with its luma (Rec. 709 weights), brightness adds, contrast
            // scales about 0.5: c' = k·(s·c + (1 − s)·luma + b − 0.5) + 0.5.
            let sat = s("inputSaturation"), b = s("inputBrightness"), k = s("inputContrast")
            let w = SIMD4<Float>(0.2125, 0.7154, 0.0721, 0)
            var rows: [SIMD4<Float>] = []
            for c in 0..<3 {
                var row = w * (1 - sat)
                row[c] += sat
                rows.append(row * k)
            }
            rows.append(SIMD4(0, 0, 0, 1))
            let offset = k * (b - 0.5) + 0.5
            self.init(rows: rows, bias: SIMD4(offset, offset, offset, 0))
        default:
            return nil
        }
    }

    /// This matrix applied after `first`: one matrix doing both.
    public func after(_ first: ColorMatrix) -> ColorMatrix {
        var out: [SIMD4<Float>] = []
        var outBias = bias
        for r in 0..<4 {
            var row = SIMD4<Float>.zero
            for k in 0..<4 { row += rows[r][k] * first.rows[k] }
            out.append(row)
            outBias[r] += (rows[r] * first.bias).sum()
        }
        return ColorMatrix(rows: out, bias: outBias)
    }

    /// A premultiplied pixel filtered: unpremultiplied, the matrix applied, clamped, premultiplied again
    /// (what filter_color.frag does; the CPU's definition tests hold the GPU to).
    public func apply(premultiplied p: SIMD4<Float>) -> SIMD4<Float> {
        let c = p.w > 0 ? SIMD4(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : .zero
        var o = SIMD4<Float>(dot(rows[0], c), dot(rows[1], c), dot(rows[2], c), dot(rows[3], c)) + bias
        o = o.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        return SIMD4(o.x * o.w, o.y * o.w, o.z * o.w, o.w)
    }

    private func dot(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float { (a * b).sum() }
}
