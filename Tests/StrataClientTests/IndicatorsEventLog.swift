import Foundation
import StrataUIKit

/// The events a control sends, by short name in the order sent; the value events carry `value()` as the
/// control reads when each is sent.
@MainActor
final class IndicatorsEventLog {
    private(set) var events: [String] = []

    init(_ control: UIControl, value: @escaping @MainActor () -> Int) {
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
            (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upInside"),
            (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
        ]
        for (event, name) in names {
            let carriesValue = event == .valueChanged || event == .primaryActionTriggered
            control.addAction(UIAction { [weak self] _ in
                self?.events.append(carriesValue ? "\(name) \(value())" : name)
            }, for: event)
        }
    }

    /// Forgets what was logged.
    func clear() { events = [] }
}

/// Whether two RGBA pixels are within `tolerance` per channel (translucent system colours blend over white).
func indicatorsClose(_ a: [UInt8], _ b: [Int], _ tolerance: Int = 2) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - $1) <= tolerance }
}
