import Foundation
import Strata

/// UIKit's page dots: one round indicator per page, centred in the bounds, the current page's in a stronger
/// colour. A tap lifted on the leading side of the current dot goes back a page, on the trailing side forward
/// one (`.valueChanged`, then `.primaryActionTriggered` as iOS 14's); `currentPage` set in code sends nothing.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance from one dot's centre to the next, and the control's height
    /// (**choices**: iOS 7–13's measured metrics, 7, 16 and 37 points; iOS 14 does not publish its own).
    public static let indicatorDiameter: CGFloat = 7
    /// The distance from one dot's centre to the next, 16 points (a Strata constant, not UIKit API; **choice**:
    /// iOS 7–13's measured metric).
    public static let indicatorPitch: CGFloat = 16
    /// The control's intrinsic height, 37 points (a Strata constant, not UIKit API; **choice**: iOS 7–13's
    /// measured metric).
    public static let controlHeight: CGFloat = 37

    private var dots: [UIView] = []

    /// A page control with a frame and no pages (`numberOfPages` 0), showing no dots.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) { nil }

    /// The number of dots (0 by default; negative is 0). `currentPage` stays within them.
    open var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            currentPage = min(currentPage, max(numberOfPages - 1, 0))
            invalidateIntrinsicContentSize()
            rebuildDots()
        }
    }
    /// The page shown, clamped to 0…`numberOfPages` − 1.
    open var currentPage = 0 {
        didSet {
            let clamped = min(max(currentPage, 0), max(numberOfPages - 1, 0))
            if clamped != currentPage { currentPage = clamped }
            recolourDots()
        }
    }
    /// Whether a control with one page shows no dot (false, as UIKit's).
    open var hidesForSinglePage = false { didSet { rebuildDots() } }
    /// The other pages' dots' colour (nil: `UIColor.tertiaryLabel`, **choice** for iOS 14's automatic look).
    open var pageIndicatorTintColor: UIColor? { didSet { recolourDots() } }
    /// The current page's dot's colour (nil: `UIColor.label`, **choice** as above).
    open var currentPageIndicatorTintColor: UIColor? { didSet { recolourDots() } }

    /// The size `pageCount` dots need: their row, the control's height.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        guard pageCount > 0 else { return CGSize(width: 0, height: Self.controlHeight) }
        return CGSize(width: CGFloat(pageCount - 1) * Self.indicatorPitch + Self.indicatorDiameter, height: Self.controlHeight)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let row = size(forNumberOfPages: dots.count)
        var x = bounds.midX - row.width / 2
        for dot in dots {
            dot.frame = CGRect(x: x, y: bounds.midY - Self.indicatorDiameter / 2,
                               width: Self.indicatorDiameter, height: Self.indicatorDiameter)
            x += Self.indicatorPitch
        }
    }

    // MARK: tracking

    /// A lift within the control's tracking margin moves one page toward the side of the current dot it was on.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, numberOfPages > 1 else { return }
        let point = touch.location(in: self)
        guard isWithinTrackingMargin(point) else { return }
        let row = size(forNumberOfPages: numberOfPages)
        let currentCentre = bounds.midX - row.width / 2 + CGFloat(currentPage) * Self.indicatorPitch + Self.indicatorDiameter / 2
        let target = point.x < currentCentre ? currentPage - 1 : currentPage + 1
        guard target >= 0, target < numberOfPages else { return }
        currentPage = target
        send(.valueChanged, event: event)
        send(.primaryActionTriggered, event: event)
    }

    // MARK: dots

    private var showsDots: Bool { !(hidesForSinglePage && numberOfPages == 1) }

    private func rebuildDots() {
        let wanted = showsDots ? numberOfPages : 0
        while dots.count > wanted { dots.removeLast().removeFromSuperview() }
        while dots.count < wanted {
            let dot = UIView(frame: .zero)
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = Self.indicatorDiameter / 2
            dots.append(dot)
            addSubview(dot)
        }
        recolourDots()
        setNeedsLayout()
    }

    private func recolourDots() {
        for (page, dot) in dots.enumerated() {
            dot.backgroundColor = page == currentPage ? (currentPageIndicatorTintColor ?? .label)
                                                      : (pageIndicatorTintColor ?? .tertiaryLabel)
        }
    }
}
