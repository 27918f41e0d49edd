import Foundation
import Strata

/// UIKit's standard cell layouts, with frames. Metrics (**choices**, after iOS 13–18's look): 16-point
/// left and right insets; an image at the left, its own size up to the content's height, with 16 points
/// after it; a standard accessory 16 points from the right edge, the content view ending where it begins;
/// the separator 1 pixel high along the bottom, from `separatorInset.left`. Fonts: the text label 17-point
/// system (`.value2`: 15-point semibold `systemBlue`, whatever the tint colour, right-aligned in an 85-point
/// column, 6 points before the detail); the detail 17-point `secondaryLabel` right-aligned (`.value1`),
/// 12-point (`.subtitle`, under the text, the pair centred) or 15-point `label` (`.value2`).
@MainActor
enum CellLayout {
    static let inset: CGFloat = 16
    static let value2Column: CGFloat = 85
    static let value2Gap: CGFloat = 6
    static let verticalMargin: CGFloat = 11

    static func styleTextLabel(_ label: UILabel, for style: UITableViewCell.CellStyle) {
        if style == .value2 {
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            label.textColor = .systemBlue
            label.textAlignment = .right
        } else {
            label.font = .systemFont(ofSize: 17)
            label.textColor = .label
        }
    }

    static func styleDetailLabel(_ label: UILabel, for style: UITableViewCell.CellStyle) {
        switch style {
        case .value1:
            label.font = .systemFont(ofSize: 17)
            label.textColor = .secondaryLabel
            label.textAlignment = .right
        case .subtitle:
            label.font = .systemFont(ofSize: 12)
            label.textColor = .label
        default:
            label.font = .systemFont(ofSize: 15)
            label.textColor = .label
        }
    }

    static func layout(_ cell: UITableViewCell) {
        let bounds = cell.bounds
        cell.backgroundView?.frame = bounds
        cell.selectedBackgroundView?.frame = bounds
        for sub in cell.subviews where sub !== cell.content && sub !== cell.separator && sub !== cell.accessoryView
            && sub !== cell.accessoryLayer && sub !== cell.backgroundView && sub !== cell.selectedBackgroundView {
            sub.frame = bounds // the default selected background
        }
        var contentWidth = bounds.width
        let accessory: UIView? = cell.accessoryView ?? (cell.accessoryType == .none ? nil : cell.accessoryLayer)
        cell.accessoryLayer.kind = cell.accessoryView == nil ? cell.accessoryType : .none
        cell.accessoryLayer.tint = cell.tintColor
        if let accessory {
            let size = accessory === cell.accessoryLayer ? cell.accessoryLayer.intrinsicContentSize : accessory.frame.size
            let x = bounds.width - inset - size.width
            accessory.frame = CGRect(x: x, y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            contentWidth = max(x, 0)
        }
        cell.accessoryLayer.isHidden = cell.accessoryView != nil || cell.accessoryType == .none
        cell.content.frame = CGRect(x: 0, y: 0, width: contentWidth, height: bounds.height)
        layoutContent(cell, width: contentWidth, height: bounds.height)
        let pixel = 1 / max(cell.contentScaleFactor, 1)
        let sep = cell.separatorInset
        cell.separator.frame = CGRect(x: sep.left, y: bounds.height - pixel,
                                      width: max(bounds.width - sep.left - sep.right, 0), height: pixel)
    }

    private static func layoutContent(_ cell: UITableViewCell, width: CGFloat, height: CGFloat) {
        var left = inset
        if let imageView = cell.existingImageView, let image = imageView.image {
            let size = CGSize(width: min(image.size.width, height), height: min(image.size.height, height))
            imageView.frame = CGRect(x: inset, y: ((height - size.height) / 2).rounded(), width: size.width, height: size.height)
            left = inset + size.width + inset
        }
        let available = max(width - left - inset, 0)
        let text = cell.existingTextLabel, detail = cell.existingDetailLabel
        switch cell.style {
        case .default:
            text?.frame = CGRect(x: left, y: 0, width: available, height: height)
        case .value1:
            let detailWidth = min(detail.map { ceilWidth($0) } ?? 0, available)
            let textWidth = min(text.map { ceilWidth($0) } ?? 0, max(available - detailWidth - 8, 0))
            text?.frame = CGRect(x: left, y: 0, width: textWidth, height: height)
            detail?.frame = CGRect(x: width - inset - detailWidth, y: 0, width: detailWidth, height: height)
        case .value2:
            text?.frame = CGRect(x: inset, y: 0, width: value2Column, height: height)
            let x = inset + value2Column + value2Gap
            detail?.frame = CGRect(x: x, y: 0, width: max(width - x - inset, 0), height: height)
        case .subtitle:
            let h1 = text.map(lineHeight) ?? 0, h2 = hasText(detail) ? detail.map(lineHeight) ?? 0 : 0
            let top = ((height - h1 - h2) / 2).rounded()
            text?.frame = CGRect(x: left, y: top, width: available, height: h1)
            detail?.frame = CGRect(x: left, y: top + h1, width: available, height: h2)
        }
    }

    static func fittingHeight(_ cell: UITableViewCell, width: CGFloat) -> CGFloat {
        var lines: CGFloat = cell.existingTextLabel.map(lineHeight) ?? 0
        if cell.style == .subtitle, hasText(cell.existingDetailLabel) { lines += cell.existingDetailLabel.map(lineHeight) ?? 0 }
        return max(44, lines + 2 * verticalMargin)
    }

    private static func hasText(_ label: UILabel?) -> Bool { !(label?.text ?? "").isEmpty }
    private static func ceilWidth(_ label: UILabel) -> CGFloat { label.intrinsicContentSize.width }
    private static func lineHeight(_ label: UILabel) -> CGFloat {
        hasText(label) ? label.intrinsicContentSize.height : 0
    }
}

/// The standard accessories, drawn with a shape layer: a chevron 8 × 13 points in `tertiaryLabel`, 2 points
/// wide, or a checkmark 14 × 11 points in the tint colour.
@MainActor
final class CellAccessoryView: UIView {
    private let shape = CAShapeLayer()
    var kind: UITableViewCell.AccessoryType = .none { didSet { if kind != oldValue { redraw() } } }
    var tint: UIColor = .systemBlue { didSet { if kind == .checkmark { redraw() } } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        shape.fillColor = nil
        shape.lineWidth = 2
        shape.lineCap = .round
        shape.lineJoin = .round
        layer.addSublayer(shape)
    }
    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize {
        switch kind {
        case .checkmark: return CGSize(width: 14, height: 11)
        case .none: return .zero
        default: return CGSize(width: 8, height: 13)
        }
    }

    private func redraw() {
        let path = CGMutablePath()
        switch kind {
        case .checkmark:
            path.move(to: CGPoint(x: 1, y: 6))
            path.addLine(to: CGPoint(x: 5, y: 10))
            path.addLine(to: CGPoint(x: 13, y: 1))
            shape.strokeColor = tint
        case .none:
            break
        default:
            path.move(to: CGPoint(x: 1, y: 1))
            path.addLine(to: CGPoint(x: 7, y: 6.5))
            path.addLine(to: CGPoint(x: 1, y: 12))
            shape.strokeColor = .tertiaryLabel
        }
        shape.path = path
    }
}
