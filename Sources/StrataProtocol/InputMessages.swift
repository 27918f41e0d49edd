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

/// What an input event says, whichever way it travels (`InputEvent` to a client, `InjectedInput` from
/// one): its kind and the fields the kinds use. Fields an event's kind does not use are zero (empty text).
public struct InputAction: Equatable, Sendable {
    public var kind: InputKind
    /// A touch's id, the same from its down to its up or cancel.
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

    public init(kind: InputKind, touchID: Int32 = 0, button: UInt32 = 0, pressed: Bool = false, scrollX: Double = 0, scrollY: Double = 0,
                keysym: UInt32 = 0, text: String = "") {
        self.kind = kind; self.touchID = touchID; self.button = button; self.pressed = pressed
        self.scrollX = scrollX; self.scrollY = scrollY; self.keysym = keysym; self.text = text
    }

    /// UTF-8 bytes of a key's text (xkbcommon's keysyms type at most a few characters).
    public static let maxText = 64
}

/// One input event as the server delivers it to the client that owns the layer it landed on: where and
/// when, and its `InputAction`, whose fields read as the event's own (`event.touchID`).
@dynamicMemberLookup
public struct InputEvent: Equatable, Sendable {
    public var action: InputAction
    /// When the device reported it (monotonic seconds, the clock `CACurrentMediaTime` reads).
    public var timestamp: Double
    /// The interactive layer the event is for: the nearest interactive layer at or above the hit. 0 for a
    /// key when no layer has the focus (it goes to the frontmost client).
    public var layer: LayerID
    /// The deepest layer under the point (`layer` itself or one of its non-interactive sublayers); 0 for keys.
    public var hitLayer: LayerID
    /// The point in `layer`'s coordinates, where the output showed it when the event happened (zero for keys).
    public var location: CGPoint

    public init(kind: InputKind, timestamp: Double, layer: LayerID = 0, hitLayer: LayerID = 0, location: CGPoint = .zero,
                touchID: Int32 = 0, button: UInt32 = 0, pressed: Bool = false, scrollX: Double = 0, scrollY: Double = 0, keysym: UInt32 = 0, text: String = "") {
        action = InputAction(kind: kind, touchID: touchID, button: button, pressed: pressed, scrollX: scrollX, scrollY: scrollY, keysym: keysym, text: text)
        self.timestamp = timestamp; self.layer = layer; self.hitLayer = hitLayer; self.location = location
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<InputAction, T>) -> T {
        get { action[keyPath: field] }
        set { action[keyPath: field] = newValue }
    }
}

/// An event a privileged client asks the server to treat as if a device had produced it (`strata
/// input`): routed exactly like one, so kiosks can be scripted and tested without hardware. Positions are
/// in the output's layer space (points), already turned as the output is mounted.
@dynamicMemberLookup
public struct InjectedInput: Equatable, Sendable {
    public var action: InputAction
    /// The output the position is on (empty: the primary output).
    public var output: String
    public var position: CGPoint

    public init(kind: InputKind, output: String = "", position: CGPoint = .zero, touchID: Int32 = 0, button: UInt32 = 0,
                pressed: Bool = false, scrollX: Double = 0, scrollY: Double = 0, keysym: UInt32 = 0, text: String = "") {
        action = InputAction(kind: kind, touchID: touchID, button: button, pressed: pressed, scrollX: scrollX, scrollY: scrollY, keysym: keysym, text: text)
        self.output = output; self.position = position
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<InputAction, T>) -> T {
        get { action[keyPath: field] }
        set { action[keyPath: field] = newValue }
    }

    /// Events one message may carry.
    public static let maxPerMessage = 256
    /// UTF-8 bytes of a key's text.
    public static let maxText = InputAction.maxText
}

// On the wire both write the kind first, then where (and when), then the rest of the action.
extension ByteWriter {
    mutating func inputEvent(_ e: InputEvent) {
        u8(e.kind.rawValue); f64(e.timestamp); u64(e.layer); u64(e.hitLayer); f64(Double(e.location.x)); f64(Double(e.location.y))
        inputActionFields(e.action)
    }

    mutating func injectedInput(_ e: InjectedInput) {
        u8(e.kind.rawValue); string(e.output); f64(Double(e.position.x)); f64(Double(e.position.y))
        inputActionFields(e.action)
    }

    /// The action's fields after its kind.
    private mutating func inputActionFields(_ a: InputAction) {
        u32(UInt32(bitPattern: a.touchID)); u32(a.button); bool(a.pressed); f64(a.scrollX); f64(a.scrollY)
        u32(a.keysym); string(a.text)
    }
}

extension ByteReader {
    mutating func inputKind(_ what: String) throws -> InputKind {
        let raw = try u8("\(what) kind")
        guard let kind = InputKind(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown input kind \(raw)") }
        return kind
    }

    mutating func inputEvent() throws -> InputEvent {
        let kind = try inputKind("input event")
        let timestamp = try finiteF64("input timestamp"), layer = try u64("input layer"), hitLayer = try u64("input hit layer")
        let location = CGPoint(x: try finiteF64("input x"), y: try finiteF64("input y"))
        var event = InputEvent(kind: kind, timestamp: timestamp, layer: layer, hitLayer: hitLayer, location: location)
        try inputActionFields(&event.action, "input")
        return event
    }

    mutating func injectedInput(_ index: Int) throws -> InjectedInput {
        let what = "injected input \(index)"
        let kind = try inputKind(what), output = try string("\(what) output", max: WireFormat.maxOutputName)
        var input = InjectedInput(kind: kind, output: output, position: CGPoint(x: try finiteF64("\(what) x"), y: try finiteF64("\(what) y")))
        try inputActionFields(&input.action, what)
        return input
    }

    /// The action's fields after its kind, each error naming `what` carried it.
    private mutating func inputActionFields(_ a: inout InputAction, _ what: String) throws {
        a.touchID = Int32(bitPattern: try u32("\(what) touch id"))
        a.button = try u32("\(what) button")
        a.pressed = try bool("\(what) pressed")
        a.scrollX = try finiteF64("\(what) scroll x")
        a.scrollY = try finiteF64("\(what) scroll y")
        a.keysym = try u32("\(what) keysym")
        a.text = try string("\(what) text", max: InputAction.maxText)
    }
}
