import Foundation
import Strata
import Testing

/// A subclass that declares an initialiser of its own and forgets `override init(layer:)`: iOS crashes when it
/// makes such a layer's presentation copy ("Use of unimplemented initializer"), and so does Strata.
final class ForgetfulLayer: CALayer {
    let label: String
    init(label: String) {
        self.label = label
        super.init()
    }
    required init?(coder: NSCoder) { nil }
}

/// A subclass whose `init(layer:)` copies a property kept in a reference type, to check ownership.
final class LabelledLayer: CALayer {
    var label: String
    var history: [String]
    init(label: String) {
        self.label = label
        history = [label]
        super.init()
    }
    override init(layer: Any) {
        let source = layer as? LabelledLayer
        label = (source?.label ?? "") + " (copy)"
        history = (source?.history ?? []) + ["copied"]
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { nil }
}

/// Presentation copies are made by the layer class's own `init(layer:)`, found in its vtable
/// (LayerConstruction.swift, CStrataRuntime).
@Suite struct LayerConstructionTests {
    @Test func copiesComeFromTheSubclassesOwnInitialiserAndKeepNothingAlive() throws {
        weak var weakSource: LabelledLayer?
        weak var weakCopy: LabelledLayer?
        do {
            let source = LabelledLayer(label: "volume")
            source.opacity = 0.25
            CATransaction.flush()
            for _ in 0..<1_000 {
                let copy = try #require(source.presentation())
                #expect(copy.label == "volume (copy)" && copy.history == ["volume", "copied"] && copy.opacity == 0.25)
            }
            let copy = try #require(source.presentation())
            weakSource = source
            weakCopy = copy
        }
        // Neither the layer nor its copy (which refers to it) outlives its last reference.
        #expect(weakSource == nil && weakCopy == nil)
    }

    @Test func aSubclassWithoutInitLayerTrapsAsOnIOS() async {
        // Swift's unimplemented-initializer stub traps (ud2 on x86-64: SIGILL; brk on arm64: SIGTRAP).
        await #expect(processExitsWith: .signal(SIGILL)) {
            _ = LayerConstruction.presentationCopy(of: ForgetfulLayer(label: "x"))
        }
    }
}
