import StrataUIKit

/// Shows one demo on the server as an app would: a window filling the screen with the demo's controller.
@MainActor
public enum ExampleLauncher {
    @discardableResult
    public static func show(_ entry: ExampleCatalog.Entry) throws -> UIWindow {
        try ExampleImages.install()
        try UIApplication.shared.connect()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = entry.make()
        window.makeKeyAndVisible()
        return window
    }
}
