import Foundation

/// What a collection view asks and tells about its items (UIKit's UICollectionViewDelegate), with the
/// scroll view's calls inherited. Set it as `collectionView.delegate` (typed `UIScrollViewDelegate?`, as the
/// table view's: docs/uikit.md). Apple's optional methods have default implementations here.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Asked when a touch goes down on an item (selection allowed, not decelerating); false leaves it
    /// unhighlighted, and that touch selects nothing.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// Told after a touch down has highlighted an item's cell.
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// Told when the highlighted item's cell is unhighlighted: the touch lifted (before any selection), lifted
    /// elsewhere, or was cancelled by a scroll.
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Asked when a touch lifts over the item it highlighted; false selects nothing. Not asked for
    /// `selectItem(at:animated:scrollPosition:)`.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Asked before a tap deselects an item (the item selected before, with single selection; a tapped selected
    /// item, with multiple selection); false keeps it selected. Not asked for `deselectItem(at:animated:)`.
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// Told after a tap has selected an item (not for selection in code).
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// Told after a tap has deselected an item (not for deselection in code).
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Told when a cell comes on screen for an item, once it has its layout attributes and selection state
    /// and is a subview of the collection view.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// Told when an item's cell leaves the screen (scrolled out of the visible rect, deleted or reloaded), before
    /// it goes to the reuse queue.
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// Told when a supplementary view from the data source comes on screen, once placed and added as a subview.
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    /// Told when a supplementary view leaves the screen, before it goes to the reuse queue of its kind.
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    /// Default: true, every item highlights.
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Default: true, every tapped item is selected.
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: true, every item may be deselected.
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Default: does nothing.
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
}

/// A flow layout's questions to the delegate (UIKit's UICollectionViewDelegateFlowLayout); the defaults
/// give the flow layout's own properties.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// The size of an item, asked for every item when a flow layout prepares; a negative or non-finite size is
    /// logged and taken as zero.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    /// The insets around a section's items (not its header or footer), asked once per section when a flow layout
    /// prepares.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    /// The smallest spacing between the lines of a section (rows when scrolling vertically), asked once per
    /// section when a flow layout prepares.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// The smallest spacing between items in one line of a section, asked once per section when a flow layout
    /// prepares; lines other than the last spread their items wider to fill the line.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    /// The size of a section's header: its height when scrolling vertically (it spans the content's
    /// width), its width when scrolling horizontally; zero there means no header.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    /// The size of a section's footer: its height when scrolling vertically (it spans the content's
    /// width), its width when scrolling horizontally; zero there means no footer.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flow(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout? { layout as? UICollectionViewFlowLayout }

    /// Default: the flow layout's non-zero `estimatedItemSize` if it has one (not `automaticSize`), else its
    /// `itemSize`; zero for a layout that is not a flow layout.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        guard let flow = flow(collectionViewLayout) else { return .zero }
        let estimate = flow.estimatedItemSize
        return estimate == .zero || estimate == UICollectionViewFlowLayout.automaticSize ? flow.itemSize : estimate
    }
    /// Default: the flow layout's `sectionInset` (zero for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        flow(collectionViewLayout)?.sectionInset ?? .zero
    }
    /// Default: the flow layout's `minimumLineSpacing` (10 for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumLineSpacing ?? 10
    }
    /// Default: the flow layout's `minimumInteritemSpacing` (10 for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumInteritemSpacing ?? 10
    }
    /// Default: the flow layout's `headerReferenceSize` (zero for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.headerReferenceSize ?? .zero
    }
    /// Default: the flow layout's `footerReferenceSize` (zero for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.footerReferenceSize ?? .zero
    }
}
