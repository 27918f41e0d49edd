/// The root of a screen's views (UIKit's UIWindow): shown by `makeKeyAndVisible()`, it receives every
/// touch and key the server routes to the app on it, hit-tests its views and delivers the touches to them
/// and to their gesture recognizers (WindowEvents.swift).
@preconcurrency @MainActor
open class UIWindow: UIView {
    public var screen: UIScreen = .main
    public private(set) var isKeyWindow = false
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
        didSet { if isHidden, !oldValue { UIApplication.shared.hide(self) } }
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
        let appearing = rootViewController
        appearing?.viewWillAppear(false)
        guard UIApplication.shared.show(self) else { return }
        appearing?.viewDidAppear(false)
    }

    open func makeKey() {
        for other in UIApplication.shared.windows where other !== self { other.isKeyWindow = false }
        isKeyWindow = true
    }

    /// UIKit's event entry point: touches are delivered to their views and recognizers.
    open func sendEvent(_ event: UIEvent) { events.deliver(event) }
}
