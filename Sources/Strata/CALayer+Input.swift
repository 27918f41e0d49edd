import Foundation

/// Strata's input properties (Core Animation has none: docs/input.md).
extension CALayer {
    /// The server sends touches, pointer events and keys that land on this layer, or on a sublayer that is
    /// not interactive itself, to this app (default false: a layer under no interactive layer lets touches
    /// through to what lies below it, on screen).
    public var isInteractive: Bool { get { read { $0.isInteractive } } set { set(.interactive, newValue) } }
    /// A touch or button press that begins on this layer keeps coming here wherever it moves, until it
    /// ends (default false: a touch that leaves the layer is cancelled for it).
    public var capturesInput: Bool { get { read { $0.capturesInput } } set { set(.capturesInput, newValue) } }
    /// Called on the main queue (the main actor) with the events for this layer, and for its sublayers
    /// that have no handler of their own (docs/input.md).
    public var inputHandler: ((StrataInputEvent) -> Void)? {
        get { LayerLock.with { inputHandlerStorage } }
        set { LayerLock.with { inputHandlerStorage = newValue } }
    }
}
