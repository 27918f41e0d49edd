import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UIButton on a real server (320 × 240, white): events under synthetic touches, per-state content with
/// UIKit's fallback, layout, and the system and custom looks by the server's pixels.
@MainActor
@Suite struct UIButtonTests {
    /// A white screen with `views` on it.
    private func session(_ views: UIView..., controller: UIViewController = UIViewController()) throws -> ExampleSession {
        try ExampleSession(controller: controller, size: "320x240") { controller in
            controller.view.backgroundColor = .white
            for view in views { controller.view.addSubview(view) }
        }
    }

    @Test func aTouchLiftedInsideSendsTouchUpInsideThenThePrimaryActionAndTheHighlightFollowsIt() async throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        button.setTitle("Tap", for: .normal)
        let log = ControlEventLog(button)
        let controller = RecordingController()
        let session = try session(button, controller: controller)
        defer { session.close() }
        var highlights: [Bool] = []
        func step(_ arguments: String..., events: Int) async throws {
            try strataInput(session.server, ["touch"] + arguments)
            #expect(await session.run(until: { log.entries.count >= events }))
            highlights.append(button.isHighlighted)
        }
        try await step("down", "50", "40", events: 1)
        try await step("move", "60", "40", events: 2)
        try await step("move", "250", "40", events: 4) // past the 70-point margin: exit
        try await step("move", "60", "44", events: 6) // back: enter
        try await step("up", "60", "44", events: 8)
        #expect(log.entries == ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragEnter",
                                "touchDragInside", "touchUpInside", "primaryActionTriggered"])
        #expect(highlights == [true, true, false, true, false])

        // Lifted outside: no primary action. (Down 30 points from the last lift: not a repeated tap.)
        log.entries = []
        try await step("down", "90", "40", events: 1)
        try await step("move", "250", "200", events: 3)
        try await step("up", "250", "200", events: 4)
        #expect(log.entries == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])

        // Disabled: nothing is sent; the touch goes up the responder chain to the controller.
        button.isEnabled = false
        try session.input("tap", "50", "40")
        #expect(await session.run(until: { controller.log.count == 2 }))
        #expect(log.entries.count == 4)
        button.isEnabled = true
        try session.input("tap", "100", "40")
        #expect(await session.run(until: { log.entries.count >= 7 }))
        #expect(log.entries.suffix(3) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func perStateValuesFallBackToNormal() throws {
        let button = UIButton(type: .system)
        #expect(button.buttonType == .system && UIButton().buttonType == .custom)
        button.setTitle("Normal", for: .normal)
        button.setTitle("Selected", for: .selected)
        #expect(button.title(for: .highlighted) == "Normal")
        #expect(button.title(for: [.selected, .highlighted]) == "Normal") // UIKit's: exact state, else .normal
        button.isSelected = true
        #expect(button.currentTitle == "Selected" && button.titleLabel?.text == "Selected")
        button.isSelected = false
        // The system type's colours: the tint, grey when disabled; the custom type's white.
        #expect(button.currentTitleColor == UIColor.systemBlue)
        #expect(button.titleColor(for: .disabled) == UIColor.tertiaryLabel)
        button.tintColor = .systemRed
        #expect(button.currentTitleColor == UIColor.systemRed && button.titleLabel?.textColor == UIColor.systemRed)
        button.setTitleColor(.systemGreen, for: .normal)
        #expect(button.titleColor(for: .highlighted) == UIColor.systemGreen)
        #expect(UIButton(type: .custom).currentTitleColor == UIColor.white)
        button.setTitleShadowColor(.black, for: .normal)
        #expect(button.currentTitleShadowColor == UIColor.black && button.titleLabel?.shadowColor == UIColor.black)
        // An attributed title wins over the plain one.
        button.setAttributedTitle(NSAttributedString(string: "Styled"), for: .normal)
        #expect(button.currentTitle == "Styled" && button.currentAttributedTitle?.string == "Styled")
        #expect(button.titleLabel?.attributedText?.string == "Styled")
        // Images.
        let image = Self.square(.systemRed, side: 10)
        button.setImage(image, for: .normal)
        button.setBackgroundImage(image, for: .disabled)
        #expect(button.image(for: .selected) === image && button.currentImage === image)
        #expect(button.currentBackgroundImage == nil && button.backgroundImage(for: .disabled) === image)
        #expect(button.imageView?.image === image)
        // A primary action gives its title and image, and the system type by default.
        let action = UIAction(title: "Go", image: image) { _ in }
        let made = UIButton(primaryAction: action)
        #expect(made.buttonType == .system && made.currentTitle == "Go" && made.currentImage === image)
        #expect(UIButton(frame: .zero, primaryAction: action).buttonType == .custom)
    }

    @Test func imagesAdjustForStateAndSymbolTypesSayTheyHaveNoImage() throws {
        let image = Self.square(.systemRed, side: 10)
        let button = UIButton(type: .custom)
        button.setImage(image, for: .normal)
        button.isHighlighted = true
        #expect(button.imageView?.image !== image && button.imageView?.image?.size == image.size) // darkened copy
        button.isHighlighted = false
        #expect(button.imageView?.image === image)
        button.isEnabled = false
        #expect(button.imageView?.image !== image) // lightened copy
        button.adjustsImageWhenDisabled = false
        #expect(button.imageView?.image === image)
        let own = Self.square(.systemBlue, side: 10)
        button.adjustsImageWhenDisabled = true
        button.setImage(own, for: .disabled)
        #expect(button.imageView?.image === own) // an image set for the state is shown as it is
        // The title shadow's offset is reversed while highlighted, when asked.
        button.setTitle("Shadow", for: .normal)
        button.titleLabel?.shadowOffset = CGSize(width: 1, height: 2)
        button.reversesTitleShadowWhenHighlighted = true
        button.isEnabled = true
        button.isHighlighted = true
        #expect(button.titleLabel?.shadowOffset == CGSize(width: -1, height: -2))
        button.isHighlighted = false
        #expect(button.titleLabel?.shadowOffset == CGSize(width: 1, height: 2))
        // The symbol types are system buttons without their SF Symbol, logged as unsupported.
        var info: UIButton?
        let logged = LogCapture.messages { info = UIButton(type: .infoLight) }
        #expect(info?.buttonType == .infoLight && info?.currentImage == nil && info?.currentTitleColor == UIColor.systemBlue)
        #expect(logged.contains { $0.hasPrefix("unsupported: UIButton.ButtonType.infoLight") }, "\(logged)")
    }

    @Test func sizeAndLayoutFollowInsetsAndAlignment() throws {
        let empty = UIButton(type: .system)
        #expect(empty.intrinsicContentSize == CGSize(width: 30, height: 34))
        let button = UIButton(type: .custom)
        let image = Self.square(.systemRed, side: 20)
        button.setImage(image, for: .normal)
        #expect(button.intrinsicContentSize == CGSize(width: 20, height: 20))
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        #expect(button.intrinsicContentSize == CGSize(width: 40, height: 30))
        button.setTitle("Title", for: .normal)
        let title = try #require(button.titleLabel).sizeThatFits(.zero)
        #expect(title.width > 0)
        #expect(button.sizeThatFits(.zero) == CGSize(width: 40 + title.width, height: max(30, title.height + 12 + 10)))
        // Centred: image then title; the title's insets move it by half their difference.
        button.contentEdgeInsets = .zero
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        button.setNeedsLayout()
        button.layoutIfNeeded()
        let left = ((200 - 20 - title.width) / 2).rounded(.down)
        #expect(button.imageView?.frame == CGRect(x: left, y: 10, width: 20, height: 20))
        #expect(button.titleLabel?.frame.minX == (left + 20))
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: -10)
        button.setNeedsLayout()
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.minX == (left + 30))
        #expect(button.imageView?.frame.minX == left)
        button.contentHorizontalAlignment = .left
        button.titleEdgeInsets = .zero
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: 4, bottom: 0, right: 0)
        button.setNeedsLayout()
        button.layoutIfNeeded()
        #expect(button.imageView?.frame.minX == 4 && button.titleLabel?.frame.minX == 20)
        // Leading is left here, and right in a right-to-left view (the row ends at the right edge).
        button.imageEdgeInsets = .zero
        button.contentHorizontalAlignment = .leading
        #expect(button.effectiveContentHorizontalAlignment == .left)
        button.setNeedsLayout()
        button.layoutIfNeeded()
        #expect(button.imageView?.frame.minX == 0)
        button.semanticContentAttribute = .forceRightToLeft
        #expect(button.effectiveContentHorizontalAlignment == .right)
        button.setNeedsLayout()
        button.layoutIfNeeded()
        let rowEnd = max(button.titleLabel?.frame.maxX ?? 0, button.imageView?.frame.maxX ?? 0)
        #expect(rowEnd == 200, "\(String(describing: button.titleLabel?.frame)) \(String(describing: button.imageView?.frame))")
        button.contentHorizontalAlignment = .trailing
        #expect(button.effectiveContentHorizontalAlignment == .left)
        button.semanticContentAttribute = .unspecified
        button.contentHorizontalAlignment = .left
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: 4, bottom: 0, right: 0)
        button.contentVerticalAlignment = .top
        button.setNeedsLayout()
        button.layoutIfNeeded()
        #expect(button.imageView?.frame.minY == 0)
        // A multi-line title wraps to the width it is given.
        let wrapping = UIButton(type: .system)
        wrapping.setTitle("one two three four five six seven eight", for: .normal)
        let line = wrapping.intrinsicContentSize
        wrapping.titleLabel?.numberOfLines = 0
        let wrapped = wrapping.sizeThatFits(CGSize(width: 100, height: 1000))
        #expect(wrapped.width <= 100 && wrapped.height > line.height, "\(line) \(wrapped)")
        #expect(wrapping.intrinsicContentSize == line)
    }

    @Test func theSystemLookIsTheTintFadedWhileHighlightedAndGreyWhenDisabled() async throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 200, height: 44)
        button.setTitle("MWMWMW", for: .normal)
        let session = try session(button)
        defer { session.close() }
        let area = CGRect(x: 20, y: 20, width: 200, height: 44)
        var fadeBack: [CFTimeInterval?] = [] // the title's opacity animation as the touch lifts
        button.addAction(UIAction { [weak button] _ in
            fadeBack.append(button?.titleLabel?.layer.animation(forKey: "opacity")?.duration)
        }, for: .touchUpInside)
        let tint = overWhite(0, 122, 255)
        // The most inked pixel of the title (a glyph stem fully covered) is the tint itself.
        var seen = await session.eventually(tint) { try session.mostInked(in: area) }
        #expect(seen == tint)
        // Held down: the content at a fifth of its opacity at once.
        try session.input("touch", "down", "100", "40")
        let faded = overWhite(0, 122, 255, 0.2)
        seen = await session.eventually(faded) { try session.mostInked(in: area) }
        #expect(button.isHighlighted && abs((button.titleLabel?.alpha ?? 0) - 0.2) < 1e-6, "faded: \(seen)")
        #expect(seen == faded)
        try session.input("touch", "up", "100", "40")
        seen = await session.eventually(tint) { try session.mostInked(in: area) }
        #expect(seen == tint)
        #expect(fadeBack == [0.25]) // faded back by Core Animation, played by the server
        // Disabled: grey.
        button.isEnabled = false
        let grey = overWhite(60, 60, 67, 0.3)
        seen = await session.eventually(grey, tolerance: 2) { try session.mostInked(in: area) }
        #expect(close(seen, grey, 1), "translucent grey, within the blend's rounding: \(seen)")
    }

    @Test func aCustomButtonDarkensItsImageWhileHighlighted() async throws {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 20, y: 100, width: 60, height: 60)
        button.setImage(Self.square(.systemRed, side: 20), for: .normal)
        let log = ControlEventLog(button)
        let session = try session(button)
        defer { session.close() }
        let red = overWhite(255, 59, 48)
        var seen = await session.eventually(red) { try session.pixel(50, 130) }
        #expect(seen == red)
        try session.input("touch", "down", "50", "130")
        let dark = overWhite(255 * 0.7, 59 * 0.7, 48 * 0.7)
        seen = await session.eventually(dark, tolerance: 2) { try session.pixel(50, 130) }
        #expect(seen.count == 4 && zip(seen, dark).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "darkened: \(seen)")
        try session.input("touch", "up", "50", "130")
        seen = await session.eventually(red) { try session.pixel(50, 130) }
        #expect(seen == red)
        #expect(log.entries == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        // Not adjusting: the image stays as it is while highlighted.
        button.adjustsImageWhenHighlighted = false
        button.isHighlighted = true
        #expect(button.imageView?.image === button.currentImage)
    }

    /// A `side`-point square of `color` at scale 1.
    static func square(_ color: UIColor, side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            context.cgContext.setFillColor(color)
            context.cgContext.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }
}
}
