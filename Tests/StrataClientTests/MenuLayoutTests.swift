import Foundation
import StrataExamples
@testable import StrataUIKit
import Testing

/// Issue 54, acceptance 2: the café menu (`strata-examples menu`, built with anchors, stack views and a
/// diffable table of self-sizing rows) laid out at 800×480, 1280×800, in portrait and right to left. Every
/// view's frame, in the screen's coordinates, is checked exactly against Golden/menu/NAME.json (regenerate with
/// STRATA_UPDATE_GOLDEN=1 after checking a change by hand).
@MainActor
@Suite struct MenuLayoutTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/menu")

    /// The menu laid out at `size`: each labelled view's frame in the root's coordinates, in tree order.
    static func frames(_ size: CGSize, rightToLeft: Bool = false) throws -> [String] {
        var reports: [String] = []
        LayoutEngine.reportHandler = { reports.append($0) }
        defer { LayoutEngine.reportHandler = nil }
        let controller = MenuController()
        let root = try #require(controller.view)
        root.frame = CGRect(origin: .zero, size: size)
        if rightToLeft { root.semanticContentAttribute = .forceRightToLeft }
        root.layoutIfNeeded()
        controller.tableView.layoutIfNeeded()
        #expect(reports.isEmpty, "\(reports.first ?? "")")
        var lines: [String] = []
        func walk(_ view: UIView, _ path: String) {
            let f = view.convert(view.bounds, to: root)
            let name: String
            if let label = view as? UILabel { name = "label \"\(label.text ?? "")\"" }
            else if let button = view as? UIButton { name = "button \"\(button.title(for: .normal) ?? "")\"" }
            else { name = String(describing: type(of: view)) }
            if !view.isHidden { lines.append("\(path)\(name) \(f.minX) \(f.minY) \(f.width) \(f.height)") }
            // Cells in row order (the table keeps them in no particular subview order).
            let children = (view as? UITableView).map { table in
                table.subviews.filter { !($0 is UITableViewCell) }
                    + (table.indexPathsForVisibleRows ?? []).compactMap { table.cellForRow(at: $0) }
            } ?? view.subviews
            for child in children where !(child is UIImageView) { walk(child, path + "  ") }
        }
        walk(root, "")
        return lines
    }

    nonisolated static let cases: [(name: String, size: CGSize, rightToLeft: Bool)] = [
        ("800x480", CGSize(width: 800, height: 480), false),
        ("1280x800", CGSize(width: 1280, height: 800), false),
        ("480x800-portrait", CGSize(width: 480, height: 800), false),
        ("1280x800-rtl", CGSize(width: 1280, height: 800), true),
    ]

    @Test(arguments: cases.map(\.name))
    func layoutMatchesTheGoldenFrames(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        let lines = try Self.frames(c.size, rightToLeft: c.rightToLeft)
        let url = Self.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == golden, "first difference: \(zip(lines, golden).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" } ?? "in the line count, \(lines.count) ≠ \(golden.count)")")
    }

    /// Right to left mirrors the left-to-right layout: each leading view's frame is the mirror image of its
    /// frame at the same size left to right (labels keep their widths).
    @Test func rightToLeftMirrorsTheHeaderAndTheOrderButton() throws {
        let ltr = try Self.frames(CGSize(width: 1280, height: 800))
        let rtl = try Self.frames(CGSize(width: 1280, height: 800), rightToLeft: true)
        func frame(_ lines: [String], _ label: String) -> [Double]? {
            lines.first { $0.contains(label) }.map { $0.split(separator: " ").suffix(4).compactMap { Double($0) } }
        }
        for label in ["label \"Café Strata\"", "button \"Order\"", "label \"Espresso\"", "label \"2.40\""] {
            let a = try #require(frame(ltr, label)), b = try #require(frame(rtl, label))
            #expect(b[0] == 1280 - a[0] - a[2] && b[1] == a[1] && b[2] == a[2] && b[3] == a[3], "\(label): \(a) → \(b)")
        }
    }
}
