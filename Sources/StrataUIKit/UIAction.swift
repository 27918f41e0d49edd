import Foundation

/// UIKit's closure-based action (iOS 14): what `UIControl.addAction(_:for:)` and `UIButton(primaryAction:)`
/// take. Menus are absent in Strata, so an action is not a `UIMenuElement` here; its title and image are what a
/// button made with it shows.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// UIKit's closure-based action (iOS 14): a title, an image, an identifier and a handler that runs on the main
/// actor when a control sends the action (`UIControl.addAction(_:for:)`, `UIButton(primaryAction:)`). Menus
/// are absent, so it is not a `UIMenuElement` as UIKit's is; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
@preconcurrency @MainActor
open class UIAction: NSObject {
    /// An action's name, by which `UIControl.removeAction(identifiedBy:for:)` finds it (a UUID string when none
    /// is given, as UIKit's).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Makes an identifier from its string (the same as `init(rawValue:)`).
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (empty by default). A button or segment made with the action takes it as its title
    /// then (a non-empty title only, for a button); a later change does not reach it.
    open var title: String
    /// The action's image (nil by default). A button or segment made with the action takes it as its image
    /// then; a later change does not reach it.
    open var image: UIImage?
    /// The action's identifier, a fresh UUID string unless one was given. A control holds at most one action with
    /// a given identifier: adding another with the same identifier replaces it (`UIControl.addAction(_:for:)`).
    public let identifier: Identifier
    /// A longer description of the action (nil by default); kept, but nothing in Strata shows it.
    open var discoverabilityTitle: String?
    /// The control that sent the action while its handler runs (nil otherwise), as UIKit's.
    open private(set) var sender: Any?
    private let handler: UIActionHandler

    /// Makes an action whose `handler` runs on the main actor, given the action, each time a control sends it;
    /// `sender` is the sending control while it runs. Without an `identifier` the action gets a fresh UUID string.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
        super.init()
    }

    /// Runs the handler with `sender` set for its duration.
    func perform(sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
