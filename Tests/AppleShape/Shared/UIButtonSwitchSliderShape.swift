import Foundation
import StrataUIKit

// Apple-shaped uses of UIButton, UISwitch and UISlider: each compiles as written for iOS, with only
// `import UIKit` -> `import StrataUIKit` (and `#selector(changed(_:))` -> a method reference).

// A button that puts its image above its title, as ported iOS code does by overriding the rect methods.
final class StackedShapeButton: UIButton {
    override func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        let rect = super.imageRect(forContentRect: contentRect)
        return CGRect(x: contentRect.midX - rect.width / 2, y: contentRect.minY, width: rect.width, height: rect.height)
    }
    override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        let rect = super.titleRect(forContentRect: contentRect)
        return CGRect(x: contentRect.minX, y: contentRect.maxY - rect.height, width: contentRect.width, height: rect.height)
    }
    override func contentRect(forBounds bounds: CGRect) -> CGRect { super.contentRect(forBounds: bounds).insetBy(dx: 2, dy: 2) }
    override func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + 16, height: size.height)
    }
    override var isHighlighted: Bool {
        didSet { alpha = isHighlighted ? 0.5 : 1 }
    }
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { super.beginTracking(touch, with: event) }
    override func setTitle(_ title: String?, for state: UIControl.State) { super.setTitle(title?.uppercased(), for: state) }
}

final class ThrottledShapeSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect {
        var rect = super.trackRect(forBounds: bounds)
        rect.size.height = 8
        return rect
    }
    override func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        super.thumbRect(forBounds: bounds, trackRect: rect, value: value).offsetBy(dx: 0, dy: 1)
    }
    override func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect { super.minimumValueImageRect(forBounds: bounds) }
    override func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect { super.maximumValueImageRect(forBounds: bounds) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { super.continueTracking(touch, with: event) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event) }
}

final class LoggingShapeSwitch: UISwitch {
    var changes = 0
    override func setOn(_ on: Bool, animated: Bool) {
        changes += 1
        super.setOn(on, animated: animated)
    }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event) }
}

final class SettingsShapeController: UIViewController {
    let wifi = UISwitch()
    let volume = UISlider(frame: CGRect(x: 20, y: 100, width: 280, height: 30))
    let save = UIButton(type: .system)
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        wifi.isOn = true
        wifi.setOn(false, animated: true)
        wifi.onTintColor = .systemBlue
        wifi.thumbTintColor = nil
        wifi.addTarget(self, action: SettingsShapeController.changed, for: .valueChanged)

        volume.minimumValue = 0
        volume.maximumValue = 100
        volume.setValue(50, animated: false)
        volume.isContinuous = false
        volume.minimumTrackTintColor = .systemOrange
        volume.maximumTrackTintColor = .systemGray4
        volume.minimumValueImage = nil
        volume.setThumbImage(nil, for: .normal)
        volume.addAction(UIAction { [weak self] action in
            guard let slider = action.sender as? UISlider else { return }
            self?.log.append("volume \(Int(slider.value))")
        }, for: .valueChanged)

        save.setTitle("Save", for: .normal)
        save.setTitle("Saving", for: [.selected, .highlighted])
        save.setTitleColor(.systemRed, for: .disabled)
        save.setTitleShadowColor(UIColor(white: 0, alpha: 0.3), for: .normal)
        save.setAttributedTitle(NSAttributedString(string: "Save", attributes: [.foregroundColor: UIColor.systemGreen]), for: .normal)
        save.setImage(nil, for: .normal)
        save.setBackgroundImage(nil, for: .highlighted)
        save.titleLabel?.font = .boldSystemFont(ofSize: 17)
        save.contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        save.titleEdgeInsets = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: -8)
        save.imageEdgeInsets = .zero
        save.contentHorizontalAlignment = .leading
        save.adjustsImageWhenHighlighted = false
        save.adjustsImageWhenDisabled = true
        save.reversesTitleShadowWhenHighlighted = true
        save.sizeToFit()
        save.addTarget(self, action: SettingsShapeController.tapped, for: .touchUpInside)
        _ = (save.currentTitle, save.currentTitleColor, save.currentImage, save.currentBackgroundImage,
             save.currentAttributedTitle, save.currentTitleShadowColor, save.buttonType == .system, save.imageView?.image)
        let close = UIButton(type: .close, primaryAction: UIAction(title: "Close") { _ in })
        let plain = UIButton(frame: .zero, primaryAction: nil)
        for control in [wifi, volume, save, close, plain] as [UIControl] { view.addSubview(control) }
    }

    func changed(_ sender: UISwitch) { log.append("wifi \(sender.isOn)") }
    func tapped(_ sender: UIButton) { log.append("tapped \(sender.currentTitle ?? "")") }
}
