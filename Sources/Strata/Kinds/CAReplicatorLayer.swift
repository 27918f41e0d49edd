import Foundation
import StrataCore

/// A layer whose sublayers the server draws `instanceCount` times: each copy moved by `instanceTransform`
/// from the one before (about the layer's centre), its colours multiplied by `instanceColor` plus the
/// offsets times its index, and its animations run `instanceDelay` later than the copy before.
open class CAReplicatorLayer: CALayer {
    override class var layerKind: LayerKind { .replicator }

    /// Copies drawn, the original included (default 1). Animatable.
    public var instanceCount: Int {
        get { read { Int($0.replicator.instanceCount) } }
        set { set(.instanceCount, CGFloat(newValue)) }
    }
    /// Whether the copies share the layer's 3D space instead of being flattened into its plane (default
    /// false). Not animatable.
    public var preservesDepth: Bool { get { read { $0.replicator.preservesDepth } } set { set(.preservesDepth, newValue) } }
    /// Seconds each copy's animations run later than the copy before's (default 0). Animatable.
    public var instanceDelay: CFTimeInterval {
        get { read { Double($0.replicator.instanceDelay) } }
        set { set(.instanceDelay, CGFloat(newValue)) }
    }
    /// Moves copy i + 1 from copy i, about the layer's centre (default identity). Animatable.
    public var instanceTransform: CATransform3D {
        get { read { $0.replicator.instanceTransform } }
        set { set(.instanceTransform, newValue) }
    }
    /// Multiplies the first copy's colours (default opaque white). Animatable.
    public var instanceColor: CGColor? {
        get { read { $0.replicator.instanceColor.map(CGColor.init) } }
        set { set(.instanceColor, newValue?.color) }
    }
    /// Added to each colour component of copy i + 1's multiplier over copy i's (default 0). Animatable.
    public var instanceRedOffset: Float {
        get { read { Float($0.replicator.instanceRedOffset) } }
        set { set(.instanceRedOffset, CGFloat(newValue)) }
    }
    /// Added to the green multiplier of each copy over the one before: copy k multiplies its green by
    /// `instanceColor`'s green + k × offset, clamped to 0…1 (default 0). Animatable.
    public var instanceGreenOffset: Float {
        get { read { Float($0.replicator.instanceGreenOffset) } }
        set { set(.instanceGreenOffset, CGFloat(newValue)) }
    }
    /// Added to the blue multiplier of each copy over the one before: copy k multiplies its blue by
    /// `instanceColor`'s blue + k × offset, clamped to 0…1 (default 0). Animatable.
    public var instanceBlueOffset: Float {
        get { read { Float($0.replicator.instanceBlueOffset) } }
        set { set(.instanceBlueOffset, CGFloat(newValue)) }
    }
    /// Added to the alpha multiplier of each copy over the one before: copy k's opacity is multiplied by
    /// `instanceColor`'s alpha + k × offset, clamped to 0…1 (default 0; negative fades later copies). Animatable.
    public var instanceAlphaOffset: Float {
        get { read { Float($0.replicator.instanceAlphaOffset) } }
        set { set(.instanceAlphaOffset, CGFloat(newValue)) }
    }
}
