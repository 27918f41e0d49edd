import Foundation

/// UIKit's closure-based action (iOS 14): what `UIControl.addAction(_:for:)` and `UIButton(primaryAction:)`
/// take. Menus are absent in Strata, so an action is not a `UIMenuElement` here; its title and image are what a
/// button made with it shows.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

@preconcurrency @MainActor
open class UIAction: NSObject {
    /// An action's name, by which `UIControl.removeAction(identifiedBy:for:)` finds it (a UUID string when none
    /// is given, as UIKit's).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open var title: String
    open var image: UIImage?
    public let identifier: Identifier
    open var discoverabilityTitle: String?
    /// The control that sent the action while its handler runs (nil otherwise), as UIKit's.
    open private(set) var sender: Any?
    private let handler: UIActionHandler

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
