import Foundation

/// The images an animation of `contents` names (a crossfade's ends, a keyframe animation's values, those of
/// a group's animations): the commit defines them on the server before the animation, and releases them
/// when it goes, as it does a layer's own contents.
extension CAAnimation {
    var contentsImages: [CGImage] {
        var found: [CGImage] = []
        func add(_ values: [Any?]) {
            for case let image as CGImage in values where !found.contains(where: { $0 === image }) { found.append(image) }
        }
        switch self {
        case let group as CAAnimationGroup:
            for child in group.animations ?? [] {
                for image in child.contentsImages where !found.contains(where: { $0 === image }) { found.append(image) }
            }
        case let basic as CABasicAnimation where basic.keyPath == "contents":
            add([basic.fromValue, basic.toValue, basic.byValue])
        case let keyframes as CAKeyframeAnimation where keyframes.keyPath == "contents":
            add(keyframes.values ?? [])
        default:
            break
        }
        return found
    }
}
