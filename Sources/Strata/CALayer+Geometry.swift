import Foundation
import StrataCore

/// Where a layer is and how it is placed in its superlayer: every one animatable (implicit animation)
/// unless said otherwise.
extension CALayer {
    public var bounds: CGRect { get { read { $0.bounds } } set { set(.bounds, newValue) } }
    public var position: CGPoint { get { read { $0.position } } set { set(.position, newValue) } }
    public var anchorPoint: CGPoint { get { read { $0.anchorPoint } } set { set(.anchorPoint, newValue) } }
    public var zPosition: CGFloat { get { read { $0.zPosition } } set { set(.zPosition, newValue) } }
    public var transform: CATransform3D { get { read { $0.transform } } set { set(.transform, newValue) } }
    /// The anchor point's z in the layer's own space (default 0): with anchorPoint, the point of the layer
    /// placed at (position, zPosition), and the centre of its transform.
    public var anchorPointZ: CGFloat { get { read { $0.anchorPointZ } } set { set(.anchorPointZ, newValue) } }
    /// Applied to the sublayers, about the anchor point, when rendering (typically perspective: m34).
    public var sublayerTransform: CATransform3D { get { read { $0.sublayerTransform } } set { set(.sublayerTransform, newValue) } }
    /// Whether the layer's own background, contents and border are drawn when it faces away from the
    /// viewer (default true). Its sublayers decide for themselves. Not animatable.
    public var isDoubleSided: Bool { get { read { $0.isDoubleSided } } set { set(.isDoubleSided, newValue) } }

    /// Derived from bounds, position, anchorPoint and transform; not animatable itself (setting it
    /// animates bounds and position).
    public var frame: CGRect {
        get { read { $0.frame } }
        set {
            LayerLock.with {
                var m = modelValues
                m.setFrame(newValue)
                set(.bounds, m.bounds)
                set(.position, m.position)
            }
        }
    }
}
