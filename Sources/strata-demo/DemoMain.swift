import Foundation
import Strata

// A small Strata client: three nested layers with transforms, opacity and generated image contents,
// an explicit and an implicit animation, then a snapshot of the server's frame written to a PNG.
// Usage: strata-demo [OUT.png]   (server socket from STRATA_SOCKET or the default path)

func gradientImage(width: Int, height: Int) -> CGImage? {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            rgba[i] = UInt8(255 * x / max(1, width - 1))
            rgba[i + 1] = UInt8(255 * y / max(1, height - 1))
            rgba[i + 2] = 160
            rgba[i + 3] = 255
        }
    }
    return CGImage(width: width, height: height, rgba: rgba)
}

let out = CommandLine.arguments.dropFirst().first ?? "strata-demo.png"
do {
    let connection = try StrataConnection.connect()
    connection.callbackQueue = DispatchQueue(label: "demo.callbacks")

    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
    root.position = CGPoint(x: 320, y: 240)
    root.backgroundColor = CGColor(red: 0.12, green: 0.14, blue: 0.2, alpha: 1)

    let card = CALayer()
    card.bounds = CGRect(x: 0, y: 0, width: 240, height: 160)
    card.position = CGPoint(x: 200, y: 150)
    card.backgroundColor = CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1)
    card.transform = CATransform3DMakeRotation(-0.12, 0, 0, 1)
    root.addSublayer(card)

    let picture = CALayer()
    picture.bounds = CGRect(x: 0, y: 0, width: 128, height: 96)
    picture.position = CGPoint(x: 120, y: 80)
    picture.contents = gradientImage(width: 64, height: 48)
    picture.opacity = 0.9
    card.addSublayer(picture)

    connection.attach(root)
    CATransaction.flush()

    // Explicit: spin the picture once.
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0.0
    spin.toValue = Double.pi * 2
    spin.duration = 1.0
    spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    picture.add(spin, forKey: "spin")

    // Implicit: move the card (0.25 s by default; 0.6 s here).
    let done = DispatchSemaphore(value: 0)
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.6)
    CATransaction.setCompletionBlock { done.signal() }
    card.position = CGPoint(x: 220, y: 160)
    CATransaction.commit()
    // This thread runs no run loop, so the implicit transaction (holding the spin) is flushed by hand.
    CATransaction.flush()

    _ = done.wait(timeout: .now() + 5)
    Thread.sleep(forTimeInterval: 1.1)
    let frame = try connection.snapshot()
    try frame.writePNG(path: out)
    print("wrote \(out) (\(frame.width)x\(frame.height))")
    connection.close()
} catch {
    FileHandle.standardError.write(Data("strata-demo: \(error)\n".utf8))
    exit(1)
}
