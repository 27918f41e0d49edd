import Foundation
import StrataCore

/// JSON description of a render subtree (model and last presentation values) for `strata tree`.
enum TreeDescription {
    static func describe(_ n: RenderNode) -> [String: Any] {
        let m = n.model
        var o: [String: Any] = [
            "id": n.id,
            "bounds": [m.bounds.origin.x, m.bounds.origin.y, m.bounds.width, m.bounds.height].map(Double.init),
            "position": [Double(m.position.x), Double(m.position.y)],
            "anchorPoint": [Double(m.anchorPoint.x), Double(m.anchorPoint.y)],
            "opacity": Double(m.opacity),
            "hidden": m.isHidden,
            "zPosition": Double(m.zPosition),
            "presentation": [
                "position": [Double(n.presentation.position.x), Double(n.presentation.position.y)],
                "opacity": Double(n.presentation.opacity),
            ],
        ]
        if !m.transform.isIdentity { o["transform"] = m.transform.elements.map(Double.init) }
        if let c = m.backgroundColor { o["backgroundColor"] = c.components.map(Double.init) }
        if let c = n.contents { o["contents"] = ["width": c.texture.width, "height": c.texture.height] }
        if !n.animations.isEmpty { o["animations"] = n.animations.map(\.key) }
        o["sublayers"] = n.sublayers.map(describe)
        return o
    }
}
