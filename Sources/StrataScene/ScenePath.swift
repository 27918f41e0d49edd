import Foundation
import StrataCore

/// A path in a scene file: an array of elements, each an array starting with its name:
/// ["move", x, y], ["line", x, y], ["quad", cx, cy, x, y], ["curve", c1x, c1y, c2x, c2y, x, y], ["close"],
/// ["rect", x, y, w, h], ["ellipse", x, y, w, h], ["arc", cx, cy, radius, startAngle, endAngle, clockwise],
/// ["roundedRect", x, y, w, h, topLeft, topRight, bottomLeft, bottomRight] (circular corner radii, 0 square:
/// UIBezierPath's roundedRect byRoundingCorners, which a plain cornerRadius can't express).
enum ScenePath {
    /// `key` names the JSON key holding the path in messages ("path" of a keyframe animation, "shadowPath").
    static func parse(_ any: Any, at: String, key: String = "path") throws -> Path {
        guard let list = any as? [Any] else { throw SceneError("\(at): \"\(key)\" must be an array of path elements") }
        var path = Path()
        for (i, item) in list.enumerated() {
            let here = "\(at): \"\(key)\"[\(i)]"
            guard let parts = item as? [Any], let name = parts.first as? String else {
                throw SceneError("\(here) must be an array starting with an element name")
            }
            let rest = Array(parts.dropFirst())
            func numbers(_ n: Int) throws -> [CGFloat] {
                guard rest.count == n, case let ns = rest.compactMap(SceneValues.number), ns.count == n else {
                    throw SceneError("\(here): \"\(name)\" takes \(n) numbers")
                }
                return ns
            }
            switch name {
            case "move": let n = try numbers(2); path.move(to: CGPoint(x: n[0], y: n[1]))
            case "line": let n = try numbers(2); path.addLine(to: CGPoint(x: n[0], y: n[1]))
            case "quad": let n = try numbers(4); path.addQuadCurve(to: CGPoint(x: n[2], y: n[3]), control: CGPoint(x: n[0], y: n[1]))
            case "curve":
                let n = try numbers(6)
                path.addCurve(to: CGPoint(x: n[4], y: n[5]), control1: CGPoint(x: n[0], y: n[1]), control2: CGPoint(x: n[2], y: n[3]))
            case "close": _ = try numbers(0); path.closeSubpath()
            case "rect": let n = try numbers(4); path.addRect(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
            case "ellipse": let n = try numbers(4); path.addEllipse(in: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
            case "roundedRect":
                let n = try numbers(8)
                // Clamped to half the shorter side, so a corner stays circular (as UIBezierPath's).
                let most = min(abs(n[2]), abs(n[3])) / 2
                func corner(_ r: CGFloat) -> CGSize { CGSize(width: min(r, most), height: min(r, most)) }
                path.addRoundedRect(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]), topLeft: corner(n[4]), topRight: corner(n[5]),
                                    bottomLeft: corner(n[6]), bottomRight: corner(n[7]))
            case "arc":
                guard rest.count == 6, let clockwise = rest[5] as? Bool, case let ns = rest.prefix(5).compactMap(SceneValues.number), ns.count == 5 else {
                    throw SceneError("\(here): \"arc\" takes cx, cy, radius, startAngle, endAngle and a clockwise flag")
                }
                path.addArc(center: CGPoint(x: ns[0], y: ns[1]), radius: ns[2], startAngle: ns[3], endAngle: ns[4], clockwise: clockwise)
            default:
                throw SceneError("\(here): unknown path element \"\(name)\" (move, line, quad, curve, close, rect, ellipse, arc, roundedRect)")
            }
        }
        return path
    }

    /// The elements in the scene form: move, line, quad, curve and close (arcs, rects and ellipses were
    /// stored as those).
    static func json(_ path: Path) -> [Any] {
        path.elements.map { e -> [Any] in
            switch e {
            case .move(let p): ["move", Double(p.x), Double(p.y)]
            case .line(let p): ["line", Double(p.x), Double(p.y)]
            case let .quad(c, p): ["quad", Double(c.x), Double(c.y), Double(p.x), Double(p.y)]
            case let .cubic(c1, c2, p): ["curve", Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y)]
            case .close: ["close"]
            }
        }
    }
}
