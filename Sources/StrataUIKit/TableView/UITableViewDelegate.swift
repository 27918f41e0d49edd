import Foundation

/// What a table view asks and tells about its rows (UIKit's UITableViewDelegate), with the scroll view's
/// calls inherited. Apple's optional methods have default implementations here that give the table's own
/// values (`rowHeight`, `sectionHeaderHeight`, …), so a delegate answers only what it changes.
///
/// Set it as `tableView.delegate` (the scroll view's property, typed `UIScrollViewDelegate?`: see
/// docs/uikit.md, *Table views*).
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// The height of the row at `indexPath` in points, asked for every row at each reload and update.
    /// `UITableView.automaticDimension` sizes the row from its cell's `sizeThatFits` once shown (the estimate until
    /// then); a negative or non-finite height is logged and taken as 0.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height to assume for an automatic-height row until its cell is measured, asked only for rows whose height
    /// is `UITableView.automaticDimension`; a value that is not positive and finite gives 44.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of the header of `section` in points. `UITableView.automaticDimension` gives 28 with a title
    /// (38 in grouped styles), else 0 (18 in grouped styles); a negative or non-finite height gives 0.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of the footer of `section` in points. `UITableView.automaticDimension` gives 28 with a title
    /// (38 in grouped styles), else 0 (18 in grouped styles); a negative or non-finite height gives 0.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// The view to show as the header of `section`, asked when it comes on screen; nil shows the data source's
    /// title, if any, in a `UITableViewHeaderFooterView`. The view is sized to the header's height.
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// The view to show as the footer of `section`, asked when it comes on screen; nil shows the data source's
    /// title, if any, in a `UITableViewHeaderFooterView`. The view is sized to the footer's height.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// Told when a row comes on screen, after `cellForRowAt` gave its cell and before it shows.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Told when a row's cell leaves the screen: scrolled off (before the cell goes to the reuse queue), or its
    /// row gone in an update.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Told when the header of `section` comes on screen, with the view that shows it.
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// Told when the footer of `section` comes on screen, with the view that shows it.
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    /// Whether a touch going down on the row at `indexPath` highlights it; false leaves the row unhighlighted and
    /// unselected by that touch.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// Told when a touch down has highlighted the row at `indexPath` (at once: Strata has no `delaysContentTouches`).
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// Told when the row at `indexPath` loses its highlight: the touch lifts over it (after `willSelectRowAt`), lifts
    /// away from it, or is cancelled by a scroll.
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// Asked when a touch lifts over the row it highlighted, before selecting it: return the path to select, another
    /// path to select that row instead, or nil to select nothing. Not asked for selection in code.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// Asked before a tap deselects the row at `indexPath` (the previous row under single selection, or a tapped
    /// selected row under multiple selection): return the path to deselect, another one, or nil to keep it.
    /// Not asked for deselection in code.
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// Told after a tap selected the row at `indexPath`. Not told for selection in code.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// Told after a tap deselected the row at `indexPath`. Not told for deselection in code.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// The table view's `rowHeight` (44 by default).
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The table view's `estimatedRowHeight` (`automaticDimension` by default, which counts as 44).
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// The table view's `sectionHeaderHeight` (`automaticDimension` by default).
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table view's `sectionFooterHeight` (`automaticDimension` by default).
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// Nil: the header shows the data source's title, if any.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Nil: the footer shows the data source's title, if any.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// True: every row highlights.
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// `indexPath`: the tapped row is selected.
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// `indexPath`: the row is deselected.
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
