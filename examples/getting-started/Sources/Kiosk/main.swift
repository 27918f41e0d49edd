import Foundation
import KioskScreen
import Strata

/// Prints a line at once: a kiosk service's output goes to the journal or a file, where a line would
/// otherwise wait for a block-sized buffer to fill.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

// Connect to the render server: STRATA_SOCKET, else $XDG_RUNTIME_DIR/strata.sock, else the system
// service's /run/strata/strata.sock.
let connection: StrataConnection
do {
    connection = try StrataConnection.connect()
} catch {
    say("kiosk: no render server: \(error)")
    exit(1)
}

// The screen, sized to the display: its bounds in points (UIScreen.main.bounds on iOS) and scale.
let screen = KioskScreen(bounds: connection.screenBounds, scale: connection.screenScale)
screen.onSpun = { taps in say("spun \(taps)") }

// Show its root on the primary output and run the main run loop for good.
connection.attach(screen.root)
say("ready \(Int(connection.screenBounds.width))x\(Int(connection.screenBounds.height)) at scale \(connection.screenScale)")
RunLoop.main.run()
