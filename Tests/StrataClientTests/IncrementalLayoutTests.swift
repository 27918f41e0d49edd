import Foundation
@testable import StrataUIKit
import Testing

/// Issue 54, scope 5: a changed constant re-solves only that constraint, without listing the tree again,
/// and every other change that alters what the engine solves is still seen. Each test turns on the engine's
/// check (`LayoutEngine.verifiesIncrementalPasses`), which lists the whole tree after every incremental pass
/// and counts what the pass held differently.
@MainActor
@Suite(.serialized) struct IncrementalLayoutTests {
    /// Runs `body` with the check on, and expects it to have found nothing.
    static func checked(_ body: () throws -> Void) rethrows {
        let was = LayoutEngine.verifiesIncrementalPasses
        let missedBefore = LayoutEngine.missedChanges
        LayoutEngine.verifiesIncrementalPasses = true
        defer { LayoutEngine.verifiesIncrementalPasses = was }
        try body()
        #expect(LayoutEngine.missedChanges == missedBefore)
    }

    static func constrained<V: UIView>(_ view: V, in superview: UIView) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(view)
        return view
    }

    @Test func aConstantChangeListsNothingAgain() throws {
        try Self.checked {
            let screen = UIView(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
            var cards: [UIView] = []
            var widths: [NSLayoutConstraint] = []
            for i in 0..<40 {
                let card = Self.constrained(UIView(), in: screen)
                let width = card.widthAnchor.constraint(equalToConstant: 100)
                widths.append(width)
                NSLayoutConstraint.activate([
                    i % 10 == 0 ? card.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 20)
                        : card.leadingAnchor.constraint(equalTo: cards[i - 1].trailingAnchor, constant: 24),
                    i < 10 ? card.topAnchor.constraint(equalTo: screen.topAnchor, constant: 20)
                        : card.topAnchor.constraint(equalTo: cards[i - 10].bottomAnchor, constant: 8),
                    width, card.heightAnchor.constraint(equalToConstant: 24),
                ])
                cards.append(card)
            }
            screen.layoutIfNeeded()
            let engine = try #require(screen.autoLayoutStorage?.engine)
            let full = engine.fullPasses
            #expect(cards[9].frame == CGRect(x: 20 + 9 * 124, y: 20, width: 100, height: 24))
            widths[0].constant = 110
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full)
            #expect(cards[9].frame == CGRect(x: 30 + 9 * 124, y: 20, width: 100, height: 24))
            #expect(cards[10].frame == CGRect(x: 20, y: 52, width: 100, height: 24))
            // Two constants at once, then back: still no listing, and the frames follow.
            widths[0].constant = 100
            widths[19].constant = 50
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full)
            #expect(cards[9].frame.minX == CGFloat(20 + 9 * 124))
            #expect(cards[19].frame.width == 50)
            // One constant set twice before a pass: asked for once, and the solver holds one constraint for it.
            widths[1].constant = 70
            widths[1].constant = 80
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full)
            #expect(cards[1].frame.width == 80)
            #expect(engine.solver.constraintCount == engine.entries.values.filter { $0.constraint != nil }.count)
            widths[1].constant = 100
            screen.layoutIfNeeded()
            // More constant changes than the engine keeps between passes: the next pass lists the tree instead.
            for n in 0...LayoutEngine.changedConstantsLimit { widths[2].constant = CGFloat(60 + n % 2) }
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full + 1)
            #expect(cards[2].frame.width == 60)
            widths[2].constant = 100
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full + 1)
            // A structural change lists the tree once, and the next constant change is incremental again.
            cards[39].removeFromSuperview()
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full + 2)
            widths[0].constant = 90
            screen.layoutIfNeeded()
            #expect(engine.fullPasses == full + 2)
            #expect(cards[9].frame.minX == CGFloat(10 + 9 * 124))
        }
    }

    @Test func framesMarginsAndWrappingLabelsAreReadAtEveryPass() throws {
        try Self.checked {
            let screen = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            // A translating panel, resized by autoresizing when the screen is (the layer moves it, not a setter).
            let panel = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
            panel.autoresizingMask = [.flexibleWidth]
            screen.addSubview(panel)
            let badge = Self.constrained(UIView(), in: screen)
            let label = Self.constrained(UILabel(), in: screen)
            label.numberOfLines = 0
            label.text = "A wrapping label whose height follows the width it is given by its constraints"
            let body = Self.constrained(UIView(), in: screen)
            let gap = label.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 0)
            NSLayoutConstraint.activate([
                badge.trailingAnchor.constraint(equalTo: panel.trailingAnchor),
                badge.topAnchor.constraint(equalTo: panel.bottomAnchor),
                badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 30),
                gap, label.trailingAnchor.constraint(equalTo: screen.trailingAnchor),
                label.topAnchor.constraint(equalTo: badge.bottomAnchor),
                body.leadingAnchor.constraint(equalTo: screen.layoutMarginsGuide.leadingAnchor),
                body.trailingAnchor.constraint(equalTo: screen.trailingAnchor, constant: 0),
                body.topAnchor.constraint(equalTo: label.bottomAnchor),
                body.heightAnchor.constraint(equalToConstant: 10),
            ])
            screen.layoutIfNeeded()
            screen.layoutIfNeeded() // the label's height follows the width the first pass gave it
            #expect(badge.frame == CGRect(x: 370, y: 100, width: 30, height: 30))
            #expect(body.frame.minX == 8)
            screen.frame = CGRect(x: 0, y: 0, width: 600, height: 300)
            screen.layoutIfNeeded()
            #expect(panel.frame.width == 600)
            #expect(badge.frame == CGRect(x: 570, y: 100, width: 30, height: 30))
            screen.layoutMargins = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 0)
            screen.layoutIfNeeded()
            #expect(body.frame.minX == 40)
            // A constraint on a margin attribute is read afresh each pass; its constant changed is asked for once.
            let indent = badge.leadingAnchor.constraint(equalTo: screen.layoutMarginsGuide.leadingAnchor)
            indent.priority = .defaultLow
            let marginal = NSLayoutConstraint(item: badge, attribute: .leading, relatedBy: .greaterThanOrEqual,
                                              toItem: screen, attribute: .leadingMargin, multiplier: 1, constant: 0)
            NSLayoutConstraint.activate([indent, marginal])
            screen.layoutIfNeeded()
            marginal.constant = 5
            screen.layoutIfNeeded()
            let engine = try #require(screen.autoLayoutStorage?.engine)
            #expect(engine.solver.constraintCount == engine.entries.values.filter { $0.constraint != nil }.count)
            // Narrowing the label makes it taller; the view below follows once the label has its new width.
            let tall = label.frame.height
            gap.constant = 400
            screen.layoutIfNeeded()
            screen.layoutIfNeeded()
            #expect(label.frame.width == 200)
            #expect(label.frame.height > tall)
            #expect(body.frame.minY == label.frame.maxY)
        }
    }

    @Test func textDirectionPrioritiesAndTheHierarchyAreSeen() throws {
        try Self.checked {
            let screen = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            let title = Self.constrained(UILabel(), in: screen)
            title.text = "Menu"
            let optional = title.widthAnchor.constraint(equalToConstant: 300)
            optional.priority = .defaultLow
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 10),
                title.topAnchor.constraint(equalTo: screen.topAnchor), optional,
            ])
            screen.layoutIfNeeded()
            let natural = title.intrinsicContentSize.width
            // Hugging (250) ties with the optional width (250): raising it above makes the label its text's width.
            optional.priority = UILayoutPriority(200)
            screen.layoutIfNeeded()
            #expect(title.frame.width == natural)
            title.text = "Menu of the day"
            screen.layoutIfNeeded()
            #expect(title.frame.width == title.intrinsicContentSize.width)
            #expect(title.frame.width > natural)
            screen.semanticContentAttribute = .forceRightToLeft
            screen.layoutIfNeeded()
            #expect(title.frame.maxX == 390)
            title.setContentHuggingPriority(.init(100), for: .horizontal)
            screen.layoutIfNeeded()
            #expect(title.frame == CGRect(x: 90, y: 0, width: 300, height: title.intrinsicContentSize.height))
            // A view and its constraints come and go.
            let extra = Self.constrained(UIView(), in: screen)
            NSLayoutConstraint.activate([
                extra.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                extra.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                extra.widthAnchor.constraint(equalToConstant: 20), extra.heightAnchor.constraint(equalToConstant: 20),
            ])
            screen.layoutIfNeeded()
            #expect(extra.frame == CGRect(x: 370, y: title.frame.maxY + 4, width: 20, height: 20))
            extra.removeFromSuperview()
            screen.layoutIfNeeded()
            let engine = try #require(screen.autoLayoutStorage?.engine)
            #expect(!engine.participants.contains(ObjectIdentifier(extra)))
        }
    }
}
