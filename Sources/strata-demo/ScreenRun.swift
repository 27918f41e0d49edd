import Foundation
import Strata
import StrataCafeScreen

/// Shows the café screen on the server, scaled to fit its primary output, answers taps, and prints the
/// media time its motion starts at (`start T`), for a recording to begin there.
struct ScreenRun {
    /// Seconds (media time) from attaching to the start of the motion: time for the server to lay the text out.
    var lead: Double = 1.0
    /// The motion's cycle, in the screen's time (at `speed` 1, seconds).
    var loop: Double = 5.0
    /// Seconds to run after the start (nil: until killed).
    var seconds: Double?
    /// The screen's `speed` (below 1: slow motion, for a recording made on a slow renderer; docs/gallery.md).
    var speed: Double = 1

    @MainActor
    func run() throws -> Never {
        let connection = try StrataConnection.connect()
        let screen = CafeScreen()
        screen.root.speed = Float(speed)
        if let output = connection.outputs.first { screen.fit(in: output.bounds) }
        screen.handleTaps()
        connection.attach(screen.root)
        CATransaction.flush()

        let start = CACurrentMediaTime() + lead
        screen.startMotion(at: start, loop: loop)
        CATransaction.flush()
        say("start \(start)")
        if let seconds {
            DispatchQueue.main.asyncAfter(deadline: .now() + lead + seconds) {
                say("done")
                exit(0)
            }
        }
        withExtendedLifetime((connection, screen)) { dispatchMain() }
    }
}

/// A line on stdout, written at once (the script waits for it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
