import Foundation
import StrataLayout

/// Lists the constraints a tree wants, in a fixed order: the frames of views that translate their
/// autoresizing masks (and the root's bounds), the app's constraints as installed, system guides, then
/// content sizes. The order decides which of several contradicting required constraints is broken: the later.
@MainActor
enum LayoutRequests {
    /// `fitting`: the root's size is left free (`systemLayoutSizeFitting`), and the tree's engine is not touched.
    static func collect(root: UIView, fitting: Bool = false) -> LayoutCollection {
        var participants = Set<ObjectIdentifier>()
        var constrained = Set<ObjectIdentifier>()
        var appRequests: [LayoutRequest] = []
        var guideRequests: [LayoutRequest] = []
        var sources = LayoutSources()
        func join(_ view: UIView) {
            var v: UIView? = view
            while let current = v, participants.insert(ObjectIdentifier(current)).inserted { v = current.superview }
        }
        join(root)
        walk(root) { view in
            if !fitting, view !== root, view.autoLayoutStorage?.engine != nil { view.autoLayoutStorage?.engine = nil }
            if !view.translatesAutoresizingMaskIntoConstraints { join(view) }
            guard let state = view.autoLayoutStorage else { return }
            for constraint in state.installed {
                guard let request = request(for: constraint, root: root) else { continue }
                for item in [constraint.firstItem, constraint.secondItem] {
                    if let owner = LayoutItems.view(owning: item) { join(owner) }
                    if let named = item as? UIView { constrained.insert(ObjectIdentifier(named)) }
                }
                appRequests.append(request)
                if constraint.readsMarginsOrBaselines { sources.constraints.append(constraint) }
            }
            for guide in state.guides {
                join(view)
                guideRequests += guideBinding(guide, of: view)
                if guide.binding != nil { sources.guides.append(Weak(guide)) }
            }
        }
        var frameRequests: [LayoutRequest] = [], contentRequests: [LayoutRequest] = []
        walk(root) { view in
            guard participants.contains(ObjectIdentifier(view)) else { return }
            if view === root, fitting {
                frameRequests += frame(of: view, root: root).prefix(2) // its origin; its size is what is sought
                contentRequests += content(of: view)
            } else if view === root || view.translatesAutoresizingMaskIntoConstraints {
                frameRequests += frame(of: view, root: root)
                sources.frames.append(Weak(view))
            } else {
                contentRequests += content(of: view)
                if view.intrinsicContentSizeFollowsBounds { sources.contents.append(Weak(view)) }
            }
        }
        return LayoutCollection(requests: frameRequests + appRequests + guideRequests + contentRequests,
                                participants: participants, constrained: constrained, sources: sources)
    }

    /// The requests of what the last full collection found that can change without the tree's structure
    /// changing (`LayoutSources`), read afresh; nil when one of them has gone.
    static func volatile(_ sources: LayoutSources, root: UIView) -> [LayoutRequest]? {
        var requests: [LayoutRequest] = []
        for source in sources.frames {
            guard let view = source.object as? UIView else { return nil }
            requests += frame(of: view, root: root)
        }
        for constraint in sources.constraints {
            guard let request = request(for: constraint, root: root) else { return nil }
            requests.append(request)
        }
        for source in sources.contents {
            guard let view = source.object as? UIView else { return nil }
            requests += content(of: view)
        }
        for source in sources.guides {
            guard let guide = source.object as? UILayoutGuide, let owner = guide.owningView else { return nil }
            requests += guideBinding(guide, of: owner)
        }
        return requests
    }

    static func walk(_ view: UIView, _ body: (UIView) -> Void) {
        body(view)
        for sub in view.subviews { walk(sub, body) }
    }

    /// An app's constraint, if both its items are in this tree.
    static func request(for constraint: NSLayoutConstraint, root: UIView) -> LayoutRequest? {
        guard let first = constraint.firstItem, LayoutItems.view(owning: first)?.isDescendant(of: root) == true,
              var expression = LayoutItems.expression(constraint.firstAttribute, of: first) else { return nil }
        if let second = constraint.secondItem {
            guard LayoutItems.view(owning: second)?.isDescendant(of: root) == true,
                  let other = LayoutItems.expression(constraint.secondAttribute, of: second) else { return nil }
            expression = expression - other * Double(constraint.multiplier)
        }
        expression = expression - Double(constraint.constant)
        let relation: RelationalOperator = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return LayoutRequest(key: .constraint(ObjectIdentifier(constraint)), expression: expression, relation: relation,
                             priority: min(constraint.priority, .required), describe: { constraint.description })
    }

    /// A translating view's frame relative to its superview (the root: its bounds), as four required equalities.
    static func frame(of view: UIView, root: UIView) -> [LayoutRequest] {
        let v = view.autoLayout.variables
        var left = StrataLayout.Expression(v.left), top = StrataLayout.Expression(v.top)
        var x = view.bounds.minX, y = view.bounds.minY
        if view !== root, let superview = view.superview {
            let s = superview.autoLayout.variables
            left = left - s.left
            top = top - s.top
            x = view.frame.minX - superview.bounds.minX
            y = view.frame.minY - superview.bounds.minY
        }
        let size = view === root ? view.bounds.size : view.frame.size
        let id = ObjectIdentifier(view)
        let parts: [(StrataLayout.Expression, CGFloat, String)] = [
            (left, x, "minX"), (top, y, "minY"),
            (StrataLayout.Expression(v.width), size.width, "width"), (StrataLayout.Expression(v.height), size.height, "height"),
        ]
        return parts.enumerated().map { index, part in
            LayoutRequest(key: .autoresizing(id, index), expression: part.0 - Double(part.1), relation: .equal, priority: .required) {
                "<NSAutoresizingMaskLayoutConstraint:\(NSLayoutConstraint.address(view)) h=--& v=--& \(NSLayoutConstraint.itemName(view)).\(part.2) == \(NSLayoutConstraint.number(part.1))   (active)>"
            }
        }
    }

    /// Hugging (size ≤ intrinsic) and compression resistance (size ≥ intrinsic) on each axis with a metric.
    static func content(of view: UIView) -> [LayoutRequest] {
        let size = view.intrinsicContentSize
        let v = view.autoLayout.variables
        let id = ObjectIdentifier(view)
        var requests: [LayoutRequest] = []
        for (axis, metric, variable) in [(0, size.width, v.width), (1, size.height, v.height)] where metric >= 0 {
            let name = axis == 0 ? "Width" : "Height"
            let hugging = view.autoLayout.hugging[axis], resistance = view.autoLayout.compressionResistance[axis]
            let expression = variable - Double(metric)
            requests.append(LayoutRequest(key: .content(id, axis * 2), expression: expression, relation: .lessThanOrEqual, priority: hugging) {
                "<NSContentSizeLayoutConstraint \(NSLayoutConstraint.itemName(view)).\(name.lowercased()) <= \(NSLayoutConstraint.number(metric)) Hug:\(Int(hugging.rawValue))>"
            })
            requests.append(LayoutRequest(key: .content(id, axis * 2 + 1), expression: expression, relation: .greaterThanOrEqual, priority: resistance) {
                "<NSContentSizeLayoutConstraint \(NSLayoutConstraint.itemName(view)).\(name.lowercased()) >= \(NSLayoutConstraint.number(metric)) CompressionResistance:\(Int(resistance.rawValue))>"
            })
        }
        return requests
    }

    /// `layoutMarginsGuide` and `safeAreaLayoutGuide`: the owner's bounds inset by its margins or safe area.
    static func guideBinding(_ guide: UILayoutGuide, of view: UIView) -> [LayoutRequest] {
        guard let binding = guide.binding else { return [] }
        let insets = binding == .layoutMargins ? view.layoutMargins : view.safeAreaInsets
        let g = guide.variables, o = view.autoLayout.variables
        let id = ObjectIdentifier(guide)
        let parts: [StrataLayout.Expression] = [
            g.left - o.left - Double(insets.left), g.top - o.top - Double(insets.top),
            g.width - o.width + Double(insets.left + insets.right), g.height - o.height + Double(insets.top + insets.bottom),
        ]
        return parts.enumerated().map { index, expression in
            LayoutRequest(key: .guide(id, index), expression: expression, relation: .equal, priority: .required) {
                "<guide \(NSLayoutConstraint.itemName(guide)) edge \(index)>"
            }
        }
    }
}

/// What a full collection found.
struct LayoutCollection {
    let requests: [LayoutRequest]
    /// The views given variables.
    let participants: Set<ObjectIdentifier>
    /// The views some constraint names (those whose frames the engine sets).
    let constrained: Set<ObjectIdentifier>
    let sources: LayoutSources
}

/// The requests whose values change without anything marking the tree's structure changed
/// (`ViewAutoLayout.structure`), so that each pass reads them again: translating views' frames (autoresizing
/// moves them in the layer, past any view setter), system guides' insets, app constraints on margins or
/// baselines, and intrinsic sizes that follow bounds. Everything else changes only through what marks the
/// structure changed, or a constant. Views and guides are held weakly: the root is among the frames, and its
/// engine holds these.
struct LayoutSources {
    /// Views that translate their autoresizing masks (and the root).
    var frames: [Weak] = []
    var constraints: [NSLayoutConstraint] = []
    /// System guides (their owning views' insets).
    var guides: [Weak] = []
    /// Views whose intrinsic size follows their bounds.
    var contents: [Weak] = []
}
