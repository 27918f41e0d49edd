import Foundation
@testable import StrataUIKit
import Testing

/// A view that makes its constraints in `updateConstraints()`, as iOS code does.
@MainActor
final class UpdatingConstraintsView: UIView {
    var made = false
    var updates = 0
    override func updateConstraints() {
        updates += 1
        if !made, let child = subviews.first {
            made = true
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 5),
                child.topAnchor.constraint(equalTo: topAnchor, constant: 6),
                child.widthAnchor.constraint(equalToConstant: 70),
                child.heightAnchor.constraint(equalToConstant: 80),
            ])
        }
        super.updateConstraints()
    }
}

/// A controller that makes its view's constraints in `updateViewConstraints()`.
@MainActor
final class UpdatingConstraintsController: UIViewController {
    let child = UIView()
    var updates = 0
    override func viewDidLoad() {
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
    }
    override func updateViewConstraints() {
        updates += 1
        if updates == 1 {
            NSLayoutConstraint.activate([
                child.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                child.topAnchor.constraint(equalTo: view.topAnchor, constant: 3),
                child.widthAnchor.constraint(equalToConstant: 20), child.heightAnchor.constraint(equalToConstant: 20),
            ])
        }
        super.updateViewConstraints()
    }
}

/// Auto Layout without a server: constraints solved by StrataLayout, frames checked exactly.
@MainActor
@Suite struct AutoLayoutTests {
    /// A 400 × 300 container (laid out by its frame) and a subview placed by constraints.
    static func stage() -> (UIView, UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        return (container, child)
    }

    @Test func pinningToTheSuperviewsEdges() {
        let (container, child) = Self.stage()
        #expect(UIView().translatesAutoresizingMaskIntoConstraints)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 20),
            child.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -20),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 16, y: 20, width: 368, height: 260))
        #expect(container.constraints.count == 4 && child.constraints.isEmpty)
        #expect(!child.hasAmbiguousLayout)
    }

    @Test func centringWithAFixedSize() {
        let (container, child) = Self.stage()
        NSLayoutConstraint.activate([
            child.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: container.centerYAnchor, constant: 10),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 150, y: 135, width: 100, height: 50))
    }

    @Test func aspectRatioThroughAMultiplierAndTheItemAttributeInitialiser() {
        let (container, child) = Self.stage()
        let width = NSLayoutConstraint(item: child, attribute: .width, relatedBy: .equal, toItem: container,
                                       attribute: .width, multiplier: 0.5, constant: 0)
        NSLayoutConstraint.activate([
            width,
            child.heightAnchor.constraint(equalTo: child.widthAnchor, multiplier: 0.75),
            child.leftAnchor.constraint(equalTo: container.leftAnchor),
            child.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 150, width: 200, height: 150))
        #expect(width.isActive)
        #expect(width.firstItem === child && width.secondItem === container && width.multiplier == 0.5)
    }

    @Test func inequalitiesAndPriorities() {
        let (container, child) = Self.stage()
        let wish = child.widthAnchor.constraint(equalToConstant: 500)
        wish.priority = .defaultHigh
        let lower = child.heightAnchor.constraint(equalToConstant: 10)
        lower.priority = .defaultLow
        // One unit of priority more outweighs two constraints at the lower priority.
        let preferred = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 7)
        preferred.priority = UILayoutPriority(751)
        let pulls = [30, 60].map { offset -> NSLayoutConstraint in
            let c = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: CGFloat(offset))
            c.priority = .defaultHigh
            return c
        }
        NSLayoutConstraint.activate([
            wish, lower, preferred,
            child.widthAnchor.constraint(lessThanOrEqualTo: container.widthAnchor, constant: -100),
            child.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            child.topAnchor.constraint(equalTo: container.topAnchor),
        ] + pulls)
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 7, y: 0, width: 300, height: 44))
        #expect(UILayoutPriority.required.rawValue == 1000 && UILayoutPriority.defaultHigh.rawValue == 750)
        #expect(UILayoutPriority.defaultLow.rawValue == 250 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
    }

    @Test func huggingAndCompressionResistanceBetweenTwoLabels() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let first = UILabel(), second = UILabel()
        first.text = "Name"
        second.text = "Value"
        for label in [first, second] {
            label.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(label)
        }
        #expect(first.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(first.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        first.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        second.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            second.leadingAnchor.constraint(equalToSystemSpacingAfter: first.trailingAnchor, multiplier: 1),
            second.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            first.topAnchor.constraint(equalTo: container.topAnchor),
            second.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        let a = first.intrinsicContentSize, b = second.intrinsicContentSize
        #expect(a.width > 0 && b.width > 0 && a.width + b.width + 8 < 300)
        // Room to spare: the label that hugs less (the second) stretches.
        #expect(first.frame == CGRect(x: 0, y: 0, width: a.width, height: a.height))
        #expect(second.frame == CGRect(x: a.width + 8, y: 0, width: 300 - a.width - 8, height: b.height))
        // Too little room: the label that resists compression less (the second) shrinks.
        container.frame.size.width = a.width + 20
        container.layoutIfNeeded()
        #expect(first.frame.width == a.width)
        #expect(second.frame == CGRect(x: a.width + 8, y: 0, width: 12, height: b.height))
    }

    @Test func rightToLeftFlipsLeadingAndTrailing() {
        let (container, child) = Self.stage()
        container.semanticContentAttribute = .forceRightToLeft
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 20),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 290, y: 0, width: 100, height: 20))
        container.semanticContentAttribute = .forceLeftToRight
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 0, width: 100, height: 20))
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
    }

    @Test func aConstantChangeReSolvesOnlyThatConstraint() throws {
        let (container, child) = Self.stage()
        let left = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([
            left, child.topAnchor.constraint(equalTo: container.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 50),
        ])
        container.layoutIfNeeded()
        #expect(child.frame.origin.x == 10)
        let engine = try #require(container.autoLayoutStorage?.engine)
        let before = engine.entries.mapValues(\.constraint)
        left.constant = 120
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 120, y: 0, width: 50, height: 50))
        let after = engine.entries.mapValues(\.constraint)
        let replaced = after.filter { before[$0.key]! !== $0.value }.map(\.key)
        #expect(replaced == [.constraint(ObjectIdentifier(left))])
        left.isActive = false
        #expect(!left.isActive)
        // Active constraints live on their items' nearest common ancestor: a size on the view itself.
        #expect(container.constraints.count == 1 && child.constraints.count == 2)
    }

    @Test func animatingAConstantAnimatesTheFrame() throws {
        let (container, child) = Self.stage()
        let left = child.leadingAnchor.constraint(equalTo: container.leadingAnchor)
        NSLayoutConstraint.activate([
            left, child.topAnchor.constraint(equalTo: container.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 40), child.heightAnchor.constraint(equalToConstant: 40),
        ])
        container.layoutIfNeeded()
        CATransaction.flush()
        UIView.animate(withDuration: 0.5) {
            left.constant = 200
            container.layoutIfNeeded()
        }
        #expect(child.frame == CGRect(x: 200, y: 0, width: 40, height: 40))
        let position = try #require(child.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(position.fromValue as? CGPoint == CGPoint(x: 20, y: 20))
        #expect(position.duration == 0.5)
        CATransaction.flush()
    }

    @Test func anUnsatisfiableSystemBreaksAConstraintAndLogsUIKitsMessage() {
        let (container, child) = Self.stage()
        var reports: [String] = []
        LayoutEngine.reportHandler = { reports.append($0) }
        defer { LayoutEngine.reportHandler = nil }
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = child.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        NSLayoutConstraint.activate([
            narrow, wide, child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.topAnchor.constraint(equalTo: container.topAnchor), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(reports.count == 1)
        let report = reports.first ?? ""
        #expect(report.hasPrefix("Unable to simultaneously satisfy constraints.\n"))
        #expect(report.contains("\"\(narrow.description)\""))
        #expect(report.contains("Will attempt to recover by breaking constraint \n\(wide.description)\n"))
        #expect(wide.description.hasPrefix("<NSLayoutConstraint:0x"))
        #expect(wide.description.hasSuffix(" 'wide' UIView:\(NSLayoutConstraint.address(child)).width == 200   (active)>"))
        // Without the other one, the broken constraint holds.
        narrow.isActive = false
        container.layoutIfNeeded()
        #expect(child.frame.width == 200)
    }

    @Test func translatedAutoresizingMasksBecomeRequiredConstraints() {
        let (container, child) = Self.stage()
        let fixed = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        container.addSubview(fixed)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 5),
            child.topAnchor.constraint(equalTo: fixed.bottomAnchor),
            child.widthAnchor.constraint(equalTo: fixed.widthAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 45, y: 60, width: 30, height: 10))
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        fixed.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        container.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 65, y: 20, width: 60, height: 10))
        // A constraint against a translating view's frame contradicts it: the later one is broken.
        var reports: [String] = []
        LayoutEngine.reportHandler = { reports.append($0) }
        defer { LayoutEngine.reportHandler = nil }
        fixed.widthAnchor.constraint(equalToConstant: 99).isActive = true
        container.layoutIfNeeded()
        #expect(fixed.frame.width == 60)
        #expect(reports.first?.contains("NSAutoresizingMaskLayoutConstraint") == true)
    }

    @Test func ambiguityIsReportedAndExercised() {
        let (container, child) = Self.stage()
        NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 30), child.heightAnchor.constraint(equalToConstant: 30)])
        container.layoutIfNeeded()
        #expect(child.hasAmbiguousLayout)
        let before = child.frame
        child.exerciseAmbiguityInLayout()
        #expect(child.frame.size == before.size && child.frame.origin != before.origin)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.topAnchor.constraint(greaterThanOrEqualTo: container.topAnchor, constant: 4),
            child.topAnchor.constraint(lessThanOrEqualTo: container.topAnchor, constant: 4),
        ])
        container.layoutIfNeeded()
        #expect(!child.hasAmbiguousLayout)
        #expect(child.frame == CGRect(x: 0, y: 4, width: 30, height: 30))
    }

    @Test func updateConstraintsRunsBeforeLayout() {
        let container = UpdatingConstraintsView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        container.setNeedsUpdateConstraints()
        #expect(container.needsUpdateConstraints())
        container.layoutIfNeeded()
        #expect(container.updates == 1 && !container.needsUpdateConstraints())
        #expect(child.frame == CGRect(x: 5, y: 6, width: 70, height: 80))
    }

    @Test func layoutGuidesMarginsAndSafeArea() {
        let (container, child) = Self.stage()
        let margins = container.layoutMarginsGuide
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            child.topAnchor.constraint(equalTo: container.safeAreaLayoutGuide.topAnchor),
            child.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 8, y: 0, width: 384, height: 292))
        #expect(margins.layoutFrame == CGRect(x: 8, y: 8, width: 384, height: 284))
        // A spacer guide between two views.
        let spacer = UILayoutGuide()
        container.addLayoutGuide(spacer)
        let other = UIView()
        other.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(other)
        NSLayoutConstraint.activate([
            spacer.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            spacer.widthAnchor.constraint(equalToConstant: 33),
            spacer.topAnchor.constraint(equalTo: container.topAnchor),
            spacer.heightAnchor.constraint(equalToConstant: 1),
            other.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            other.topAnchor.constraint(equalTo: container.topAnchor),
            other.widthAnchor.constraint(equalToConstant: 10), other.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(other.frame == CGRect(x: 33, y: 0, width: 10, height: 10))
        #expect(container.layoutGuides.count == 3)
    }

    @Test func aLabelsFirstBaselineIsItsAscenderBelowTheTop() throws {
        let (container, child) = Self.stage()
        let label = UILabel()
        label.text = "Baseline"
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        NSLayoutConstraint.activate([
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 50),
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.widthAnchor.constraint(equalToConstant: 10), child.heightAnchor.constraint(equalToConstant: 10),
            label.firstBaselineAnchor.constraint(equalTo: child.topAnchor),
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        ])
        container.layoutIfNeeded()
        let font = try #require(label.font)
        // On the pixel grid (scale 1 here): the nearest whole point.
        #expect(label.frame.minY == (50 - font.ascender).rounded())
    }

    @Test func aControllersUpdateViewConstraintsTakesItsViewsTurn() {
        let controller = UpdatingConstraintsController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        controller.view.setNeedsUpdateConstraints()
        controller.view.layoutIfNeeded()
        #expect(controller.updates == 1)
        #expect(controller.child.frame == CGRect(x: 40, y: 3, width: 20, height: 20))
    }

    @Test func systemLayoutSizeFittingSolvesTheSubtreeAlone() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let title = UILabel()
        title.text = "Title"
        title.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(title)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 11),
            title.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -11),
        ])
        cell.layoutIfNeeded()
        let text = title.intrinsicContentSize
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: text.width + 32, height: text.height + 22))
        let fitted = cell.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 320, height: text.height + 22))
        // Nothing on screen moved: the cell keeps its frame and the label its solved one.
        #expect(cell.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(title.frame == CGRect(x: 16, y: 11, width: text.width, height: 22))
    }
}
