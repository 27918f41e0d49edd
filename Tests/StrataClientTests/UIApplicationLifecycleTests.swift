import Foundation
import Strata
import StrataUIKit
import Testing

/// UIApplication's lifecycle notifications as an app observes them: names, whether each was posted on the
/// main queue, and whether its object was the app.
@MainActor
final class LifecycleRecorder {
    private(set) var names: [String] = []
    private(set) var offMainOrWrongObject = 0
    private var tokens: [NSObjectProtocol] = []
    nonisolated private static let mainMark = DispatchSpecificKey<Bool>()

    init() {
        DispatchQueue.main.setSpecific(key: Self.mainMark, value: true)
        let watched: [(NSNotification.Name, String)] = [
            (UIApplication.didBecomeActiveNotification, "didBecomeActive"),
            (UIApplication.willResignActiveNotification, "willResignActive"),
            (UIApplication.didEnterBackgroundNotification, "didEnterBackground"),
            (UIApplication.willEnterForegroundNotification, "willEnterForeground"),
        ]
        let app = ObjectIdentifier(UIApplication.shared)
        for (name, label) in watched {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                let onMain = DispatchQueue.getSpecific(key: Self.mainMark) == true
                let fromApp = (note.object as AnyObject?).map(ObjectIdentifier.init) == app
                MainActor.assumeIsolated {
                    self?.names.append(label)
                    if !onMain || !fromApp { self?.offMainOrWrongObject += 1 }
                }
            })
        }
    }

    func stop() { for token in tokens { NotificationCenter.default.removeObserver(token) } }
    func clear() { names.removeAll() }
}

extension ClientProcessSuite {
/// The app's connection to the render server drives UIKit's lifecycle notifications (docs/uikit.md): active
/// when connected, background while the server is gone, foreground and active again once it is back.
@MainActor
@Suite struct UIApplicationLifecycleTests {
    /// Lets the main queue run (and commits) until `condition` holds, at most `timeout` s.
    func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while !condition(), Date() < end {
            CATransaction.flush()
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    @Test func connectingLosingAndRegainingTheServerPostsUIKitsNotificationsInOrder() async throws {
        let server = try RestartableServer(socketActivated: false)
        defer { server.stop() }
        // Earlier tests' connections have ended: the app is not active (inactive if none ever was).
        #expect(await run(until: { StrataConnection.currentConnection == nil && UIApplication.shared.applicationState != .active }))
        let stateBefore = UIApplication.shared.applicationState
        let recorder = LifecycleRecorder()
        defer { recorder.stop() }

        let connection = try UIApplication.shared.connect(socketPath: server.socketPath)
        #expect(await run(until: { recorder.names.last == "didBecomeActive" }))
        #expect(recorder.names == (stateBefore == .background ? ["willEnterForeground", "didBecomeActive"] : ["didBecomeActive"]))
        #expect(UIApplication.shared.applicationState == .active)

        // A window with a red square, to see the restored server show it again.
        let window = UIWindow(frame: UIScreen.main.bounds)
        let controller = UIViewController()
        let square = UIView(frame: CGRect(x: 40, y: 40, width: 40, height: 40))
        square.backgroundColor = UIColor.red
        controller.view.addSubview(square)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(await run(until: { (try? connection.snapshot().pixel(x: 60, y: 60)).map { $0 == (255, 0, 0, 255) } ?? false }))

        recorder.clear()
        server.kill()
        #expect(await run(until: { recorder.names.count == 2 }))
        #expect(recorder.names == ["willResignActive", "didEnterBackground"])
        #expect(UIApplication.shared.applicationState == .background)

        recorder.clear()
        try server.start()
        #expect(await run(until: { recorder.names.count == 2 }))
        #expect(recorder.names == ["willEnterForeground", "didBecomeActive"])
        #expect(UIApplication.shared.applicationState == .active)
        #expect(await run(until: { (try? connection.snapshot().pixel(x: 60, y: 60)).map { $0 == (255, 0, 0, 255) } ?? false }))

        // Closed by the app: background; a new connection: foreground and active again.
        recorder.clear()
        connection.close()
        #expect(await run(until: { recorder.names.count == 2 }))
        #expect(recorder.names == ["willResignActive", "didEnterBackground"])
        recorder.clear()
        let again = try UIApplication.shared.connect(socketPath: server.socketPath)
        defer { again.close() }
        #expect(await run(until: { recorder.names.count == 2 }))
        #expect(recorder.names == ["willEnterForeground", "didBecomeActive"])
        #expect(UIApplication.shared.applicationState == .active)
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(recorder.names.count == 2, "nothing more: \(recorder.names)")
        #expect(recorder.offMainOrWrongObject == 0)
        window.isHidden = true
    }
}
}
