import Foundation
import Strata
import StrataUIKit // not @testable: these overrides compile only because the members are `open`, as UIKit's
import Testing

/// Members UIKit declares `open` that iOS code overrides: a recognizer fixing its touch counts, a window
/// pinned to a screen, a responder that reports focus its own way.
@MainActor
final class TwoFingerSwipe: UISwipeGestureRecognizer {
    override var numberOfTouchesRequired: Int { get { 2 } set {} }
    override var direction: UISwipeGestureRecognizer.Direction { get { .left } set {} }
}

@MainActor
final class DoubleTap: UITapGestureRecognizer {
    override var numberOfTapsRequired: Int { get { 2 } set {} }
    override var numberOfTouchesRequired: Int { get { 1 } set {} }
}

@MainActor
final class TwoFingerLongPress: UILongPressGestureRecognizer {
    override var numberOfTouchesRequired: Int { get { 2 } set {} }
}

@MainActor
final class AlwaysKeyWindow: UIWindow {
    override var isKeyWindow: Bool { true }
    override var screen: UIScreen { get { .main } set {} }
}

@MainActor
final class FocusedResponder: UIResponder {
    override var isFirstResponder: Bool { true }
}

@MainActor
@Suite struct ResponderOverrideTests {
    @Test func overridesOfUIKitsOpenMembersAreWhatTheObjectsReport() {
        let swipe = TwoFingerSwipe(target: nil, action: nil)
        swipe.numberOfTouchesRequired = 1
        #expect(swipe.numberOfTouchesRequired == 2 && swipe.direction == .left)
        let tap = DoubleTap(target: nil, action: nil)
        #expect(tap.numberOfTapsRequired == 2 && tap.numberOfTouchesRequired == 1)
        #expect(TwoFingerLongPress(target: nil, action: nil).numberOfTouchesRequired == 2)
        #expect(AlwaysKeyWindow(frame: .zero).isKeyWindow)
        #expect(FocusedResponder().isFirstResponder)
    }
}
