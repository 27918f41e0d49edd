import Foundation

/// CAKeyframeAnimation's values and how time moves through them.
/// - linear: straight interpolation between consecutive values, each segment spanning its keyTimes interval
///   (even spacing when keyTimes is nil), with the segment's timing function if given.
/// - discrete: value i holds from keyTimes[i] until the next key time; no tweening, no timing functions.
/// - paced: like linear, but keyTimes are derived so the value moves at constant speed (distance below).
/// - cubic: a Kochanek–Bartels spline through the values (tension/continuity/bias, default 0 =
///   Catmull-Rom; the ends repeat the first and last value), each segment over its keyTimes interval.
/// - cubicPaced: the same spline traversed at constant speed along its arc length.
public struct Keyframes: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// Turning the layer to follow a path (kCAAnimationRotateAuto / RotateAutoReverse).
    public enum RotationMode: String, Hashable, Sendable, CaseIterable {
        case auto, autoReverse
    }

    public var values: [AnimatableValue]
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var mode: Mode
    public var tension: [Double]?
    public var continuity: [Double]?
    public var bias: [Double]?
    /// A point path to follow instead of `values` (it wins when both are set).
    public var path: Path?
    public var rotationMode: RotationMode?

    public init(values: [AnimatableValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                mode: Mode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil,
                path: Path? = nil, rotationMode: RotationMode? = nil) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.mode = mode
        self.tension = tension; self.continuity = continuity; self.bias = bias
        self.path = path; self.rotationMode = rotationMode
    }

    /// `keyTimes` as Core Animation uses them: kept when they fit the mode (one per value, or one per value
    /// plus one in discrete mode; one per path point; finite, within 0…1 and non-decreasing), nil (even
    /// spacing) when they do not: Apple ignores key times that are "invalid or inappropriate for the
    /// current calculation mode" rather than refusing the animation. Paced modes ignore them anyway.
    public static func usable(_ keyTimes: [Double]?, mode: Mode, values n: Int, pathSegments: Int?) -> [Double]? {
        guard let kt = keyTimes, mode != .paced, mode != .cubicPaced else { return keyTimes }
        let counts = pathSegments.map { [$0 + 1] } ?? (mode == .discrete ? [n, n + 1] : [n])
        guard counts.contains(kt.count), kt.allSatisfy({ $0.isFinite && (0...1).contains($0) }),
              zip(kt, kt.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        return kt
    }

    /// Checks counts, ranges and shapes against the key path's value kind.
    public func validate(kind: ValueKind, keyPath: String) throws {
        if let path {
            guard kind == .point else { throw StrataError.invalidValue(key: "\(keyPath).path", expected: "a point key path (position, anchorPoint)") }
            let n = path.segments.count
            guard n >= 1 else { throw StrataError.invalidValue(key: "\(keyPath).path", expected: "at least one line or curve") }
            if let kt = keyTimes, mode != .paced, mode != .cubicPaced {
                guard kt.count == n + 1, kt.allSatisfy({ $0.isFinite && (0...1).contains($0) }), zip(kt, kt.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                    throw StrataError.invalidValue(key: "\(keyPath).keyTimes", expected: "\(n + 1) non-decreasing key times in 0…1 for a path of \(n) segments")
                }
            }
            return
        }
        guard rotationMode == nil else { throw StrataError.invalidValue(key: "\(keyPath).rotationMode", expected: "a path to follow") }
        let n = values.count
        guard n >= 1 else { throw StrataError.invalidValue(key: "\(keyPath).values", expected: "at least one value") }
        if let bad = values.first(where: { $0.kind != kind }) {
            throw StrataError.invalidValue(key: "\(keyPath).values", expected: "\(kind) values (got \(bad.kind))")
        }
        if let kt = keyTimes, mode != .paced, mode != .cubicPaced {
            let allowed = mode == .discrete ? [n, n + 1] : [n]
            guard allowed.contains(kt.count) else {
                throw StrataError.invalidValue(key: "\(keyPath).keyTimes", expected: "\(allowed.map(String.init).joined(separator: " or ")) key times for \(n) values")
            }
            guard kt.allSatisfy({ $0.isFinite && (0...1).contains($0) }), zip(kt, kt.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw StrataError.invalidValue(key: "\(keyPath).keyTimes", expected: "non-decreasing numbers in 0…1")
            }
        }
        for (name, list) in [("tensionValues", tension), ("continuityValues", continuity), ("biasValues", bias)] {
            if let list, list.count != n || !list.allSatisfy(\.isFinite) {
                throw StrataError.invalidValue(key: "\(keyPath).\(name)", expected: "\(n) finite numbers")
            }
        }
        if mode == .cubic || mode == .cubicPaced, n > 1, !Self.isVector(kind) {
            throw StrataError.unsupported("\(mode.rawValue) calculation mode for \(kind) values")
        }
    }

    static func isVector(_ kind: ValueKind) -> Bool {
        switch kind {
        case .scalar, .point, .size, .rect, .color, .vector3: true
        case .transform, .bool, .path, .numbers, .colors, .string, .text, .emitterCells, .filters, .image: false
        }
    }

    /// The point and direction of travel on the path at normalised time `f`.
    public func pathSample(at f: Double) -> (point: CGPoint, tangent: CGPoint)? { Resolved(self).pathSample(at: f) }

    /// The rotation about z the layer presents while following the path (nil without a rotation mode).
    public func rotation(at f: Double) -> CGFloat? { Resolved(self).rotation(at: f) }

    /// The value at normalised animation time `f` (0…1). Evaluating many times: `Resolved` once, then its
    /// `value(at:)` (as `PreparedAnimation` does).
    public func value(at f: Double) -> AnimatableValue { Resolved(self).value(at: f) }

    /// Segment `i`'s timing function. As Core Animation does, a list shorter than the segments is accepted:
    /// segments past its end are linear (and extra entries are unused).
    func segmentFunction(_ i: Int) -> TimingFunction? {
        guard let tf = timingFunctions, i < tf.count else { return nil }
        return tf[i]
    }

    static func even(_ n: Int) -> [Double] { (0..<n).map { Double($0) / Double(n - 1) } }

    /// The index of the last key time reached at `f` (0 before the first).
    static func lastReached(_ f: Double, _ kt: [Double]) -> Int {
        var i = 0
        for (j, t) in kt.enumerated() where t <= f { i = j }
        return i
    }

    /// The segment between consecutive key times that contains `f`, and the position inside it (0…1).
    static func segment(at f: Double, keyTimes kt: [Double]) -> (Int, Double) {
        let n = kt.count
        if f <= kt[0] { return (0, 0) }
        if f >= kt[n - 1] { return (n - 2, 1) }
        var i = 0
        while i < n - 2, f >= kt[i + 1] { i += 1 }
        let span = kt[i + 1] - kt[i]
        return (i, span > 0 ? (f - kt[i]) / span : 1)
    }

    /// Key times proportional to the cumulative distance between consecutive values.
    func pacedKeyTimes() -> [Double] {
        var cumulative = [0.0]
        for (a, b) in zip(values, values.dropFirst()) { cumulative.append(cumulative[cumulative.count - 1] + Self.distance(a, b)) }
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else { return Self.even(values.count) }
        return cumulative.map { $0 / total }
    }

    /// Euclidean distance over a value's components (a transform's 16 elements; a Bool change counts 1).
    public static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        if case let (.bool(x), .bool(y)) = (a, b) { return x == y ? 0 : 1 }
        let d = zip(components(a), components(b)).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        return d.squareRoot()
    }

    static func components(_ v: AnimatableValue) -> [Double] {
        switch v {
        case .scalar(let x): [Double(x)]
        case .point(let p): [Double(p.x), Double(p.y)]
        case .size(let s): [Double(s.width), Double(s.height)]
        case .rect(let r): [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c): (c ?? .clear).components.map { Double($0) }
        case .transform(let t): t.elements.map { Double($0) }
        case .bool(let b): [b ? 1 : 0]
        case let .vector3(x, y, z): [Double(x), Double(y), Double(z)]
        case .path(let p):
            // Every point in order: paced keyframes of paths measure how far the points move.
            (p?.points ?? []).flatMap { [Double($0.x), Double($0.y)] }
        case .numbers(let n): (n ?? []).map { Double($0) }
        case .colors(let c): (c ?? []).flatMap { $0.components.map { Double($0) } }
        case .string, .text, .emitterCells, .filters, .image: []
        }
    }

    /// A value of a vector kind (scalar, point, size, rect, colour, vector3) as up to four components
    /// (zero for other kinds); the GPU path packs values the same way.
    static func vector(_ v: AnimatableValue) -> SIMD4<Double> {
        switch v {
        case .scalar(let x): return SIMD4(Double(x), 0, 0, 0)
        case .point(let p): return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .size(let s): return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case .rect(let r): return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case .color(let c):
            let k = c ?? .clear
            return SIMD4(Double(k.red), Double(k.green), Double(k.blue), Double(k.alpha))
        case let .vector3(x, y, z): return SIMD4(Double(x), Double(y), Double(z), 0)
        default: return .zero
        }
    }

    /// The spline through the values (cubic modes; `measured` for constant speed).
    func spline(measured: Bool = false) -> KochanekBartels {
        KochanekBartels(points: values.map(Self.vector), tension: tension, continuity: continuity, bias: bias, measured: measured)
    }

    static func rebuild(_ c: SIMD4<Double>, like v: AnimatableValue) -> AnimatableValue {
        switch v {
        case .scalar: .scalar(CGFloat(c[0]))
        case .point: .point(CGPoint(x: c[0], y: c[1]))
        case .size: .size(CGSize(width: c[0], height: c[1]))
        case .rect: .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .vector3: .vector3(CGFloat(c[0]), CGFloat(c[1]), CGFloat(c[2]))
        case .transform, .bool, .path, .numbers, .colors, .string, .text, .emitterCells, .filters, .image: v
        }
    }
}
