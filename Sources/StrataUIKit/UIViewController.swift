/// Manages a view and its subviews (UIKit's UIViewController): the view is made on first use by
/// `loadView()` (a plain view filling the screen), then `viewDidLoad()` runs. The controller is its view's
/// next responder, so touches its view does not handle reach the controller's `touchesBegan(_:with:)`,
/// which is where seed 003's demos handle them.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var viewStorage: UIView?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
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

    public var isViewLoaded: Bool { viewStorage != nil }
    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { viewStorage }

    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes `view`: a plain view the size of the screen unless overridden.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
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

    open func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
}
