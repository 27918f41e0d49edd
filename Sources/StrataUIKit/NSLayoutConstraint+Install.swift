import Foundation

/// Installing a constraint on its items' nearest common ancestor, and its printed equation.
extension NSLayoutConstraint {
    func activateSelf() {
        guard installedOn == nil else { return }
        guard let first = LayoutItems.view(owning: firstItem) else {
            StrataLog.logger.error("NSLayoutConstraint: cannot activate \(self): its first item is not a view or a layout guide in a view")
            return
        }
        var host = first
        if let secondItem {
            guard let second = LayoutItems.view(owning: secondItem), let common = first.nearestCommonAncestor(with: second) else {
                StrataLog.logger.error("Unable to activate constraint \(self) because it has no common ancestor. Does the constraint or its anchors reference items in different view hierarchies?")
                return
            }
            host = common
        }
        host.addConstraint(self)
    }

    func deactivateSelf() {
        installedOn?.removeConstraint(self)
    }

    /// Marks the views whose frames this constraint decides.
    func itemsNeedLayout() {
        for item in [firstItem, secondItem] {
            guard let view = LayoutItems.view(owning: item) else { continue }
            view.setNeedsLayout()
            view.superview?.setNeedsLayout()
        }
    }

    /// Whether its expression reads a view's layout margins or a label's baselines (values that change
    /// without marking the tree's structure changed): the engine reads it again at each pass.
    var readsMarginsOrBaselines: Bool {
        [firstAttribute, secondAttribute].contains { attribute in
            switch attribute {
            case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
                 .centerXWithinMargins, .centerYWithinMargins, .firstBaseline, .lastBaseline: true
            default: false
            }
        }
    }

    var equationText: String {
        var text = "\(Self.itemName(firstItem)).\(Self.attributeName(firstAttribute))"
        text += relation == .equal ? " == " : relation == .lessThanOrEqual ? " <= " : " >= "
        var right: [String] = []
        if let secondItem {
            let m = multiplier == 1 ? "" : "\(Self.number(multiplier))*"
            right.append("\(m)\(Self.itemName(secondItem)).\(Self.attributeName(secondAttribute))")
        }
        if secondItem == nil || constant != 0 {
            right.append(secondItem == nil ? Self.number(constant) : (constant < 0 ? "- \(Self.number(-constant))" : "+ \(Self.number(constant))"))
        }
        text += right.joined(separator: " ")
        if priority != .required { text += "   (priority \(Self.number(CGFloat(priority.rawValue))))" }
        if let generatedKind { text = "\(generatedKind) \(text)" }
        return text
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    nonisolated static func address(_ object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }

    static func itemName(_ item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let guide = item as? UILayoutGuide { return "'\(guide.identifier)'" + (guide.owningView.map { "@\(itemName($0))" } ?? "") }
        return "\(String(describing: type(of: item))):\(address(item))"
    }

    static func attributeName(_ attribute: Attribute) -> String {
        switch attribute {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}
