import Foundation
import StrataCore

/// The NSValue wrappers Apple code puts geometry and transforms in (`NSValue(caTransform3D:)` in a
/// keyframe animation's `values`, say), so such code compiles and its values are accepted wherever a
/// value is.
extension NSValue {
    /// Wraps a point (Foundation's `NSValue(point:)`), as Apple code passes one in an animation's values.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Wraps a size (Foundation's `NSValue(size:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Wraps a rectangle (Foundation's `NSValue(rect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The wrapped point (Foundation's `pointValue`).
    public var cgPointValue: CGPoint { pointValue }
    /// The wrapped size (Foundation's `sizeValue`).
    public var cgSizeValue: CGSize { sizeValue }
    /// The wrapped rectangle (Foundation's `rectValue`).
    public var cgRectValue: CGRect { rectValue }

    /// A CATransform3D: sixteen doubles, m11 to m44 (Foundation on Linux cannot wrap structs, but arrays).
    public convenience init(caTransform3D t: CATransform3D) {
        var elements = t.elements.map { Double($0) }
        self.init(bytes: &elements, objCType: "[16d]")
    }

    /// The wrapped transform (identity when the value holds something else).
    public var caTransform3DValue: CATransform3D { transform3DValue ?? .identity }

    var transform3DValue: CATransform3D? {
        guard String(cString: objCType) == "[16d]" else { return nil }
        var elements = [Double](repeating: 0, count: 16)
        elements.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { getValue(base) }
        }
        return Transform3D(elements: elements.map { CGFloat($0) })
    }
}
