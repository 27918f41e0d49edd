/// Strata's own properties for input (Core Animation has no input: UIKit's views receive it). Every
/// kind carries them; neither animates.
extension LayerProperty {
    /// The server sends touches, pointer events and keys that land on the layer, or on a sublayer that is
    /// not interactive itself, to the layer's client (docs/input.md). A layer under no interactive layer
    /// is transparent to input: a touch passes through it to what lies below.
    public static let interactive = LayerProperty(110, "interactive", { $0.isInteractive }, { $0.isInteractive = $1 }, animation: .none)
    /// A touch or a button press that begins on the (interactive) layer keeps going to it wherever it
    /// moves, until it ends; without it, a touch that leaves the layer is cancelled there.
    public static let capturesInput = LayerProperty(111, "capturesInput", { $0.capturesInput }, { $0.capturesInput = $1 }, animation: .none)

    static let inputProperties: [LayerProperty] = [interactive, capturesInput]
}
