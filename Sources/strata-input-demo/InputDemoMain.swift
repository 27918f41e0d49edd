import Foundation
import Strata

// A touch panel app: one interactive pad (with an optional non-interactive knob inside it) that prints
// every input event it receives as a JSON line on stdout, on the main queue. It can move the pad under
// an animation and stall its main thread, to show that the server routes touches by what is on screen,
// not by what the busy app last committed.
// With --export the pad is not shown on the output but exported as a context (remote layer hosting) for a
// host app's StrataLayerHost: its token is printed as {"token": HEX}; --reclaim HEX takes over the context
// of an earlier run that crashed, still under its host. --slide DX,S moves the knob DX points right over S
// seconds, again and again (linear), from the commit's time (printed as "start").
// Usage: strata-input-demo [--name NAME] [--frame X,Y,W,H] [--knob X,Y,W,H] [--color #RRGGBB] [--capture]
//                          [--move-to X,Y --move-duration S] [--stall S] [--seconds S]
//                          [--export] [--reclaim HEX] [--slide DX,S]
//        (server socket from STRATA_SOCKET or the default path)

struct Options {
    var name = "pad"
    var frame = CGRect(x: 20, y: 20, width: 120, height: 80)
    var knob: CGRect?
    var color = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
    var capture = false
    var moveTo: CGPoint?
    var moveDuration = 4.0
    var stall = 0.0
    var seconds = 30.0
    var export = false
    var reclaim: StrataContextToken?
    var slide: (dx: CGFloat, seconds: Double)?

    init(_ args: [String]) throws {
        var it = args.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let v = it.next() else { throw DemoError("\(flag) needs a value") }
            return v
        }
        func numbers(_ flag: String, _ count: Int) throws -> [CGFloat] {
            let parts = try value(flag).split(separator: ",").compactMap { Double($0) }.map { CGFloat($0) }
            guard parts.count == count else { throw DemoError("\(flag) takes \(count) comma-separated numbers") }
            return parts
        }
        func seconds(_ flag: String) throws -> Double {
            guard let s = Double(try value(flag)), s.isFinite, s >= 0 else { throw DemoError("\(flag) takes seconds") }
            return s
        }
        while let arg = it.next() {
            switch arg {
            case "--name": name = try value(arg)
            case "--frame": let n = try numbers(arg, 4); frame = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
            case "--knob": let n = try numbers(arg, 4); knob = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
            case "--color":
                let hex = try value(arg).dropFirst()
                guard hex.count == 6, let v = UInt32(hex, radix: 16) else { throw DemoError("--color takes #RRGGBB") }
                color = CGColor(red: CGFloat(v >> 16 & 255) / 255, green: CGFloat(v >> 8 & 255) / 255, blue: CGFloat(v & 255) / 255, alpha: 1)
            case "--capture": capture = true
            case "--move-to": let n = try numbers(arg, 2); moveTo = CGPoint(x: n[0], y: n[1])
            case "--move-duration": moveDuration = try seconds(arg)
            case "--stall": stall = try seconds(arg)
            case "--seconds": self.seconds = try seconds(arg)
            case "--export": export = true
            case "--reclaim":
                guard let token = StrataContextToken(try value(arg)) else { throw DemoError("--reclaim takes a context token (32 hexadecimal digits)") }
                reclaim = token
                export = true
            case "--slide":
                let n = try numbers(arg, 2)
                guard n[1] > 0 else { throw DemoError("--slide takes DX,SECONDS with SECONDS above 0") }
                slide = (n[0], Double(n[1]))
            default: throw DemoError("unknown option \(arg)")
            }
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// One JSON object per line, flushed at once (a test reads them as they come).
func emit(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

func kindName(_ k: StrataInputEvent.Kind) -> String {
    switch k {
    case .touchDown: "touchDown"
    case .touchMoved: "touchMoved"
    case .touchUp: "touchUp"
    case .touchCancelled: "touchCancelled"
    case .pointerMoved: "pointerMoved"
    case .pointerButton: "pointerButton"
    case .scroll: "scroll"
    case .key: "key"
    }
}

do {
    var options = try Options(Array(CommandLine.arguments.dropFirst()))
    // A shell that starts the app again after a crash names the context to take over (docs/hosting.md).
    if options.export, options.reclaim == nil, let hex = ProcessInfo.processInfo.environment["STRATA_CONTEXT_RECLAIM"] {
        options.reclaim = StrataContextToken(hex)
    }
    let connection = try StrataConnection.connect()
    let pad = CALayer()
    pad.frame = options.frame
    pad.backgroundColor = options.color
    pad.isInteractive = true
    pad.capturesInput = options.capture
    let knob = CALayer()
    if let knobFrame = options.knob {
        knob.frame = knobFrame
        knob.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        pad.addSublayer(knob)
    }
    func named(_ layer: CALayer?) -> String {
        layer === pad ? "pad" : layer === knob ? "knob" : layer == nil ? "" : "other"
    }
    pad.inputHandler = { e in
        emit(["client": options.name, "kind": kindName(e.kind), "layer": named(e.layer), "hit": named(e.hitLayer),
              "x": Double(e.location.x), "y": Double(e.location.y), "id": e.touchID, "t": e.timestamp,
              "button": e.button, "pressed": e.isPressed, "keysym": Int(e.keysym), "text": e.text,
              "delivered": CACurrentMediaTime()])
    }
    connection.inputHandler = { e in
        emit(["client": options.name, "kind": kindName(e.kind), "layer": "", "keysym": Int(e.keysym), "text": e.text, "pressed": e.isPressed])
    }
    // Kept while the app runs: its last reference ending would revoke it.
    var context: StrataContext?
    if options.export {
        context = try StrataContext(connection: connection, reclaiming: options.reclaim)
        context?.layer = pad
    } else {
        connection.attach(pad)
    }
    var start = CACurrentMediaTime()
    if let slide = options.slide {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = knob.position.x
        move.toValue = knob.position.x + slide.dx
        move.duration = slide.seconds
        move.repeatCount = .infinity
        knob.add(move, forKey: "slide")
    }
    CATransaction.flush()
    if let context { emit(["token": context.token.description, "client": options.name]) }
    if let to = options.moveTo {
        // Moves linearly from the frame's centre to `to`; the model is at `to` from the start.
        CATransaction.begin()
        CATransaction.setAnimationDuration(options.moveDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        start = CACurrentMediaTime()
        pad.position = to
        CATransaction.commit()
        CATransaction.flush()
    }
    emit(["ready": true, "client": options.name, "start": start])
    if options.stall > 0 {
        DispatchQueue.main.async {
            emit(["stalling": options.stall, "client": options.name])
            Thread.sleep(forTimeInterval: options.stall)
            emit(["stalled": true, "client": options.name])
        }
    }
    let exported = context
    DispatchQueue.main.asyncAfter(deadline: .now() + options.seconds) {
        withExtendedLifetime(exported) {}
        exit(0)
    }
    dispatchMain()
} catch {
    FileHandle.standardError.write(Data("strata-input-demo: \(error)\n".utf8))
    exit(1)
}
