import ArgumentParser
import Foundation
import StrataInputDevice
import StrataProtocol

/// `strata input tap|swipe|touch|pointer|key …`: injects input into a running server, routed exactly as a
/// device's would be (docs/input.md). Positions are in the output's layer-space pixels. The server allows
/// it to inspectors where `input-injection` is on (by default on the headless backend only).
struct InputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input", abstract: "Inject touches, pointer events and keys into a running server (to script and test kiosks).",
        subcommands: [Tap.self, Swipe.self, Touch.self, Pointer.self, Key.self])

    struct Target: ParsableArguments {
        @Option(help: "The output the position is on, by name (default: the primary output).") var output: String = ""
        @OptionGroup var socket: SocketOption
    }

    /// `strata input tap X Y`
    struct Tap: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Touch down at X Y and lift.")
        @Argument(help: "X in the output's pixels.") var x: Double
        @Argument(help: "Y in the output's pixels.") var y: Double
        @Option(help: "Seconds between down and up.") var hold: Double = 0.05
        @Option(help: "Touch id.") var id: Int32 = 0
        @OptionGroup var target: Target

        func run() throws {
            let client = try target.socket.connect()
            let p = CGPoint(x: x, y: y)
            try client.inject([InjectedInput(kind: .touchDown, output: target.output, position: p, touchID: id)])
            try pause(hold)
            try client.inject([InjectedInput(kind: .touchUp, output: target.output, position: p, touchID: id)])
        }
    }

    /// `strata input swipe X1 Y1 X2 Y2`
    struct Swipe: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Touch down at X1 Y1, move in a straight line to X2 Y2 and lift.")
        @Argument(help: "Start and end: X1 Y1 X2 Y2 in the output's pixels.") var coordinates: [Double]
        @Option(help: "Seconds from down to up.") var duration: Double = 0.3
        @Option(help: "Motion events between down and up.") var steps: Int = 10
        @Option(help: "Touch id.") var id: Int32 = 0
        @OptionGroup var target: Target

        func validate() throws {
            guard coordinates.count == 4 else { throw ValidationError("swipe takes four numbers: X1 Y1 X2 Y2") }
            guard (1...1000).contains(steps) else { throw ValidationError("--steps must be 1…1000") }
        }

        func run() throws {
            let client = try target.socket.connect()
            let a = CGPoint(x: coordinates[0], y: coordinates[1]), b = CGPoint(x: coordinates[2], y: coordinates[3])
            func at(_ f: Double) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
            try client.inject([InjectedInput(kind: .touchDown, output: target.output, position: a, touchID: id)])
            for i in 1...steps {
                try pause(duration / Double(steps))
                try client.inject([InjectedInput(kind: .touchMotion, output: target.output, position: at(Double(i) / Double(steps)), touchID: id)])
            }
            try client.inject([InjectedInput(kind: .touchUp, output: target.output, position: b, touchID: id)])
        }
    }

    /// `strata input touch down|move|up|cancel X Y --id N`: one touch event, for multi-touch scripts.
    struct Touch: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One touch event (down, move, up or cancel) of touch --id.")
        @Argument(help: "down, move, up or cancel.") var phase: String
        @Argument(help: "X in the output's pixels.") var x: Double = 0
        @Argument(help: "Y in the output's pixels.") var y: Double = 0
        @Option(help: "Touch id.") var id: Int32 = 0
        @OptionGroup var target: Target

        func run() throws {
            let kinds: [String: InputKind] = ["down": .touchDown, "move": .touchMotion, "up": .touchUp, "cancel": .touchCancel]
            guard let kind = kinds[phase] else { throw ValidationError("touch phase must be down, move, up or cancel, not \"\(phase)\"") }
            try target.socket.connect().inject([InjectedInput(kind: kind, output: target.output, position: CGPoint(x: x, y: y), touchID: id)])
        }
    }

    /// `strata input pointer move X Y | button NAME [down|up|click] | scroll DX DY`
    struct Pointer: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pointer: `move X Y`, `button left|right|middle|CODE [down|up|click]` (default click), `scroll DX DY`.")
        @Argument(help: "move, button or scroll, then its arguments.") var words: [String]
        @OptionGroup var target: Target

        func run() throws {
            let client = try target.socket.connect()
            guard let verb = words.first else { throw ValidationError("pointer needs move, button or scroll") }
            let rest = Array(words.dropFirst())
            func numbers(_ what: String) throws -> (Double, Double) {
                guard rest.count == 2, let a = Double(rest[0]), let b = Double(rest[1]), a.isFinite, b.isFinite else {
                    throw ValidationError("pointer \(verb) takes two numbers: \(what)")
                }
                return (a, b)
            }
            switch verb {
            case "move":
                let (x, y) = try numbers("X Y")
                try client.inject([InjectedInput(kind: .pointerMotion, output: target.output, position: CGPoint(x: x, y: y))])
            case "scroll":
                let (dx, dy) = try numbers("DX DY")
                try client.inject([InjectedInput(kind: .pointerAxis, output: target.output, scrollX: dx, scrollY: dy)])
            case "button":
                let names: [String: UInt32] = ["left": 0x110, "right": 0x111, "middle": 0x112]
                guard let name = rest.first, let code = names[name] ?? UInt32(name) else {
                    throw ValidationError("pointer button takes left, right, middle or a Linux button code")
                }
                let action = rest.count > 1 ? rest[1] : "click"
                let press = InjectedInput(kind: .pointerButton, output: target.output, button: code, pressed: true)
                var release = press
                release.pressed = false
                switch action {
                case "down": try client.inject([press])
                case "up": try client.inject([release])
                case "click": try client.inject([press, release])
                default: throw ValidationError("pointer button action must be down, up or click, not \"\(action)\"")
                }
            default:
                throw ValidationError("pointer needs move, button or scroll, not \"\(verb)\"")
            }
        }
    }

    /// `strata input key NAME…` / `strata input key --text STRING`
    struct Key: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Press and release keys by keysym name (Return, a, F5, KP_Enter), or type --text.")
        @Argument(help: "Keysym names, as xkbcommon knows them.") var names: [String] = []
        @Option(help: "Text to type, one key per character.") var text: String?
        @OptionGroup var target: Target

        func run() throws {
            var syms: [UInt32] = []
            for name in names {
                guard let sym = Keysyms.named(name) else { throw ValidationError("no keysym is named \"\(name)\" (xkbcommon's names: Return, a, F5, …)") }
                syms.append(sym)
            }
            for c in text ?? "" {
                guard let sym = Keysyms.typing(c) else { throw ValidationError("no keysym types \"\(c)\"") }
                syms.append(sym)
            }
            guard !syms.isEmpty else { throw ValidationError("key needs keysym names or --text") }
            let client = try target.socket.connect()
            for sym in syms {
                let t = Keysyms.text(of: sym)
                try client.inject([InjectedInput(kind: .key, pressed: true, keysym: sym, text: t),
                                   InjectedInput(kind: .key, pressed: false, keysym: sym)])
            }
        }
    }
}

/// Sleeps `seconds` (the gap between injected events, as a finger takes).
private func pause(_ seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0, seconds <= 60 else { throw ValidationError("times must be 0…60 s") }
    usleep(UInt32(seconds * 1_000_000))
}
