import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// A replicator copy's alpha (instanceColor's alpha plus k × instanceAlphaOffset) is the opacity of what
/// the copy draws, inherited by the sublayers as an ancestor's opacity is: a sublayer of several pieces
/// composites them as one group under it. The server either repeats one build of the sublayers' quads
/// for every copy or draws each copy again; both must give the picture of separate layers with that
/// opacity.
@Suite struct ReplicatorCopyAlphaTests {
    static let yellow = ##""backgroundColor":"#FFD020""##

    /// A 40 × 30 blue card holding a 16 × 16 yellow square (two overlapping pieces).
    static func card(_ id: String, at position: String, extra: String = "", dot: String = yellow) -> String {
        ##"{"id":"\##(id)","bounds":[0,0,40,30],"position":\##(position),"backgroundColor":"#2060C0"\##(extra),"sublayers":["##
            + ##"{"id":"\##(id)-dot","bounds":[0,0,16,16],"position":[20,15],\##(dot)}]}"##
    }

    /// The card at (10…50, 5…35) in two copies, the second 34 lower at alpha 0.4.
    static func replicator(extra: String = "", dot: String = yellow) -> String {
        ##"{"strata":1,"size":[60,80],"background":"#FFFFFF","layers":[{"id":"r","class":"replicator","bounds":[0,0,40,30],"##
            + ##""position":[30,20],"instanceCount":2,"instanceAlphaOffset":-0.6,"instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,0,34,0,1],"##
            + ##""sublayers":["## + card("card", at: "[20,15]", extra: extra, dot: dot) + "]}]}"
    }

    /// The same picture from separate layers: the card, and a copy 34 lower with opacity 0.4.
    static func separate(extra: String = "") -> String {
        ##"{"strata":1,"size":[60,80],"background":"#FFFFFF","layers":[{"id":"r","bounds":[0,0,40,30],"position":[30,20],"sublayers":["##
            + card("card", at: "[20,15]", extra: extra) + "," + card("copy", at: "[20,49]", extra: extra + ##","opacity":0.4"##) + "]}]}"
    }

    /// How many channel values differ between two renderings.
    func differences(_ a: RGBAImage, _ b: RGBAImage) -> Int { zip(a.pixels, b.pixels).filter { $0 != $1 }.count }

    func render(_ json: String) throws -> RGBAImage {
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: 0, width: 60, height: 80)
    }

    @Test func aFadedCopyCompositesAsOneGroup() throws {
        // Plain layers only: the server repeats one build of the quads.
        let repeated = try render(Self.replicator())
        #expect(differences(repeated, try render(Self.separate())) == 0, "the repeated copies differ from separate layers")
        // Over white at alpha 0.4 the yellow square does not let the blue card through it.
        expectColor(repeated, 30, 20, [0xFF, 0xD0, 0x20, 255])
        expectColor(repeated, 30, 54, [255, 236, 166, 255], tolerance: 1)   // 0.4 × (255, 208, 32) + 0.6 × 255
        expectColor(repeated, 14, 54, [166, 191, 230, 255], tolerance: 1)   // 0.4 × (32, 96, 192) + 0.6 × 255
        // A shape layer in the copy: each copy is drawn again, and looks the same.
        let drawn = try render(Self.replicator(dot: ##""class":"shape","fillColor":"#FFD020","path":[["rect",0,0,16,16]]"##))
        #expect(differences(drawn, repeated) == 0, "copies drawn one by one differ from repeated ones")
    }

    @Test func withoutGroupOpacityEachPieceFades() throws {
        let extra = ##","allowsGroupOpacity":false"##
        let image = try render(Self.replicator(extra: extra))
        #expect(differences(image, try render(Self.separate(extra: extra))) == 0, "the copies differ from separate layers")
        // The card shows through the faded square: 0.4 × yellow over 0.4 × blue over white.
        expectColor(image, 30, 54, [202, 198, 151, 255], tolerance: 1)
    }
}
