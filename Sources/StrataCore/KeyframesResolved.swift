import Foundation

extension Keyframes {
    /// Keyframes made ready to evaluate, once: the key times each mode moves through (even, given or
    /// paced), the path's segments and their lengths, the spline's tangents and arc lengths. `value(at:)`
    /// is then the definition of what keyframes present (`Keyframes.value` makes one and asks it), and
    /// evaluating a frame neither measures nor allocates anything for it but the value itself.
    public struct Resolved: Sendable {
        public let frames: Keyframes
        /// The key times the values move through (paced: proportional to the distance between them).
        private let keyTimes: [Double]
        /// The path's pieces, the key times its vertices move through and, for the paced modes, each piece's length.
        private let segments: [PathSegment]
        private let pathKeyTimes: [Double]
        private let pathLengths: [Double]
        private let pathLength: Double
        private let spline: KochanekBartels?

        public init(_ frames: Keyframes) {
            self.frames = frames
            let n = frames.values.count
            switch frames.mode {
            case .paced: keyTimes = n > 1 ? frames.pacedKeyTimes() : []
            case .cubicPaced: keyTimes = []
            case .linear, .discrete, .cubic: keyTimes = n > 1 ? frames.keyTimes ?? Keyframes.even(n) : []
            }
            segments = frames.path?.segments ?? []
            pathKeyTimes = segments.isEmpty ? [] : frames.keyTimes ?? Keyframes.even(segments.count + 1)
            pathLengths = frames.mode == .paced || frames.mode == .cubicPaced ? segments.map { $0.length(to: 1) } : []
            pathLength = pathLengths.reduce(0, +)
            let cubic = frames.path == nil && n > 1 && (frames.mode == .cubic || frames.mode == .cubicPaced)
            spline = cubic ? frames.spline(measured: frames.mode == .cubicPaced) : nil
        }

        /// The point and direction of travel on the path at normalised time `f`.
        public func pathSample(at f: Double) -> (point: CGPoint, tangent: CGPoint)? {
            guard !segments.isEmpty else { return nil }
            let n = segments.count
            let (i, u): (Int, Double)
            switch frames.mode {
            case .paced, .cubicPaced:
                // Constant speed along the whole path's arc length.
                var target = min(max(f, 0), 1) * pathLength
                var k = 0
                while k < n - 1, target > pathLengths[k] { target -= pathLengths[k]; k += 1 }
                (i, u) = (k, segments[k].parameter(atLength: target))
            case .discrete:
                // Vertex k: the start of segment k, or the end of the last one.
                let k = Keyframes.lastReached(f, pathKeyTimes)
                (i, u) = k >= n ? (n - 1, 1) : (k, 0)
            case .linear, .cubic:
                let (k, raw) = Keyframes.segment(at: f, keyTimes: pathKeyTimes)
                (i, u) = (k, frames.segmentFunction(k)?.progress(at: raw) ?? raw)
            }
            return (segments[i].point(at: u), segments[i].tangent(at: u))
        }

        /// The rotation about z the layer presents while following the path (nil without a rotation mode).
        public func rotation(at f: Double) -> CGFloat? {
            guard let rotationMode = frames.rotationMode, let sample = pathSample(at: f) else { return nil }
            let angle = atan2(sample.tangent.y, sample.tangent.x)
            return rotationMode == .autoReverse ? angle + .pi : angle
        }

        /// The value at normalised animation time `f` (0…1).
        public func value(at f: Double) -> AnimatableValue {
            if let sample = pathSample(at: f) { return .point(sample.point) }
            let values = frames.values
            guard values.count > 1 else { return values[0] }
            switch frames.mode {
            case .discrete:
                // The last index whose key time has been reached holds.
                return values[min(Keyframes.lastReached(f, keyTimes), values.count - 1)]
            case .linear:
                let (i, u) = Keyframes.segment(at: f, keyTimes: keyTimes)
                let curved = frames.segmentFunction(i)?.progress(at: u) ?? u
                return Interpolation.interpolate(values[i], values[i + 1], curved)
            case .paced:
                let (i, u) = Keyframes.segment(at: f, keyTimes: keyTimes)
                return Interpolation.interpolate(values[i], values[i + 1], u)
            case .cubic:
                guard let spline else { return values[0] }
                let (i, u) = Keyframes.segment(at: f, keyTimes: keyTimes)
                let curved = frames.segmentFunction(i)?.progress(at: u) ?? u
                return Keyframes.rebuild(spline.point(segment: i, at: curved), like: values[0])
            case .cubicPaced:
                guard let spline else { return values[0] }
                return Keyframes.rebuild(spline.point(atArcFraction: f), like: values[0])
            }
        }
    }
}
