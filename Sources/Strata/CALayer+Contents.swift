import Foundation
import StrataCore

/// The layer's image (`contents`).
extension CALayer {
    /// `contents` takes what Core Animation shows on iOS: a `CGImage`, or nothing (nil, `NSNull`, or an empty
    /// optional boxed in `Any`, which iOS bridges to `NSNull`). Anything else (a `UIImage`, a path) shows
    /// nothing there; here it is logged, naming the layer and the type, and changes nothing.
    func setContents(_ value: Any?) {
        let newValue: CGImage?
        switch value {
        case nil: newValue = nil
        case let image as CGImage: newValue = image
        case let some? where ContentsValue.isNothing(some): newValue = nil
        case let some?:
            StrataLog.logger.error("\(logName): contents rejected: unsupported: contents of type \(type(of: some)) (a CGImage or nil)")
            return
        }
        LayerLock.with {
            let changed = contentsImage !== newValue
            contentsImage = newValue
            // What a `contents` animation without a from or to value starts or ends at.
            modelValues.contents = ContentsImage(newValue?.imageID ?? 0)
            if displayMarkedByScale, let image = newValue, image.backingStore == nil {
                needsDisplayFlag = false
                displayMarkedByScale = false
            }
            CATransaction.noteChange(self)
            // The "contents" action runs: by default a fade transition, as Core Animation crossfades new
            // contents (a view's layer has none: its view answers NSNull).
            if changed, hasBeenCommitted, parent != nil || isAttachedRoot { runAction(forKey: "contents") }
        }
    }
}

/// What `contents` values mean nothing: `NSNull`, and an optional boxed in `Any` that holds none.
enum ContentsValue {
    static func isNothing(_ value: Any) -> Bool {
        if value is NSNull { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
