/// Manages a view and its subviews (UIKit's UIViewController): the view is made on first use by
/// `loadView()` (a plain view filling the screen), then `viewDidLoad()` runs. The controller is its view's
/// next responder, so touches its view does not handle reach the controller's `touchesBegan(_:with:)`,
/// which is where seed 003's demos handle them.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var viewStorage: UIView?
    /// The child controllers added with `addChild(_:)`, in the order added.
    public private(set) var children: [UIViewController] = []
    /// The controller this one is a child of (`addChild(_:)`), held weakly; nil for none.
    public private(set) weak var parent: UIViewController?
    /// A title for the controller (default nil); Strata only stores it: no navigation or tab bar shows it.
    open var title: String?

    /// UIKit's designated initialiser. Strata loads no nibs, so both are ignored: the view comes from
    /// `loadView()`.
    public init(nibName: String?, bundle: Bundle?) { super.init() }
    /// Archiving is not supported (nil), as for views.
    public required init?(coder: NSCoder) { return nil }
    /// A convenience, as in UIKit, so a subclass's `init() { super.init(nibName: nil, bundle: nil) }`
    /// compiles as written.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return viewStorage
        }
        set {
            viewStorage?.owningController = nil
            viewStorage = newValue
            newValue?.owningController = self
        }
    }

    /// Whether the view has been made or set; reading `view` loads it, this does not.
    public var isViewLoaded: Bool { viewStorage != nil }
    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { viewStorage }

    /// Loads the view if it is not loaded: calls `loadView()` (if that leaves no view, a plain view the size of
    /// the main screen is made), then `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes `view`: a plain view the size of the screen unless overridden.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    /// Called once, right after the view is loaded; the default does nothing.
    open func viewDidLoad() {}
    /// Called with `animated` false by `UIWindow.makeKeyAndVisible()` on the window's `rootViewController`, before
    /// the window is shown; Strata calls it on no other controller (not on children). The default does nothing.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called with `animated` false by `UIWindow.makeKeyAndVisible()` on the window's `rootViewController` once
    /// the window is on its screen (not when no render server could be reached); Strata calls it on no other
    /// controller. The default does nothing. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func viewDidAppear(_ animated: Bool) {}
    /// Overridable, as UIKit's, but Strata never calls it: hiding a window or replacing its root controller sends
    /// no disappearance callbacks. The default does nothing.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Overridable, as UIKit's, but Strata never calls it: hiding a window or replacing its root controller sends
    /// no disappearance callbacks. The default does nothing.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called in each layout pass of the controller's view, after its constraint-update pass and before its
    /// `layoutSubviews()`; the default does nothing.
    open func viewWillLayoutSubviews() {}
    /// Called in each layout pass of the controller's view, right after its `layoutSubviews()`; the default does
    /// nothing.
    open func viewDidLayoutSubviews() {}
    /// The constraint-update pass asks the controller instead of its view; the default updates the view's
    /// own (overrides call super at the end, as UIKit requires).
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }

    /// Insets added to the safe area of the controller's view (and so of its subviews), beyond what the
    /// screen's bezel covers: room for the app's own bars. Zero by default.
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if additionalSafeAreaInsets != oldValue { viewIfLoaded?.refreshSafeArea() } }
    }
    /// Called when the safe-area insets of the controller's view change; the default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    open override var next: UIResponder? { viewStorage?.superview }

    // MARK: what the system asks a controller (its types: UIViewController+System.swift)

    /// Linux sends no memory warnings, so this is never called; the default does nothing, as UIKit's.
    open func didReceiveMemoryWarning() {}
    /// A kiosk has no status bar: never asked (false, UIKit's default).
    open var prefersStatusBarHidden: Bool { false }
    /// A kiosk has no status bar: never asked (`.default`, UIKit's default).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Strata's screens do not rotate with the device: never asked. `.all`, UIKit's default for the iPad
    /// idiom (a kiosk's single full screen).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }

    // MARK: containment

    /// Makes `child` a child of this controller: it leaves its old parent (if any), is sent
    /// `willMove(toParent:)` with this controller, and is appended to `children`. Adding a child already here
    /// does nothing. Its view is not added: the container adds it, then calls `didMove(toParent:)`, as in UIKit.
    open func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent's `children`; nothing happens without a parent. Its view stays
    /// where it is, and `didMove(toParent: nil)` is not called, where UIKit's calls it.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Called by `addChild(_:)` with the new parent before the move; a container calls it with nil before
    /// `removeFromParent()`. The default does nothing.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called by the container after adding a child's view (Strata itself never calls it, neither from
    /// `addChild(_:)` nor from `removeFromParent()`). The default does nothing.
    open func didMove(toParent parent: UIViewController?) {}
}
