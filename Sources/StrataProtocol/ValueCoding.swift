import Foundation
import StrataCore

/// Binary encoding of core-model values and animation descriptions.
extension ByteWriter {
    public mutating func value(_ v: AnimatableValue) {
        u8(v.kind.rawValue)
        switch v {
        case .scalar(let x): f64(Double(x))
        case .point(let p): f64(Double(p.x)); f64(Double(p.y))
        case .size(let s): f64(Double(s.width)); f64(Double(s.height))
        case .rect(let r):
            f64(Double(r.origin.x)); f64(Double(r.origin.y)); f64(Double(r.size.width)); f64(Double(r.size.height))
        case .transform(let t): for e in t.elements { f64(Double(e)) }
        case .color(let c):
            bool(c != nil)
            if let c { for e in c.components { f64(Double(e)) } }
        case .bool(let b): bool(b)
        case let .vector3(x, y, z): f64(Double(x)); f64(Double(y)); f64(Double(z))
        case .path(let p):
            // Present flag first, as for colours: an absent path is a nil shadowPath.
            bool(p != nil)
            if let p { path(p) }
        case .numbers(let list):
            bool(list != nil)
            if let list { u32(UInt32(list.count)); for x in list { f64(Double(x)) } }
        case .colors(let list):
            bool(list != nil)
            if let list { u32(UInt32(list.count)); for c in list { for e in c.components { f64(Double(e)) } } }
        case .string(let s):
            bool(s != nil)
            if let s { string(s) }
        case .text(let t):
            bool(t != nil)
            if let t { text(t) }
        case .emitterCells(let cells): emitterCells(cells)
        case .filters(let list): filters(list)
        case .image(let c): u64(c.from); u64(c.to); f64(c.fraction)
        }
    }

    /// A path: u32 element count, then per element a u8 code and its points (2 × f64 each):
    /// 0 move, 1 line, 2 quad (control, end), 3 cubic (control1, control2, end), 4 close.
    mutating func path(_ p: Path) {
        u32(UInt32(p.elements.count))
        for e in p.elements {
            switch e {
            case .move(let q): u8(0); point(q)
            case .line(let q): u8(1); point(q)
            case let .quad(c, q): u8(2); point(c); point(q)
            case let .cubic(c1, c2, q): u8(3); point(c1); point(c2); point(q)
            case .close: u8(4)
            }
        }
    }

    public mutating func optionalValue(_ v: AnimatableValue?) {
        bool(v != nil)
        if let v { value(v) }
    }

    mutating func point(_ p: CGPoint) { f64(Double(p.x)); f64(Double(p.y)) }

    /// An optional list of numbers: presence byte, u32 count, f64s.
    mutating func doubles(_ list: [Double]?) {
        bool(list != nil)
        if let list { u32(UInt32(list.count)); for d in list { f64(d) } }
    }

    public mutating func animation(_ a: AnimationSpec) {
        string(a.keyPath?.description ?? "")
        switch a.kind {
        case let .basic(from, to, by):
            u8(1)
            optionalValue(from); optionalValue(to); optionalValue(by)
        case let .spring(from, to, by, spring):
            u8(2)
            optionalValue(from); optionalValue(to); optionalValue(by)
            f64(spring.mass); f64(spring.stiffness); f64(spring.damping); f64(spring.initialVelocity)
        case let .group(children):
            u8(3)
            u32(UInt32(children.count))
            for child in children { animation(child) }
        case let .keyframe(frames):
            u8(4)
            u32(UInt32(frames.values.count))
            for v in frames.values { value(v) }
            doubles(frames.keyTimes)
            bool(frames.timingFunctions != nil)
            if let tf = frames.timingFunctions {
                u32(UInt32(tf.count))
                for f in tf { f64(f.c1x); f64(f.c1y); f64(f.c2x); f64(f.c2y) }
            }
            u8(UInt8(Keyframes.Mode.allCases.firstIndex(of: frames.mode) ?? 0))
            doubles(frames.tension); doubles(frames.continuity); doubles(frames.bias)
            bool(frames.path != nil)
            if let p = frames.path { path(p) }
            u8(frames.rotationMode.flatMap { m in Keyframes.RotationMode.allCases.firstIndex(of: m).map { UInt8($0 + 1) } } ?? 0)
        case .transition(let transition):
            u8(5)
            u8(transition.kind.rawValue)
            u8(transition.direction.map { $0.rawValue + 1 } ?? 0) // 0: the default subtype
            f64(transition.startProgress); f64(transition.endProgress)
        }
        let t = a.timing
        f64(t.beginTime); f64(t.duration); f64(t.speed); f64(t.timeOffset)
        f64(t.repeatCount); f64(t.repeatDuration); bool(t.autoreverses); u8(t.fillMode.rawValue)
        bool(a.timingFunction != nil)
        if let f = a.timingFunction { f64(f.c1x); f64(f.c1y); f64(f.c2x); f64(f.c2y) }
        bool(a.isRemovedOnCompletion); bool(a.isAdditive); bool(a.isCumulative)
        // 0: no value function; otherwise 1 + its index in ValueFunction.allCases.
        u8(a.valueFunction.flatMap { f in ValueFunction.allCases.firstIndex(of: f).map { UInt8($0 + 1) } } ?? 0)
        f64(a.valueStep)
    }
}

extension ByteReader {
    private mutating func finite(_ what: String) throws -> CGFloat { CGFloat(try finiteF64(what)) }

    public mutating func value(_ what: String) throws -> AnimatableValue {
        let k = try u8("\(what) kind")
        guard let kind = ValueKind(rawValue: k) else { throw ProtocolError.unknownValueKind(k) }
        switch kind {
        case .scalar: return .scalar(try finite(what))
        case .point: return .point(CGPoint(x: try finite(what), y: try finite(what)))
        case .size: return .size(CGSize(width: try finite(what), height: try finite(what)))
        case .rect:
            return .rect(CGRect(x: try finite(what), y: try finite(what), width: try finite(what), height: try finite(what)))
        case .transform:
            var e: [CGFloat] = []
            for _ in 0..<16 { e.append(try finite(what)) }
            return .transform(Transform3D(elements: e))
        case .color:
            guard try bool("\(what) colour presence") else { return .color(nil) }
            return .color(Color(red: try finite(what), green: try finite(what), blue: try finite(what), alpha: try finite(what)))
        case .bool: return .bool(try bool(what))
        case .vector3: return .vector3(try finite(what), try finite(what), try finite(what))
        case .path:
            guard try bool("\(what) path presence") else { return .path(nil) }
            return .path(try path(what))
        case .numbers:
            guard try bool("\(what) list presence") else { return .numbers(nil) }
            let n = try listCount(what)
            return .numbers(try (0..<n).map { _ in try finite(what) })
        case .colors:
            guard try bool("\(what) list presence") else { return .colors(nil) }
            let n = try listCount(what)
            return .colors(try (0..<n).map { _ in
                Color(red: try finite(what), green: try finite(what), blue: try finite(what), alpha: try finite(what))
            })
        case .string:
            guard try bool("\(what) string presence") else { return .string(nil) }
            return .string(try string(what, max: ValueRule.maxFontNameLength))
        case .text:
            guard try bool("\(what) text presence") else { return .text(nil) }
            return .text(try text(what))
        case .emitterCells: return .emitterCells(try emitterCells(what))
        case .filters: return .filters(try filters(what))
        case .image:
            let from = try u64("\(what) image"), to = try u64("\(what) image")
            let fraction = try finiteF64("\(what) crossfade fraction")
            guard (0...1).contains(fraction) else { throw ProtocolError.invalid("\(what): crossfade fraction \(fraction) outside 0…1") }
            return .image(ContentsImage(from: from, to: to, fraction: fraction))
        }
    }

    /// A list's element count, at most `maxKeyframes` (the properties' own rules bound them further).
    private mutating func listCount(_ what: String) throws -> Int {
        let n = Int(try u32("\(what) count"))
        guard n <= Self.maxKeyframes else { throw ProtocolError.invalid("\(what): a list of \(n) entries exceeds \(Self.maxKeyframes)") }
        return n
    }

    /// A path as `ByteWriter.path` writes it, at most 4096 elements, every coordinate finite.
    mutating func path(_ what: String) throws -> Path {
        let count = Int(try u32("\(what) path element count"))
        guard count <= Self.maxKeyframes else { throw ProtocolError.invalid("path of \(count) elements exceeds \(Self.maxKeyframes)") }
        var p = Path()
        for i in 0..<count {
            let here = "\(what) path element \(i)"
            func pt() throws -> CGPoint { CGPoint(x: try finite(here), y: try finite(here)) }
            switch try u8(here) {
            case 0: p.move(to: try pt())
            case 1: p.addLine(to: try pt())
            case 2: let c = try pt(); p.addQuadCurve(to: try pt(), control: c)
            case 3: let c1 = try pt(), c2 = try pt(); p.addCurve(to: try pt(), control1: c1, control2: c2)
            case 4: p.closeSubpath()
            case let code: throw ProtocolError.invalid("\(here): unknown path element \(code)")
            }
        }
        return p
    }

    public mutating func optionalValue(_ what: String) throws -> AnimatableValue? {
        try bool("\(what) presence") ? try value(what) : nil
    }

    /// Four control points c1x, c1y, c2x, c2y: finite, with the x values in 0…1.
    mutating func timingFunction(_ what: String) throws -> TimingFunction {
        let p = [try f64(what), try f64(what), try f64(what), try f64(what)]
        guard p.allSatisfy(\.isFinite), (0...1).contains(p[0]), (0...1).contains(p[2]) else {
            throw ProtocolError.invalid("\(what) control points \(p) out of range (x must be in 0…1)")
        }
        return TimingFunction(p[0], p[1], p[2], p[3])
    }

    mutating func valueFunction() throws -> ValueFunction? {
        let code = Int(try u8("valueFunction"))
        guard code != 0 else { return nil }
        guard code <= ValueFunction.allCases.count else { throw ProtocolError.invalid("unknown valueFunction \(code)") }
        return ValueFunction.allCases[code - 1]
    }

    static let maxKeyframes = WireFormat.maxListCount

    mutating func doubles(_ what: String) throws -> [Double]? {
        guard try bool("\(what) presence") else { return nil }
        let n = Int(try u32("\(what) count"))
        guard n <= Self.maxKeyframes else { throw ProtocolError.invalid("\(what): \(n) entries exceed \(Self.maxKeyframes)") }
        return try (0..<n).map { _ in try f64(what) }
    }

    public mutating func animation() throws -> AnimationSpec { try animation(depth: 0) }

    private mutating func animation(depth: Int) throws -> AnimationSpec {
        let path = try string("animation keyPath")
        let kindCode = try u8("animation kind")
        // Groups and transitions have no key path (empty string). Other kinds name one Strata carries, or
        // none for a custom key: the client evaluates it and the server only keeps its time.
        var keyPath: LayerKeyPath?
        if kindCode != 3 && kindCode != 5 && !path.isEmpty {
            do { keyPath = try LayerKeyPath(parsing: path) } catch {
                throw ProtocolError.invalid("animation keyPath \"\(path)\" is not supported")
            }
        } else if !path.isEmpty {
            throw ProtocolError.invalid("an animation \(kindCode == 3 ? "group" : "transition") has no keyPath (got \"\(path)\")")
        }
        let kind = try animationKind(kindCode, depth: depth)
        var t = MediaTiming()
        t.beginTime = try f64("beginTime"); t.duration = try f64("duration"); t.speed = try f64("speed")
        t.timeOffset = try f64("timeOffset"); t.repeatCount = try f64("repeatCount")
        t.repeatDuration = try f64("repeatDuration"); t.autoreverses = try bool("autoreverses")
        let fill = try u8("fillMode")
        guard let fillMode = FillMode(rawValue: fill) else { throw ProtocolError.invalid("unknown fillMode \(fill)") }
        t.fillMode = fillMode
        let function = try bool("timingFunction presence") ? try timingFunction("timingFunction") : nil
        let spec = AnimationSpec(keyPath: keyPath, kind: kind, timing: t, timingFunction: function,
                                 isRemovedOnCompletion: try bool("removedOnCompletion"),
                                 isAdditive: try bool("additive"), isCumulative: try bool("cumulative"),
                                 valueFunction: try valueFunction(), valueStep: try finiteF64("valueStep"))
        if depth == 0 {
            do { try spec.validate() } catch {
                let subject = !path.isEmpty ? path : kindCode == 3 ? "group" : kindCode == 5 ? "transition" : "custom key"
                throw ProtocolError.invalid("animation on \(subject): \(error)")
            }
        }
        return spec
    }

    /// An animation's kind and its values, after its code: 1 basic, 2 spring, 3 group (children to
    /// `maxGroupDepth`), 4 keyframe, 5 transition.
    private mutating func animationKind(_ code: UInt8, depth: Int) throws -> AnimationSpec.Kind {
        switch code {
        case 1:
            return .basic(from: try optionalValue("fromValue"), to: try optionalValue("toValue"), by: try optionalValue("byValue"))
        case 2:
            let (from, to, by) = (try optionalValue("fromValue"), try optionalValue("toValue"), try optionalValue("byValue"))
            let spring = Spring(mass: try f64("mass"), stiffness: try f64("stiffness"), damping: try f64("damping"),
                                initialVelocity: try f64("initialVelocity"))
            return .spring(from: from, to: to, by: by, spring)
        case 3:
            guard depth < AnimationSpec.maxGroupDepth else {
                throw ProtocolError.invalid("animation groups nested more than \(AnimationSpec.maxGroupDepth) deep")
            }
            let count = Int(try u32("group child count"))
            guard count <= 256 else { throw ProtocolError.invalid("animation group of \(count) children exceeds 256") }
            var children: [AnimationSpec] = []
            for _ in 0..<count { children.append(try animation(depth: depth + 1)) }
            return .group(children)
        case 4:
            let n = Int(try u32("keyframe count"))
            guard n <= Self.maxKeyframes else { throw ProtocolError.invalid("\(n) keyframe values exceed \(Self.maxKeyframes)") }
            let values = try (0..<n).map { try value("values[\($0)]") }
            let keyTimes = try doubles("keyTimes")
            var functions: [TimingFunction]?
            if try bool("timingFunctions presence") {
                let count = Int(try u32("timingFunctions count"))
                guard count <= Self.maxKeyframes else { throw ProtocolError.invalid("\(count) timing functions exceed \(Self.maxKeyframes)") }
                functions = try (0..<count).map { _ in try timingFunction("timingFunctions") }
            }
            let modeCode = Int(try u8("calculationMode"))
            guard modeCode < Keyframes.Mode.allCases.count else { throw ProtocolError.invalid("unknown calculationMode \(modeCode)") }
            let (tension, continuity, bias) = (try doubles("tensionValues"), try doubles("continuityValues"), try doubles("biasValues"))
            let path: Path? = try bool("path presence") ? try self.path("keyframe") : nil
            let rotationCode = Int(try u8("rotationMode"))
            guard rotationCode <= Keyframes.RotationMode.allCases.count else { throw ProtocolError.invalid("unknown rotationMode \(rotationCode)") }
            return .keyframe(Keyframes(values: values, keyTimes: keyTimes, timingFunctions: functions,
                                       mode: Keyframes.Mode.allCases[modeCode], tension: tension, continuity: continuity, bias: bias,
                                       path: path, rotationMode: rotationCode == 0 ? nil : Keyframes.RotationMode.allCases[rotationCode - 1]))
        case 5:
            let type = try u8("transition type")
            guard let transitionKind = Transition.Kind(rawValue: type) else { throw ProtocolError.invalid("unknown transition type \(type)") }
            let subtype = try u8("transition subtype")
            var direction: Transition.Direction?
            if subtype != 0 {
                guard let d = Transition.Direction(rawValue: subtype - 1) else { throw ProtocolError.invalid("unknown transition subtype \(subtype)") }
                direction = d
            }
            return .transition(Transition(kind: transitionKind, direction: direction,
                                          startProgress: try f64("startProgress"), endProgress: try f64("endProgress")))
        default:
            throw ProtocolError.invalid("unknown animation kind \(code)")
        }
    }
}
