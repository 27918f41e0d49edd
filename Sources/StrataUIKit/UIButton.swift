import Foundation
import Logging
import Strata

/// UIKit's button: a title (`titleLabel`), an image (`imageView`) and a background image, each chosen per
/// control state with UIKit's fallback to `.normal` (UIButton+Content.swift), laid out side by side in the
/// content rectangle (UIButton+Layout.swift). A touch lifted inside sends `.touchUpInside` then
/// `.primaryActionTriggered`. The system type draws its title in the tint colour and fades its content while
/// highlighted; the custom type darkens its image (UIButton+Look.swift). `UIButton.Configuration` is absent.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// A button's kind, with UIKit's raw values: it sets the button's look. The symbol types (detail disclosure,
    /// info, contact add, close) draw SF Symbols on iOS, which Strata lacks: they look like `.system` buttons
    /// with no image; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public enum ButtonType: Int, Sendable {
        /// No system look (0): a white title by default, and the image darkened while highlighted when no
        /// highlighted image is set.
        case custom = 0
        /// The system look (1): the title in `tintColor` (`tertiaryLabel` while disabled), the title and image at
        /// opacity 0.2 while highlighted, fading back when released.
        case system = 1
        /// A detail disclosure button (2): a `.system` button without UIKit's symbol image, logged as `unsupported`.
        case detailDisclosure = 2
        /// A light info button (3): a `.system` button without UIKit's symbol image, logged as `unsupported`.
        case infoLight = 3
        /// A dark info button (4): a `.system` button without UIKit's symbol image, logged as `unsupported`.
        case infoDark = 4
        /// A contact add button (5): a `.system` button without UIKit's symbol image, logged as `unsupported`.
        case contactAdd = 5
        /// A close button (7): a `.system` button without UIKit's symbol image, logged as `unsupported`.
        case close = 7
        /// Deprecated in iOS 7: the system type.
        public static var roundedRect: ButtonType { .system }
    }

    /// The values set per state (UIButton+Content.swift).
    var titles = ButtonStateTable<String>()
    var attributedTitles = ButtonStateTable<NSAttributedString>()
    var titleColors = ButtonStateTable<UIColor>()
    var titleShadowColors = ButtonStateTable<UIColor>()
    var images = ButtonStateTable<UIImage>()
    var backgroundImages = ButtonStateTable<UIImage>()
    var kind = ButtonType.custom
    /// Whether the title shadow's offset is shown reversed now (`reversesTitleShadowWhenHighlighted`).
    var shadowReversed = false

    let label = UILabel(frame: .zero)
    let imageHolder = UIImageView(frame: .zero)
    let backgroundHolder = UIImageView(frame: .zero)

    /// Makes a `.custom` button with the given frame: no title or image, its title label in the 15-point system
    /// font, white, truncating in the middle.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 15)
        label.lineBreakMode = .byTruncatingMiddle // UIKit's for button titles
        label.textColor = .white
        addSubview(backgroundHolder)
        addSubview(imageHolder)
        addSubview(label)
        refreshContent()
    }
    public required init?(coder: NSCoder) { nil }

    /// A button of `buttonType` (UIKit's `buttonWithType:`), with a zero frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        adopt(buttonType)
    }
    /// A button of `buttonType` that performs `primaryAction` on `.primaryActionTriggered` and shows its title
    /// and image (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }
    /// A custom button that performs `primaryAction` and shows its title and image (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        adopt(primaryAction)
    }

    /// The type the button was made with (`.custom` for `init(frame:)`); it sets the button's look.
    open var buttonType: ButtonType { kind }

    // MARK: insets and adjustments

    /// Insets of the content (title and image) from the bounds; they add to the intrinsic size.
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { invalidateIntrinsicContentSize() } }
    /// Insets moving the title within the content rectangle (not counted in the intrinsic size, as UIKit's).
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Insets moving the image within the content rectangle (not counted in the intrinsic size, as UIKit's).
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Whether the title shadow's offset is negated while highlighted (false).
    open var reversesTitleShadowWhenHighlighted = false { didSet { refreshContent() } }
    /// Whether a custom button darkens its image while highlighted, when no highlighted image is set (true).
    open var adjustsImageWhenHighlighted = true { didSet { refreshContent() } }
    /// Whether the image is drawn lighter while disabled, when no disabled image is set (true).
    open var adjustsImageWhenDisabled = true { didSet { refreshContent() } }

    // MARK: per-state content (UIKit's fallback: a state without its own value shows `.normal`'s)

    /// Sets the title shown in `state` (nil removes it), and shows the content of the current state again. A
    /// state with no title of its own shows `.normal`'s; an attributed title, where set, is shown instead.
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state] = title; refreshContent() }
    /// Sets the title colour for `state` (nil removes it, back to `.normal`'s or the type's default), and shows
    /// the content of the current state again.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { titleColors[state] = color; refreshContent() }
    /// Sets the colour of the title's shadow for `state` (nil removes it; a state without its own shows
    /// `.normal`'s), and shows the content of the current state again.
    open func setTitleShadowColor(_ color: UIColor?, for state: UIControl.State) {
        titleShadowColors[state] = color
        refreshContent()
    }
    /// Sets the image shown beside the title in `state` (nil removes it; a state without its own shows
    /// `.normal`'s), and shows the content of the current state again.
    open func setImage(_ image: UIImage?, for state: UIControl.State) { images[state] = image; refreshContent() }
    /// Sets the image drawn behind the content, filling `backgroundRect(forBounds:)`, in `state` (nil removes it; a state
    /// without its own shows `.normal`'s), and shows the content of the current state again.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state] = image
        refreshContent()
    }
    /// A styled title, shown instead of the plain one; ranges without a colour take the state's title colour.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        attributedTitles[state] = title
        refreshContent()
    }

    /// The title set for `state`, else the one set for `.normal`, else nil.
    open func title(for state: UIControl.State) -> String? { titles.value(for: state) }
    /// The colour set for `state` (else `.normal`'s), else the type's: the tint for the system type (grey
    /// while disabled), white for the custom type.
    open func titleColor(for state: UIControl.State) -> UIColor? { titleColors.value(for: state) ?? defaultTitleColor(for: state) }
    /// The title shadow colour set for `state`, else the one set for `.normal`, else nil.
    open func titleShadowColor(for state: UIControl.State) -> UIColor? { titleShadowColors.value(for: state) }
    /// The image set for `state`, else the one set for `.normal`, else nil.
    open func image(for state: UIControl.State) -> UIImage? { images.value(for: state) }
    /// The background image set for `state`, else the one set for `.normal`, else nil.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages.value(for: state) }
    /// The attributed title set for `state`, else the one set for `.normal`, else nil.
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? { attributedTitles.value(for: state) }

    /// The title shown now (the attributed title's string when there is one).
    open var currentTitle: String? { currentAttributedTitle?.string ?? title(for: state) }
    /// The title colour for the current `state`: `titleColor(for:)`, else white.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? UIColor.white }
    /// The title shadow colour for the current `state` (`titleShadowColor(for:)`).
    open var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }
    /// The image for the current `state` (`image(for:)`), before any highlighted or disabled adjustment.
    open var currentImage: UIImage? { image(for: state) }
    /// The background image for the current `state` (`backgroundImage(for:)`).
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    /// The attributed title for the current `state` (`attributedTitle(for:)`); when set it is what the title shows.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The label showing the title (always present here; UIKit makes it on first use).
    open var titleLabel: UILabel? { label }
    /// The view showing the image (always present here; UIKit makes it on first use).
    open var imageView: UIImageView? { imageHolder }

    // MARK: geometry (UIButton+Layout.swift)

    /// Where the background image goes: the bounds.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }
    /// The bounds less `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }
    /// The title's frame: after the image, the pair aligned by `contentHorizontalAlignment` and
    /// `contentVerticalAlignment` in `contentRect` less `titleEdgeInsets`.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect { placedTitle(in: contentRect) }
    /// The image's frame: before the title, aligned in `contentRect` less `imageEdgeInsets`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect { placedImage(in: contentRect) }

    /// The content's size plus `contentEdgeInsets`, the title on one line per paragraph (UIButton+Layout.swift).
    open override var intrinsicContentSize: CGSize { fittingSize() }
    /// As `intrinsicContentSize`, a multi-line title (`titleLabel?.numberOfLines` other than 1) wrapped to
    /// `size.width`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { fittingSize(width: size.width.isFinite ? size.width : 0) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = contentRect(forBounds: bounds)
        backgroundHolder.frame = backgroundRect(forBounds: bounds)
        imageHolder.frame = imageRect(forContentRect: content)
        label.frame = titleRect(forContentRect: content)
    }

    // MARK: state and tint

    open override func stateDidChange() {
        super.stateDidChange()
        refreshContent()
    }
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshContent()
    }

    /// A lifted touch inside is the button's primary action.
    override var sendsPrimaryActionOnTouchUp: Bool { true }
}
