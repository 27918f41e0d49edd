import Foundation
import Strata
import StrataCore
import StrataUIKit
import Testing

/// A view that counts `safeAreaInsetsDidChange()` and records the insets it was called with.
@MainActor
final class SafeAreaRecordingView: UIView {
    var told: [UIEdgeInsets] = []
    override func safeAreaInsetsDidChange() { told.append(safeAreaInsets) }
}

/// A controller that records its view's insets in `viewDidLoad` and each `viewSafeAreaInsetsDidChange()`.
@MainActor
final class SafeAreaController: UIViewController {
    var atLoad: UIEdgeInsets?
    var told: [UIEdgeInsets] = []
    override func viewDidLoad() { atLoad = view.safeAreaInsets }
    override func viewSafeAreaInsetsDidChange() { told.append(view.safeAreaInsets) }
}

extension ClientProcessSuite {
/// Safe-area insets from the server's `--safe-area-insets 20,10,30,40` on a 320 × 480 headless output:
/// the window's are the screen's, each view's the part of its superview's that overlaps it.
@MainActor
@Suite struct SafeAreaInsetsTests {
    static let screenInsets = UIEdgeInsets(top: 20, left: 10, bottom: 30, right: 40)

    @Test func nestedViewsGetThePartOfTheirSuperviewsSafeAreaInsetsThatOverlapsThem() throws {
        let controller = SafeAreaController()
        let child = SafeAreaRecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let grandchild = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 30))
        let corner = UIView(frame: CGRect(x: 300, y: 460, width: 20, height: 20))
        let session = try ExampleSession(controller: controller, size: "320x480", virtualClock: true,
                                         serverArguments: ["--safe-area-insets", "20,10,30,40"]) { c in
            c.view.addSubview(child)
            child.addSubview(grandchild)
            c.view.addSubview(corner)
        }
        defer { session.close() }
        let output = try #require(session.connection.outputs.first)
        #expect(output.safeAreaInsets == SafeAreaInsets(top: 20, left: 10, bottom: 30, right: 40))
        #expect(controller.atLoad == .zero, "not on screen yet in viewDidLoad")
        #expect(session.window.safeAreaInsets == Self.screenInsets)
        #expect(controller.view.safeAreaInsets == Self.screenInsets)
        #expect(controller.told == [Self.screenInsets])
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 20, left: 10, bottom: 0, right: 0))
        #expect(child.told == [UIEdgeInsets(top: 20, left: 10, bottom: 0, right: 0)])
        // The child's safe area is x 10…100, y 20…50; the grandchild covers x 5…25, y 5…35.
        #expect(grandchild.safeAreaInsets == UIEdgeInsets(top: 15, left: 5, bottom: 0, right: 0))
        // Each inset is at most the view's own size: 30 and 40 points of bezel over a 20-point view.
        #expect(corner.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 20))

        // The controller's own insets add to its view's, and reach the subviews.
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 25, left: 10, bottom: 30, right: 40))
        #expect(controller.told.last == UIEdgeInsets(top: 25, left: 10, bottom: 30, right: 40))
        #expect(child.told.last == UIEdgeInsets(top: 25, left: 10, bottom: 0, right: 0))
        #expect(grandchild.safeAreaInsets == UIEdgeInsets(top: 20, left: 5, bottom: 0, right: 0))

        // Layout margins are measured from the safe area unless told otherwise.
        #expect(child.layoutMargins == UIEdgeInsets(top: 33, left: 18, bottom: 8, right: 8))
        child.insetsLayoutMarginsFromSafeArea = false
        #expect(child.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))

        // Moving a view out of the bezel's reach and out of the window.
        child.frame.origin = CGPoint(x: 100, y: 100)
        #expect(child.safeAreaInsets == .zero)
        #expect(child.told.count == 3 && child.told.last == .zero)
        #expect(grandchild.safeAreaInsets == .zero)
        child.frame.origin = .zero
        #expect(child.told.count == 4)
        child.removeFromSuperview()
        #expect(child.safeAreaInsets == .zero && child.told.last == .zero)
    }

    @Test func noConfiguredInsetsIsZeroEverywhere() throws {
        let controller = SafeAreaController()
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let session = try ExampleSession(controller: controller, size: "160x120", virtualClock: true) { c in c.view.addSubview(child) }
        defer { session.close() }
        #expect(session.window.safeAreaInsets == .zero && child.safeAreaInsets == .zero)
        #expect(controller.told.isEmpty)
    }
}
}
