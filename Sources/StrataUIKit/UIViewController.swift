/// Manages a view and its subviews (UIKit's UIViewController): the view is made on first use by
/// `loadView()` (a plain view filling the screen), then `viewDidLoad()` runs. The controller is its view's
/// next responder, so touches its view does not handle reach the controller's `touchesBegan(_:with:)`,
/// which is where seed 003's demos handle them.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var viewStorage: UIView?
    /// Where the controller is in its appearance cycle (UIViewController+Appearance.swift).
    var appearance: Appearance = .disappeared
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
    /// Called before the controller's view appears: before it enters a window on screen (added as a subview, or as
    /// the window's `rootViewController`), or before its window is shown (`makeKeyAndVisible()`, with `animated`
    /// false). A parent's call comes before its children's. The default does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called once the controller's view has appeared: after it entered a window on screen, or after its window was
    /// shown (not when no render server could be reached: the view then stays appearing, and a later
    /// `makeKeyAndVisible()` completes it). The default does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the controller's view disappears: before it leaves a window on screen (removed from its
    /// superview, or replaced as the window's `rootViewController`), or before its window is hidden. The default
    /// does nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called once the controller's view has left the screen. The default does nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Whether UIKit sends this controller's children their appearance callbacks as its view appears and
    /// disappears (true, the default). A container that returns false calls `beginAppearanceTransition(_:animated:)`
    /// and `endAppearanceTransition()` on its children itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    /// Tells the controller its view is about to appear (`isAppearing` true) or disappear: sends
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)`, unless it is already in or towards that state. For
    /// containers that forward appearance themselves.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) { beginAppearance(isAppearing, animated: animated) }
    /// Ends the transition `beginAppearanceTransition(_:animated:)` started: `viewDidAppear(_:)` or
    /// `viewDidDisappear(_:)`.
    open func endAppearanceTransition() { endAppearance(animated: false) }
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

    /// Removes the controller from its parent's `children`, then calls its `didMove(toParent: nil)`, as UIKit does;
    /// nothing happens without a parent. Its view stays where it is: the container removes it (before, after
    /// calling `willMove(toParent: nil)`).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called by `addChild(_:)` with the new parent before the move; a container calls it with nil before
    /// `removeFromParent()`. The default does nothing.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called by the container after adding a child's view, and by `removeFromParent()` with nil. The default does
    /// nothing.
    open func didMove(toParent parent: UIViewController?) {}
}
