import Foundation
import Strata

/// Prints a line at once: a kiosk service's output goes to the journal or a file, where a line would
/// otherwise wait for a block-sized buffer to fill.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

// 1. Connect to the render server: STRATA_SOCKET, else $XDG_RUNTIME_DIR/strata.sock, else the system
//    service's /run/strata/strata.sock.
let connection: StrataConnection
do {
    connection = try StrataConnection.connect()
} catch {
    say("kiosk: no render server: \(error)")
    exit(1)
}

// 2. A full-screen root: the screen's bounds in points (UIScreen.main.bounds on iOS).
let screen = connection.screenBounds
let root = CALayer()
root.frame = screen
root.backgroundColor = CGColor(red: 0.10, green: 0.12, blue: 0.16, alpha: 1)

// 3. A button in the middle that takes touches.
let button = CALayer()
button.bounds = CGRect(x: 0, y: 0, width: 160, height: 160)
button.position = CGPoint(x: screen.midX, y: screen.midY)
button.cornerRadius = 24
button.backgroundColor = CGColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
button.isInteractive = true
root.addSublayer(button)

// 4. A label on it, drawn at the screen's scale (UIScreen.main.scale).
let label = CATextLayer()
label.frame = CGRect(x: 0, y: 60, width: 160, height: 40)
label.string = "Tap me"
label.fontSize = 28
label.alignmentMode = .center
label.contentsScale = connection.screenScale
button.addSublayer(label)

// 5. A tap turns the button green (an implicit animation) and spins it once (an explicit one). Handlers
//    run on the main actor; what they change is committed at the end of this run-loop turn.
var taps = 0
button.inputHandler = { event in
    guard event.kind == .touchDown else { return }
    taps += 1
    label.string = "Tapped \(taps)"
    button.backgroundColor = CGColor(red: 0.15, green: 0.70, blue: 0.35, alpha: 1)

    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0.0
    spin.toValue = Double.pi * 2
    spin.duration = 0.6
    CATransaction.begin()
    CATransaction.setCompletionBlock { say("spun \(taps)") }
    button.add(spin, forKey: "spin")
    CATransaction.commit()
}

// 6. Show the root on the primary output and run the main run loop for good.
connection.attach(root)
say("ready \(Int(screen.width))x\(Int(screen.height)) at scale \(connection.screenScale)")
RunLoop.main.run()
