import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// `UIView.mask`: the mask view's layer masks the view on the server, by its alpha.
@MainActor
@Suite struct MaskViewTests {
    @Test func theMaskViewsAlphaMasksTheViewAndItsSubviews() async throws {
        let masked = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 60))
        masked.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let sub = UIView(frame: CGRect(x: 0, y: 40, width: 100, height: 20))
        sub.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        masked.addSubview(sub)
        // Opaque over x 0…40, half transparent over x 40…70, nothing beyond (the masked view's coordinates).
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 70, height: 60))
        let half = UIView(frame: CGRect(x: 40, y: 0, width: 30, height: 60))
        let opaque = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 60))
        opaque.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        half.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        mask.addSubview(opaque)
        mask.addSubview(half)
        masked.mask = mask
        #expect(masked.mask === mask && masked.layer.mask === mask.layer)
        let session = try ExampleSession(controller: UIViewController(), size: "160x120", virtualClock: true) { c in
            c.view.addSubview(masked)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        #expect(try session.pixel(40, 40) == [255, 0, 0, 255])
        #expect(try session.pixel(40, 70) == [0, 0, 255, 255], "the subview is masked too")
        let halfRed = try session.pixel(75, 40)
        #expect(close(halfRed, [128, 0, 0, 255], 1), "\(halfRed)")
        #expect(try session.pixel(100, 40) == [0, 0, 0, 255])
        #expect(try session.pixel(100, 70) == [0, 0, 0, 255])

        masked.mask = nil
        #expect(masked.layer.mask == nil)
        try await session.advance(frames: 1)
        #expect(try session.pixel(100, 40) == [255, 0, 0, 255])
    }

    @Test func aViewInAHierarchyCannotBeAMask() throws {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        let masked = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        masked.mask = child
        #expect(masked.mask == nil && masked.layer.mask == nil && child.superview === parent)
        let free = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        masked.mask = free
        // A view masks one view at a time: given to another, it leaves the first.
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        other.mask = free
        #expect(other.mask === free && masked.mask == nil && masked.layer.mask == nil)
    }
}
}
