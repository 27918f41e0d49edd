import StrataUIKit

extension ExampleCatalog {
    /// The demos written with layers in a view controller (Seed003/D2…D18).
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
        Entry(name: "d13", summary: "after 2 s the petal zig-zags through four keyframe values over 8 s, then snaps back") {
            D13KeyframeValuesController()
        },
        Entry(name: "d14", summary: "after 5 s the petal falls along a Bézier path over 8 s, then snaps back") { D14KeyframePathController() },
        Entry(name: "d15", summary: "D13 with keyTimes 0, 0.5, 0.75, 1 (segments of 4, 2, 2 s)") {
            let c = D13KeyframeValuesController()
            c.variant = .keyTimes
            return c
        },
        Entry(name: "d18", summary: "a fish swims in place: a display link shows the next of ten frames every 10th frame") {
            D18DisplayLinkFishController()
        },
        Entry(name: "d16", summary: "after 5 s a group spins the petal along a curve for 10 s; the delegate keeps the end") { D16GroupPetalController() },
    ]
}
