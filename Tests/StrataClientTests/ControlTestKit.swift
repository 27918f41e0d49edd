import Foundation
import Strata
import StrataUIKit
import Testing

/// What the button, switch and slider tests share: a log of the control events a control sends, and the
/// server's pixels in a rectangle.
@MainActor
final class ControlEventLog {
    static let names: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
    ]
    var entries: [String] = []

    /// Logs every event of `names` that `control` sends, by name, with `detail`'s text after it when given.
    init(_ control: UIControl, detail: (@MainActor (UIControl.Event) -> String?)? = nil) {
        for (event, name) in Self.names {
            control.addAction(UIAction { [weak self] _ in
                self?.entries.append(detail?(event).map { "\(name) \($0)" } ?? name)
            }, for: event)
        }
    }
}

extension ExampleSession {
    /// The pixel in `rect` (screen pixels) with the least light (R+G+B): where text or a shape is most inked.
    func mostInked(in rect: CGRect) throws -> [UInt8] {
        let shot = try server.snapshot()
        var best: [UInt8] = [255, 255, 255, 255]
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let i = (y * shot.width + x) * 4
                let p = Array(shot.pixels[i..<(i + 4)])
                if Int(p[0]) + Int(p[1]) + Int(p[2]) < Int(best[0]) + Int(best[1]) + Int(best[2]) { best = p }
            }
        }
        return best
    }

    /// Runs until `probe` gives a colour within `tolerance` of `expected` (the last colour seen is returned).
    func eventually(_ expected: [UInt8], tolerance: Int = 0, _ probe: () throws -> [UInt8]) async -> [UInt8] {
        var seen: [UInt8] = []
        _ = await run(until: {
            seen = (try? probe()) ?? []
            return seen.count == expected.count && zip(seen, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        })
        return seen
    }
}

/// A colour's 8-bit RGBA as the server shows it over white (`alpha` blended).
func overWhite(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double = 1) -> [UInt8] {
    [r, g, b].map { UInt8((255 - (255 - $0) * alpha).rounded()) } + [255]
}
