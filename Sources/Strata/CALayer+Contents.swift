import Foundation
import StrataCore

/// The layer's image and how it is placed and sampled.
extension CALayer {
    /// The layer's image (Core Animation's `contents`); a CGImage here.
    public var contents: CGImage? {
        get { LayerLock.with { contentsImage } }
        set {
            LayerLock.with {
                let changed = contentsImage !== newValue
                contentsImage = newValue
                if displayMarkedByScale, let image = newValue, image.backingStore == nil {
                    needsDisplayFlag = false
                    displayMarkedByScale = false
                }
                CATransaction.noteChange(self)
                // A "contents" action (e.g. from the delegate) runs; there is no built-in cross-fade.
                if changed, hasBeenCommitted, parent != nil || isAttachedRoot { runAction(forKey: "contents") }
            }
        }
    }
    /// Where the contents image goes within the bounds (default `.resize`). Not animatable.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: name(of: .contentsGravity)) }
        set { set(.contentsGravity, named: newValue.rawValue, what: "gravity") }
    }
    /// The part of the contents image shown, in unit coordinates with the origin at the image's top-left
    /// (default (0, 0, 1, 1)); sprites pick their frame with it. Animatable.
    public var contentsRect: CGRect { get { read { $0.contentsRect } } set { set(.contentsRect, newValue) } }
    /// The stretchable middle of the contents (unit coordinates, default (0, 0, 1, 1): all of it). The
    /// parts around it keep their natural size when the contents are scaled (nine-slice). Animatable.
    public var contentsCenter: CGRect { get { read { $0.contentsCenter } } set { set(.contentsCenter, newValue) } }
    /// How contents are sampled when drawn smaller than their pixels (default `.linear`; `.trilinear`
    /// also blends mipmap levels). Not animatable.
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .minificationFilter)) }
        set { set(.minificationFilter, named: newValue.rawValue, what: "filter") }
    }
    /// How contents are sampled when drawn larger than their pixels (default `.linear`; `.nearest` keeps
    /// pixel art sharp). Not animatable.
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .magnificationFilter)) }
        set { set(.magnificationFilter, named: newValue.rawValue, what: "filter") }
    }
    /// Levels of detail added when `minificationFilter` is `.trilinear` and the contents are drawn
    /// smaller (default 0; positive is blurrier, negative sharper). Not animatable.
    public var minificationFilterBias: Float {
        get { read { Float($0.minificationFilterBias) } }
        set { set(.minificationFilterBias, CGFloat(newValue)) }
    }
}
