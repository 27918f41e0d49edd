import Foundation
@testable import StrataUIKit
import Testing

/// A view whose content has a fixed size, as a label's or an image view's does.
@MainActor
final class ContentSizedView: UIView {
    let content: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        content = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { content }
}

/// UIStackView's distributions along the axis, without a server: frames checked exactly.
@MainActor
@Suite struct StackViewDistributionTests {
    /// A stack laid out by its frame, holding views with content sizes.
    static func stack(_ axis: NSLayoutConstraint.Axis, _ size: CGSize, _ contents: [(CGFloat, CGFloat)],
                      _ distribution: UIStackView.Distribution, spacing: CGFloat = 10) -> (UIStackView, [UIView]) {
        let views = contents.map { ContentSizedView($0.0, $0.1) }
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(origin: .zero, size: size)
        stack.axis = axis
        stack.distribution = distribution
        stack.spacing = spacing
        stack.layoutIfNeeded()
        return (stack, views)
    }

    /// Frames along `axis` as (position, length); across it each view fills 40 points.
    static func frames(_ axis: NSLayoutConstraint.Axis, _ spans: [(CGFloat, CGFloat)]) -> [CGRect] {
        spans.map { axis == .horizontal ? CGRect(x: $0.0, y: 0, width: $0.1, height: 40) : CGRect(x: 0, y: $0.0, width: 40, height: $0.1) }
    }

    static func size(_ axis: NSLayoutConstraint.Axis, _ length: CGFloat) -> CGSize {
        axis == .horizontal ? CGSize(width: length, height: 40) : CGSize(width: 40, height: length)
    }

    static func contents(_ axis: NSLayoutConstraint.Axis, _ lengths: [CGFloat]) -> [(CGFloat, CGFloat)] {
        lengths.map { axis == .horizontal ? ($0, 20) : (20, $0) }
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func fillStretchesTheLastViewOfTheLowestHugging(axis: NSLayoutConstraint.Axis) {
        let (stack, views) = Self.stack(axis, Self.size(axis, 300), Self.contents(axis, [50, 60, 70]), .fill)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 50), (60, 60), (130, 170)]))
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        #expect(stack.subviews.count == 3 && stack.arrangedSubviews.count == 3)
        views[0].setContentHuggingPriority(UILayoutPriority(200), for: axis)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 150), (160, 60), (230, 70)]))
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func fillShrinksTheLastViewOfTheLowestCompressionResistance(axis: NSLayoutConstraint.Axis) {
        let (stack, views) = Self.stack(axis, Self.size(axis, 150), Self.contents(axis, [50, 60, 70]), .fill)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 50), (60, 60), (130, 20)]))
        views[1].setContentCompressionResistancePriority(UILayoutPriority(700), for: axis)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 50), (60, 10), (80, 70)]))
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func fillEqually(axis: NSLayoutConstraint.Axis) {
        let (_, views) = Self.stack(axis, Self.size(axis, 320), Self.contents(axis, [50, 60, 70]), .fillEqually)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 100), (110, 100), (220, 100)]))
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func fillProportionallyByIntrinsicSizes(axis: NSLayoutConstraint.Axis) {
        let (_, views) = Self.stack(axis, Self.size(axis, 420), Self.contents(axis, [25, 25, 50]), .fillProportionally)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 100), (110, 100), (220, 200)]))
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func equalSpacingPadsTheGapsEvenly(axis: NSLayoutConstraint.Axis) {
        let (stack, views) = Self.stack(axis, Self.size(axis, 300), Self.contents(axis, [50, 60, 70]), .equalSpacing)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 50), (110, 60), (230, 70)]))
        #expect(stack.layoutGuides.filter { $0.identifier == "UISV-distributing" }.count == 2)
        // Too little room: the gaps shrink to `spacing`, then the last view gives way.
        stack.frame.size = Self.size(axis, 190)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 50), (60, 60), (130, 60)]))
    }

    @Test(arguments: [NSLayoutConstraint.Axis.horizontal, .vertical])
    func equalCenteringSpacesTheCentres(axis: NSLayoutConstraint.Axis) {
        let (_, views) = Self.stack(axis, Self.size(axis, 300), Self.contents(axis, [20, 40, 60]), .equalCentering)
        #expect(views.map(\.frame) == Self.frames(axis, [(0, 20), (120, 40), (240, 60)]))
    }

    @Test func customAndSystemSpacing() {
        let (stack, views) = Self.stack(.horizontal, Self.size(.horizontal, 300), Self.contents(.horizontal, [50, 60, 70]), .fill)
        stack.setCustomSpacing(30, after: views[0])
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == Self.frames(.horizontal, [(0, 50), (80, 60), (150, 150)]))
        #expect(stack.customSpacing(after: views[0]) == 30 && stack.customSpacing(after: views[1]) == UIStackView.spacingUseDefault)
        stack.setCustomSpacing(UIStackView.spacingUseDefault, after: views[0])
        stack.spacing = UIStackView.spacingUseSystem
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == Self.frames(.horizontal, [(0, 50), (58, 60), (126, 174)]))
    }

    @Test func rightToLeftPutsTheFirstViewOnTheRight() {
        let views = [ContentSizedView(50, 20), ContentSizedView(60, 20), ContentSizedView(70, 20)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        stack.spacing = 10
        stack.semanticContentAttribute = .forceRightToLeft
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 250, y: 0, width: 50, height: 40), CGRect(x: 180, y: 0, width: 60, height: 40),
                                       CGRect(x: 0, y: 0, width: 170, height: 40)])
        stack.distribution = .equalCentering
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 250, y: 0, width: 50, height: 40), CGRect(x: 125, y: 0, width: 60, height: 40),
                                       CGRect(x: 0, y: 0, width: 70, height: 40)])
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 250, y: 0, width: 50, height: 40), CGRect(x: 130, y: 0, width: 60, height: 40),
                                       CGRect(x: 0, y: 0, width: 70, height: 40)])
    }
}
