/// The root of a screen's views (UIKit's UIWindow): shown by `makeKeyAndVisible()`, it receives every
/// touch and key the server routes to the app on it, hit-tests its views and delivers the touches to them
/// and to their gesture recognizers (WindowEvents.swift).
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The screen (render-server output) the window shows on: `UIScreen.main` by default. It is read when the
    /// window is shown or restacked, so a change does not move a window already visible until then.
    open var screen: UIScreen = .main
    /// Whether this is the app's key window (`UIApplication.keyWindow`): set by `makeKey()` and
    /// `makeKeyAndVisible()`, cleared when another of the app's windows becomes key. Keys go to the first
    /// responder whichever window is key.
    open private(set) var isKeyWindow = false
    /// Windows with higher levels show above lower ones, and take touches first where they overlap
    /// (UIWindow+Level.swift). Changing it restacks a visible window.
    open var windowLevel = Level.normal {
        didSet {
            guard oldValue != windowLevel, let connection = UIApplication.shared.connection,
                  UIApplication.shared.windows.contains(where: { $0 === self }) else { return }
            // Off the screen in one commit, back at its new place in the next (see `stack`).
            connection.detach(layer)
            CATransaction.flush()
            UIApplication.shared.stack(self, on: connection)
        }
    }
    lazy var events = WindowEvents(window: self)
    /// The connection the window was last shown through (UIWindow+Level.swift).
    weak var shownOn: StrataConnection?

    /// A hidden window leaves its screen, as in UIKit (`makeKeyAndVisible()` shows it again).
    open override var isHidden: Bool {
        didSet {
            guard isHidden, !oldValue else { return }
            // Its controllers disappear with it (only if it was on screen: a window never shown sends nothing).
            let disappearing = Self.isOnScreen(self) ? appearanceControllers() : []
            for controller in disappearing { controller.beginAppearance(false, animated: false) }
            UIApplication.shared.hide(self)
            for controller in disappearing { controller.endAppearance(animated: false) }
        }
    }

    /// The controller whose view fills the window.
    public var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.view?.removeFromSuperview()
            guard let controller = rootViewController, let view = controller.view else { return }
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
    }

    /// Makes a window with the given frame, on `UIScreen.main` at level `.normal`; it shows on its screen only
    /// after `makeKeyAndVisible()`. Its layer takes input, and a touch that begins in it stays the window's
    /// wherever it moves.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.isInteractive = true
        // A touch that begins in the window stays the window's wherever it moves (UIKit's rule).
        layer.capturesInput = true
        layer.inputHandler = { [weak self] event in
            onMain { self?.events.handle(event) }
        }
    }

    /// A window filling the main screen.
    public convenience init() { self.init(frame: UIScreen.main.bounds) }

    public required init?(coder: NSCoder) { return nil }

    open override var window: UIWindow? { self }

    /// Shows the window on its screen (connecting to the server if the app has not) and makes it the key
    /// window; its root view controller's view appears.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
        // Every controller whose view is in the window appears with it, parents first.
        let appearing = appearanceControllers()
        for controller in appearing { controller.beginAppearance(true, animated: false) }
        guard UIApplication.shared.show(self) else { return }
        for controller in appearing { controller.endAppearance(animated: false) }
    }

    /// Makes this the key window, and no other of the app's windows; it does not show the window (see
    /// `makeKeyAndVisible()`).
    open func makeKey() {
        for other in UIApplication.shared.windows where other !== self { other.isKeyWindow = false }
        isKeyWindow = true
    }

    /// UIKit's event entry point: touches are delivered to their views and recognizers.
    open func sendEvent(_ event: UIEvent) { events.deliver(event) }
}
