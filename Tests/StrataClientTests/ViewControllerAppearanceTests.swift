import Foundation
import Strata
import StrataUIKit // not @testable: the overrides compile because UIKit's members are open
import Testing

/// A controller that logs its appearance and containment callbacks as "NAME event".
@MainActor
final class AppearanceLoggingController: UIViewController {
    let name: String
    let log: AppearanceLog
    var forwards = true
    init(_ name: String, log: AppearanceLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.add("\(name) willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.add("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.add("\(name) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.add("\(name) didDisappear") }
    override func didMove(toParent parent: UIViewController?) { log.add("\(name) didMove(\(parent == nil ? "nil" : "parent"))") }
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwards }
}

@MainActor
final class AppearanceLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    /// The entries since the last take.
    func take() -> [String] { defer { entries = [] }; return entries }
}

extension ClientProcessSuite {
/// UIKit's appearance callbacks: a controller's view entering or leaving a window on screen, a window shown
/// or hidden, a root controller replaced, children with and without automatic forwarding; on a real server.
@MainActor
@Suite struct ViewControllerAppearanceTests {
    @Test func appearanceFollowsTheViewOntoAndOffTheScreen() throws {
        let log = AppearanceLog()
        let root = AppearanceLoggingController("root", log: log)
        let session = try ExampleSession(controller: root, size: "320x240")
        defer { session.close() }
        #expect(log.take() == ["root willAppear", "root didAppear"])

        // A child added by the containment sequence appears with its view; removed, it disappears.
        let child = AppearanceLoggingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(log.take() == ["child willAppear", "child didAppear", "child didMove(parent)"])
        // Moving it to the front within the window is no appearance.
        root.view.bringSubviewToFront(child.view)
        #expect(log.take().isEmpty)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["child willDisappear", "child didDisappear", "child didMove(nil)"])

        // A subtree built off screen appears at once when it is added, parents before children.
        let holder = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let outer = AppearanceLoggingController("outer", log: log)
        let inner = AppearanceLoggingController("inner", log: log)
        outer.addChild(inner)
        holder.addSubview(inner.view)
        outer.view.addSubview(holder)
        #expect(log.take().isEmpty, "not in a window yet")
        root.addChild(outer)
        root.view.addSubview(outer.view)
        #expect(log.take() == ["outer willAppear", "inner willAppear", "outer didAppear", "inner didAppear"])

        // A container that forwards appearance itself: its child hears nothing until told.
        outer.forwards = false
        outer.view.removeFromSuperview()
        #expect(log.take() == ["outer willDisappear", "outer didDisappear"])
        root.view.addSubview(outer.view)
        #expect(log.take() == ["outer willAppear", "outer didAppear"])
        inner.beginAppearanceTransition(false, animated: false)
        inner.endAppearanceTransition()
        #expect(log.take() == ["inner willDisappear", "inner didDisappear"])

        // A new root: the old one disappears, the new one appears; hiding the window, the new one disappears.
        let next = AppearanceLoggingController("next", log: log)
        session.window.rootViewController = next
        #expect(log.take() == ["root willDisappear", "outer willDisappear", "root didDisappear", "outer didDisappear",
                               "next willAppear", "next didAppear"])
        session.window.isHidden = true
        #expect(log.take() == ["next willDisappear", "next didDisappear"])
        session.window.makeKeyAndVisible()
        #expect(log.take() == ["next willAppear", "next didAppear"])
    }

    @Test func aWindowNeverShownSendsNothing() {
        let log = AppearanceLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.rootViewController = AppearanceLoggingController("root", log: log)
        window.isHidden = true
        window.rootViewController = nil
        #expect(log.take().isEmpty)
    }
}
}
