import Foundation
import Strata
import StrataCore
import StrataUIKit
import Testing

/// Rows of one section, recording selection calls.
@MainActor
final class SelectionRecorder: NSObject, UITableViewDataSource, UITableViewDelegate {
    var rows: [Int]
    var selections: [String] = []
    init(rows: [Int]) { self.rows = rows }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selections.append("select \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { selections.append("deselect \(indexPath.row)") }
}

/// A controller showing a plain table of 44-point rows filling its view.
@MainActor
final class SampledTableController: UIViewController {
    let recorder = SelectionRecorder(rows: [4])
    let table = UITableView(frame: .zero, style: .plain)
    override func viewDidLoad() {
        table.frame = view.bounds
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        table.dataSource = recorder
        table.delegate = recorder
        view.addSubview(table)
    }
}

extension ClientProcessSuite {
/// Issue 54, acceptance 3: a table's insert and delete animations, on a real server, sampled at exact times
/// through `presentation(at:)` (the evaluators the server draws with): 0.3 s, ease-in-ease-out.
@MainActor
@Suite struct TableViewAnimationSamplingTests {
    static func eased(_ t: Double) -> Double { TimingFunction.easeInEaseOut.progress(at: t / UITableView.rowAnimationDuration) }

    /// The model and presented values of `cell` at `t` seconds into its `key` animation.
    static func sample(_ cell: UITableViewCell, _ key: String, at t: Double) throws -> CALayer {
        let anim = try #require(cell.layer.animation(forKey: key))
        return try #require(cell.layer.presentation(at: anim.beginTime + t))
    }

    @Test func insertAndDeleteAnimationsAreSampledAtExactTimes() async throws {
        let controller = SampledTableController()
        let session = try ExampleSession(controller: controller, size: "320x480")
        defer { session.close() }
        let table = controller.table
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))

        // A row inserted at the top: it fades in, the rows below slide down by a row.
        controller.recorder.rows = [5]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        CATransaction.flush()
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === first)
        for t in [0.0, 0.075, 0.15, 0.225, 0.3] {
            let y = try Self.sample(first, "position", at: t).position.y
            #expect(abs(y - (22 + 44 * Self.eased(t))) < 1e-9, "t \(t): y \(y)")
            let alpha = try Self.sample(inserted, "opacity", at: t).opacity
            #expect(abs(Double(alpha) - Self.eased(t)) < 1e-6, "t \(t): alpha \(alpha)")
        }

        // The inserted row deleted again: it fades out, the rows below slide back up.
        controller.recorder.rows = [4]
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        CATransaction.flush()
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === first)
        for t in [0.0, 0.1, 0.2, 0.3] {
            let y = try Self.sample(first, "position", at: t).position.y
            #expect(abs(y - (66 - 44 * Self.eased(t))) < 1e-9, "t \(t): y \(y)")
            let alpha = try Self.sample(inserted, "opacity", at: t).opacity
            #expect(abs(Double(alpha) - (1 - Self.eased(t))) < 1e-6, "t \(t): alpha \(alpha)")
        }
        // The deleted row's cell leaves when its animation ends, for reuse.
        #expect(await session.run(until: { inserted.superview == nil }))
    }

    /// Taps from `strata input` select rows through the server's input routing, calling the delegate in
    /// UIKit's order; a tap on another row deselects the first (single selection).
    @Test func tapsSelectRowsAndTellTheDelegate() async throws {
        let controller = SampledTableController()
        let session = try ExampleSession(controller: controller, size: "320x480")
        defer { session.close() }
        let table = controller.table
        try session.input("tap", "160", "66") // row 1 (y 44…88)
        #expect(await session.run(until: { table.indexPathForSelectedRow == IndexPath(row: 1, section: 0) }))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        try session.input("tap", "160", "150") // row 3 (y 132…176)
        #expect(await session.run(until: { table.indexPathForSelectedRow == IndexPath(row: 3, section: 0) }))
        #expect(controller.recorder.selections == ["select 1", "deselect 1", "select 3"])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == false)
    }
}
}
