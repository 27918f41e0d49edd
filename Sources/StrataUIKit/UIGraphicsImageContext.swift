import Foundation

/// UIKit's bitmap image contexts: `UIGraphicsBeginImageContextWithOptions` makes a context of the size in
/// points at `scale` pixels per point (0: the main screen's), y down, and makes it current
/// (`UIGraphicsGetCurrentContext()`); `UIGraphicsGetImageFromCurrentImageContext()` takes what was drawn
/// as a `UIImage` of that scale, and `UIGraphicsEndImageContext()` ends it. Per thread, nesting, as UIKit's.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 && scale.isFinite ? scale : ScreenScale.primary
    let w = Int((size.width * s).rounded(.up)), h = Int((size.height * s).rounded(.up))
    guard let ctx = CGContext(width: max(w, 1), height: max(h, 1)) else {
        StrataLog.logger.error("UIGraphicsBeginImageContextWithOptions: no context of \(w)×\(h) pixels")
        return
    }
    ctx.scaleBy(x: s, y: s)
    if opaque { ctx.setFillColor(gray: 0, alpha: 1); ctx.fill(CGRect(origin: .zero, size: size)) }
    ImageContexts.stack.append((ctx, s))
    UIGraphicsPushContext(ctx)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// What the current image context holds, as an image; nil when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let (ctx, scale) = ImageContexts.stack.last, UIGraphicsGetCurrentContext() === ctx,
          let image = ctx.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the innermost image context (and makes the context current before it current again).
public func UIGraphicsEndImageContext() {
    guard let (ctx, _) = ImageContexts.stack.popLast() else { return }
    if UIGraphicsGetCurrentContext() === ctx { UIGraphicsPopContext() }
}

/// The calling thread's image contexts with their scales.
enum ImageContexts {
    private final class Box { var contexts: [(CGContext, CGFloat)] = [] }
    private static let key = "strata.UIGraphicsImageContexts"

    static var stack: [(CGContext, CGFloat)] {
        get { box.contexts }
        set { box.contexts = newValue }
    }

    private static var box: Box {
        if let box = Thread.current.threadDictionary[key] as? Box { return box }
        let box = Box()
        Thread.current.threadDictionary[key] = box
        return box
    }
}

/// The primary output's scale, read from any thread (UIScreen is the main actor's).
enum ScreenScale {
    static var primary: CGFloat { StrataConnection.currentConnection?.outputs.first?.scale ?? 1 }
}
