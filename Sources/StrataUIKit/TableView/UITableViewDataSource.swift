import Foundation

/// Where a table view gets its rows (UIKit's UITableViewDataSource). Apple's optional methods have default
/// implementations here: one section, no titles, no editing.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in `section`, asked once per section at each reload and update (a negative count is
    /// logged and taken as 0).
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, asked when the row comes on screen; typically one from
    /// `dequeueReusableCell(withIdentifier:for:)`, configured.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections, asked first at each reload and update (a negative count is logged and taken as 0).
    func numberOfSections(in tableView: UITableView) -> Int
    /// The title of the header of `section`, or nil for none: shown in a `UITableViewHeaderFooterView` (upper-cased
    /// in grouped styles) when the delegate gives no header view, and giving the header its automatic height.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The title of the footer of `section`, or nil for none: shown in a `UITableViewHeaderFooterView` when the
    /// delegate gives no footer view, and giving the footer its automatic height.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row at `indexPath` may be edited. Unlike UIKit, never asked: Strata's table views have no
    /// editing. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether the row at `indexPath` may be reordered. Unlike UIKit, never asked: Strata's table views have no
    /// reordering. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
}

extension UITableViewDataSource {
    /// One section, UIKit's default.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No header title, UIKit's default.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title, UIKit's default.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// True, UIKit's default (never asked: no editing in Strata).
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// False (never asked: no reordering in Strata).
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
}
