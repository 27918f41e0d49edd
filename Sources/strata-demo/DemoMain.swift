import Foundation
import Strata

// strata-demo: a kiosk screen written with the Strata client API (CafeScreen), and the tool that turns
// the server's recorded frames of it into an animated PNG (scripts/demo.sh runs both).
//
//   strata-demo [--seconds S] [--lead S] [--loop S] [--speed K]
//       shows the screen (server socket from STRATA_SOCKET or the default path), prints "start T": the
//       media time its motion starts (S after it connects, default 1), then runs S seconds more (default:
//       until killed); taps on the Pay button bounce it and swap the order card's page. The ring and the
//       spinner repeat every --loop seconds (default 5); --speed below 1 runs the screen in slow motion.
//   strata-demo animate FRAMES_DIR --from T --duration S [--speed K] [--fps N] --out FILE.png
//                      [--still FILE.png --still-at S]
//       assembles the frames a `strata-server --record-frames FRAMES_DIR` wrote for the S seconds of
//       screen time from T (S / K seconds when recorded at --speed K) into an animated PNG, at most N
//       (default 25) frames a second, each shown until the next one's time; --still copies the frame
//       nearest S seconds in.

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@main
struct DemoMain {
    @MainActor
    static func main() {
        do {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "animate" {
                arguments.removeFirst()
                try AnimateCommand(arguments).run()
            } else {
                try ScreenRun(arguments).run()
            }
        } catch {
            FileHandle.standardError.write(Data("strata-demo: \(error)\n".utf8))
            exit(1)
        }
    }
}
