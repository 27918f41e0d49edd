import Foundation

/// What an input event is (docs/input.md). Touch ids stay the same from a touch's down to its up or
/// cancel; several touches may be down at once.
public enum InputKind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case touchDown = 1, touchMotion, touchUp, touchCancel, pointerMotion, pointerButton, pointerAxis, key

    public var description: String {
        switch self {
        case .touchDown: "touchDown"
        case .touchMotion: "touchMotion"
        case .touchUp: "touchUp"
        case .touchCancel: "touchCancel"
        case .pointerMotion: "pointerMotion"
        case .pointerButton: "pointerButton"
        case .pointerAxis: "pointerAxis"
        case .key: "key"
        }
    }

    public var isTouch: Bool { rawValue <= InputKind.touchCancel.rawValue }
}

/// One input event as the server delivers it to the client that owns the layer it landed on. Fields an
/// event's kind does not use are zero (empty text).
public struct InputEvent: Equatable, Sendable {
    public var kind: InputKind
    /// When the device reported it (monotonic seconds, the clock `CACurrentMediaTime` reads).
    public var timestamp: Double
    /// The interactive layer the event is for: the nearest interactive layer at or above the hit. 0 for a
    /// key when no layer has the focus (it goes to the frontmost client).
    public var layer: LayerID
    /// The deepest layer under the point (`layer` itself or one of its non-interactive sublayers); 0 for keys.
    public var hitLayer: LayerID
    /// The point in `layer`'s coordinates, where the output showed it when the event happened (zero for keys).
    public var location: CGPoint
    public var touchID: Int32
    /// Linux input button code (BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112) of a pointerButton.
    public var button: UInt32
    /// A button or key went down (true) or up.
    public var pressed: Bool
    /// A pointerAxis' scroll distance in points (positive: content moves up / left, as libinput's axes).
    public var scrollX: Double
    public var scrollY: Double
    /// An X keysym (xkbcommon), with the text the key types (empty for keys that type none).
    public var keysym: UInt32
    public var text: String

    public init(kind: InputKind, timestamp: Double, layer: LayerID = 0, hitLayer: LayerID = 0, location: CGPoint = .zero,
                touchID: Int32 = 0, button: UInt32 = 0, pressed: Bool = false, scrollX: Double = 0, scrollY: Double = 0, keysym: UInt32 = 0, text: String = "") {
        self.kind = kind; self.timestamp = timestamp; self.layer = layer; self.hitLayer = hitLayer; self.location = location
        self.touchID = touchID; self.button = button; self.pressed = pressed; self.scrollX = scrollX; self.scrollY = scrollY; self.keysym = keysym; self.text = text
    }
}

/// An event a privileged client asks the server to treat as if a device had produced it (`strata
/// input`): routed exactly like one, so kiosks can be scripted and tested without hardware. Positions are
/// in the output's layer space (points), already turned as the output is mounted.
public struct InjectedInput: Equatable, Sendable {
    public var kind: InputKind
    /// The output the position is on (empty: the primary output).
    public var output: String
    public var position: CGPoint
    public var touchID: Int32
    public var button: UInt32
    public var pressed: Bool
    public var scrollX: Double
    public var scrollY: Double
    public var keysym: UInt32
    public var text: String

    public init(kind: InputKind, output: String = "", position: CGPoint = .zero, touchID: Int32 = 0, button: UInt32 = 0,
                pressed: Bool = false, scrollX: Double = 0, scrollY: Double = 0, keysym: UInt32 = 0, text: String = "") {
        self.kind = kind; self.output = output; self.position = position; self.touchID = touchID; self.button = button
        self.pressed = pressed; self.scrollX = scrollX; self.scrollY = scrollY; self.keysym = keysym; self.text = text
    }

    /// Events one message may carry.
    public static let maxPerMessage = 256
    /// UTF-8 bytes of a key's text (xkbcommon's keysyms type at most a few characters).
    public static let maxText = 64
}

extension ByteWriter {
    mutating func inputEvent(_ e: InputEvent) {
        u8(e.kind.rawValue); f64(e.timestamp); u64(e.layer); u64(e.hitLayer); f64(Double(e.location.x)); f64(Double(e.location.y))
        u32(UInt32(bitPattern: e.touchID)); u32(e.button); bool(e.pressed); f64(e.scrollX); f64(e.scrollY)
        u32(e.keysym); string(e.text)
    }

    mutating func injectedInput(_ e: InjectedInput) {
        u8(e.kind.rawValue); string(e.output); f64(Double(e.position.x)); f64(Double(e.position.y))
        u32(UInt32(bitPattern: e.touchID)); u32(e.button); bool(e.pressed); f64(e.scrollX); f64(e.scrollY)
        u32(e.keysym); string(e.text)
    }
}

extension ByteReader {
    mutating func inputKind(_ what: String) throws -> InputKind {
        let raw = try u8("\(what) kind")
        guard let kind = InputKind(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown input kind \(raw)") }
        return kind
    }

    mutating func inputEvent() throws -> InputEvent {
        InputEvent(kind: try inputKind("input event"), timestamp: try finiteF64("input timestamp"), layer: try u64("input layer"),
                   hitLayer: try u64("input hit layer"), location: CGPoint(x: try finiteF64("input x"), y: try finiteF64("input y")),
                   touchID: Int32(bitPattern: try u32("touch id")), button: try u32("button"), pressed: try bool("pressed"),
                   scrollX: try finiteF64("scroll x"), scrollY: try finiteF64("scroll y"), keysym: try u32("keysym"),
                   text: try string("key text", max: InjectedInput.maxText))
    }

    mutating func injectedInput(_ index: Int) throws -> InjectedInput {
        let what = "injected input \(index)"
        return InjectedInput(kind: try inputKind(what), output: try string("\(what) output", max: WireFormat.maxOutputName),
                             position: CGPoint(x: try finiteF64("\(what) x"), y: try finiteF64("\(what) y")),
                             touchID: Int32(bitPattern: try u32("\(what) touch id")), button: try u32("\(what) button"),
                             pressed: try bool("\(what) pressed"),
                             scrollX: try finiteF64("\(what) scroll x"), scrollY: try finiteF64("\(what) scroll y"),
                             keysym: try u32("\(what) keysym"), text: try string("\(what) text", max: InjectedInput.maxText))
    }
}
