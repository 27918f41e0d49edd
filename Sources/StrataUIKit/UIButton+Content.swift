import Foundation
import Logging
import Strata

/// Values a button keeps per control state. UIKit looks a state up exactly, then falls back to `.normal`'s
/// value (so `[.selected, .highlighted]` without its own value shows `.normal`'s, not `.selected`'s).
struct ButtonStateTable<Value> {
    private var values: [UInt: Value] = [:]

    /// The value set for exactly `state` (setting nil removes it).
    subscript(state: UIControl.State) -> Value? {
        get { values[state.rawValue] }
        set { values[state.rawValue] = newValue }
    }

    /// The value for `state`, else `.normal`'s.
    func value(for state: UIControl.State) -> Value? { values[state.rawValue] ?? values[UIControl.State.normal.rawValue] }
}

extension UIButton {
    /// The grey of a disabled system button's title (**choice**: UIKit's is an undocumented grey; Strata
    /// uses `tertiaryLabel`, as a disabled `UILabel`).
    static let disabledSystemTitleColor = UIColor.tertiaryLabel

    /// Takes on `type`'s look. The symbol types (info, detail disclosure, contact add, close) draw SF Symbols
    /// on iOS, which Strata does not have: they are system buttons without their image, and say so.
    func adopt(_ type: ButtonType) {
        kind = type
        switch type {
        case .custom, .system:
            break
        case .detailDisclosure, .infoLight, .infoDark, .contactAdd, .close:
            StrataLog.logger.error("unsupported: UIButton.ButtonType.\(type) image (no system symbol images; the button has no image)")
        }
        refreshContent()
    }

    /// Registers `action` for `.primaryActionTriggered` and shows its title and image, as UIKit's
    /// `init(type:primaryAction:)` does.
    func adopt(_ action: UIAction?) {
        guard let action else { return }
        addAction(action, for: .primaryActionTriggered)
        if !action.title.isEmpty { setTitle(action.title, for: .normal) }
        if let image = action.image { setImage(image, for: .normal) }
    }

    /// Whether the button draws as UIKit's system type (the symbol types do too).
    var isSystemLook: Bool { kind != .custom }

    /// The title colour of the type when none is set: the tint (system), grey while disabled; white (custom).
    func defaultTitleColor(for state: UIControl.State) -> UIColor? {
        guard isSystemLook else { return .white }
        return state.contains(.disabled) ? Self.disabledSystemTitleColor : tintColor
    }

    /// Shows the current state's title, colours and images, and marks the size and layout as changed.
    func refreshContent() {
        let state = self.state
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = title(for: state)
        }
        label.textColor = currentTitleColor
        label.shadowColor = currentTitleShadowColor
        let reverse = reversesTitleShadowWhenHighlighted && isHighlighted
        if reverse != shadowReversed {
            label.shadowOffset = CGSize(width: -label.shadowOffset.width, height: -label.shadowOffset.height)
            shadowReversed = reverse
        }
        label.isHidden = (currentTitle ?? "").isEmpty
        imageHolder.image = shownImage(for: state)
        imageHolder.isHidden = currentImage == nil
        backgroundHolder.image = currentBackgroundImage
        backgroundHolder.isHidden = currentBackgroundImage == nil
        showHighlightFade()
        invalidateIntrinsicContentSize()
    }

    /// The image to show: the state's, darkened while a custom button is highlighted (`adjustsImageWhenHighlighted`)
    /// or lightened while disabled (`adjustsImageWhenDisabled`), when no image is set for that state itself.
    private func shownImage(for state: UIControl.State) -> UIImage? {
        guard let image = image(for: state) else { return nil }
        if state.contains(.disabled), adjustsImageWhenDisabled, images[state] == nil {
            return Self.adjusted(image, overlay: Self.disabledImageOverlay)
        }
        if state.contains(.highlighted), !isSystemLook, adjustsImageWhenHighlighted, images[state] == nil {
            return Self.adjusted(image, overlay: Self.highlightedImageOverlay)
        }
        return image
    }
}
