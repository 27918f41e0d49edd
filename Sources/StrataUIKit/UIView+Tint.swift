extension UIView {
    /// UIKit's system blue, the tint of a view no ancestor sets one on.
    static let defaultTint = UIColor.systemBlue

    /// Runs `change` (which sets `ownTint`) and tells the views whose tint it changed.
    func changeTint(_ change: () -> Void) {
        let old = tintColor
        change()
        notifyTintChange(from: old)
    }

    /// The view's tint was `old`: when it now differs, `tintColorDidChange()` here and in the subviews
    /// that inherit it.
    func notifyTintChange(from old: UIColor?) {
        guard tintColor != old else { return }
        tellTintChanged()
    }

    private func tellTintChanged() {
        tintColorDidChange()
        for sub in subviews where sub.ownTint == nil { sub.tellTintChanged() }
    }

    /// `endEditing(_:)`: the first responder resigns if it is this view or below it.
    func resignFirstResponderWithin(force: Bool) -> Bool {
        guard let responder = UIApplication.shared.firstResponder as? UIView,
              responder === self || responder.isDescendant(of: self) else { return false }
        if force {
            UIApplication.shared.firstResponder = nil
            return true
        }
        return responder.resignFirstResponder()
    }
}
