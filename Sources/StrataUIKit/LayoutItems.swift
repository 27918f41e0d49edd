import Foundation
import StrataLayout

/// The four unknowns of a view or layout guide, in its engine root's bounds coordinates.
final class ItemVariables {
    let left = Variable("left"), top = Variable("top"), width = Variable("width"), height = Variable("height")
    var all: [Variable] { [left, top, width, height] }
}

/// What a constraint's items are: views and layout guides.
@MainActor
enum LayoutItems {
    /// The view an item belongs to (a guide's owning view).
    static func view(owning item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    static func variables(of item: AnyObject) -> ItemVariables? {
        if let view = item as? UIView { return view.autoLayout.variables }
        return (item as? UILayoutGuide)?.variables
    }

    /// The linear expression of `attribute` of `item`; leading and trailing follow the item's direction.
    static func expression(_ attribute: NSLayoutConstraint.Attribute, of item: AnyObject) -> StrataLayout.Expression? {
        guard let v = variables(of: item), let owner = view(owning: item) else { return nil }
        let rtl = owner.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let left = StrataLayout.Expression(v.left), top = StrataLayout.Expression(v.top)
        let right = v.left + v.width, bottom = v.top + v.height
        let m = (item as? UIView)?.layoutMargins ?? .zero
        switch attribute {
        case .left: return left
        case .right: return right
        case .top: return top
        case .bottom: return bottom
        // Right to left, x runs the other way for leading and trailing: `a.leading == b.leading + 10` puts a
        // 10 points in from b's right edge, as UIKit does (an item's leading is then −maxX).
        case .leading: return rtl ? -right : left
        case .trailing: return rtl ? -left : right
        case .width: return StrataLayout.Expression(v.width)
        case .height: return StrataLayout.Expression(v.height)
        case .centerX: return v.left + v.width * 0.5
        case .centerY: return v.top + v.height * 0.5
        case .firstBaseline, .lastBaseline: return baseline(attribute, of: item, v) ?? bottom
        case .leftMargin: return left + Double(m.left)
        case .rightMargin: return right - Double(m.right)
        case .topMargin: return top + Double(m.top)
        case .bottomMargin: return bottom - Double(m.bottom)
        case .leadingMargin: return rtl ? -(right - Double(m.right)) : left + Double(m.left)
        case .trailingMargin: return rtl ? -(left + Double(m.left)) : right - Double(m.right)
        case .centerXWithinMargins: return v.left + v.width * 0.5 + Double(m.left - m.right) / 2
        case .centerYWithinMargins: return v.top + v.height * 0.5 + Double(m.top - m.bottom) / 2
        case .notAnAttribute: return nil
        }
    }

    /// A label's baselines: its font's ascender below the top (first), its text height less the descender
    /// (last); any other view's are its bottom, as for a view without text in UIKit.
    static func baseline(_ attribute: NSLayoutConstraint.Attribute, of item: AnyObject, _ v: ItemVariables) -> StrataLayout.Expression? {
        guard let label = item as? UILabel, let font = label.font else { return nil }
        if attribute == .firstBaseline { return v.top + Double(font.ascender) }
        let textHeight = label.intrinsicContentSize.height
        return v.top + Double(textHeight + font.descender)
    }
}
