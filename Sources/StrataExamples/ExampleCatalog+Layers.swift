import StrataUIKit

extension ExampleCatalog {
    /// The demos written with layers in a view controller (Seed003/D2…D16).
    static let layers: [Entry] = [
        Entry(name: "d2", summary: "a circular avatar drawn by the layer's delegate (context flipped)") { D2CircularAvatarController() },
        Entry(name: "d3", summary: "a circular avatar with a shadow (two layers)") { D3AvatarWithShadowController() },
        Entry(name: "d4", summary: "D3 with the image turned upright by a rotation about x") { D4FlipByTransformController() },
        Entry(name: "d5", summary: "D3 with the image as the layer's contents") { D5ImageContentsController() },
        Entry(name: "d6", summary: "D4 with the rotation set through the key path transform.rotation.x") { D6RotationKeyPathController() },
        Entry(name: "d7", summary: "a custom layer draws a star; the view logs the drawing calls' order") { D7CustomLayerStarController() },
        Entry(name: "d9", summary: "a petal moves to a tap (CABasicAnimation) and snaps back") { D9BasicPetalController() },
        Entry(name: "d10", summary: "D9 whose delegate keeps the petal where it landed (actions disabled)") { D10PetalDelegateController() },
        Entry(name: "d11", summary: "D10 plus a 6 s autoreversing spin about anchor (0.5, 0.6)") { D11PetalSpinController() },
        Entry(name: "d12", summary: "D11 with taps pausing and resuming the petal's layer (speed, timeOffset)") { D12PauseResumeController() },
        Entry(name: "d16", summary: "after 5 s a group spins the petal along a curve for 10 s; the delegate keeps the end") { D16GroupPetalController() },
    ]
}
