import StrataUIKit

/// Seed 003's demos by name, each a view controller written as its author wrote it (renamed to Swift and
/// StrataUIKit only where Linux forces it). `strata-examples NAME` shows one; the tests drive them.
@MainActor
public enum ExampleCatalog {
    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        public let make: @MainActor @Sendable () -> UIViewController
    }

    /// Every demo: the docs' first app, the settings screen, the café menu, then seed 003's in number order.
    public static var all: [Entry] {
        [first, settings, menu] + (views + layers).sorted { Int($0.name.dropFirst()) ?? 0 < Int($1.name.dropFirst()) ?? 0 }
    }

    /// docs/uikit.md's first app.
    static let first = Entry(name: "first", summary: "docs/uikit.md's first app: a box springs to each tap") { Main() }

    /// A kiosk settings screen of controls in a scroll view (issue 52).
    static let settings = Entry(name: "settings", summary: "a kiosk settings screen: switches, sliders, segments and buttons in a scroll view") {
        SettingsController()
    }

    /// A café menu laid out by Auto Layout, stack views and a diffable table view (issue 54).
    static let menu = Entry(name: "menu", summary: "a café menu: Auto Layout, stack views and a diffable table view") {
        MenuController()
    }

    public static func entry(named name: String) -> Entry? { all.first { $0.name == name } }

    /// The demos written with views (Seed003/Views*).
    static let views: [Entry] = [
        Entry(name: "d1", summary: "tap to grow a circle (implicit layer animation)") { D1TapToGrowController() },
        Entry(name: "d8", summary: "an image grows after a 2 s delay (animate with delay)") { D8DelayedGrowController() },
        Entry(name: "d17", summary: "swipe through images with a cube CATransition") { D17CubeBrowserController() },
        Entry(name: "d19", summary: "a petal moves to a tap (beginAnimations/commitAnimations)") { D19PetalController() },
        Entry(name: "d20", summary: "a ball springs to a tap (damping 0.1)") { D20SpringBallController() },
        Entry(name: "d21", summary: "a petal falls through keyframes (animateKeyframes)") { D21KeyframePetalController() },
        Entry(name: "d22", summary: "swipe through images with a flip (transition(with:))") { D22FlipBrowserController() },
        Entry(name: "d23", summary: "two views swapped by transition(from:to:), tap to swap") { D23SwapViewsController() },
    ]
}
