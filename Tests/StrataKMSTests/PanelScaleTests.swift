import Foundation
import StrataConfig
import StrataKMS
import Testing

/// `[output NAME] scale = auto`: the scale from the panel's density (its mode and its EDID size).
@Suite struct PanelScaleTests {
    @Test func theScaleFollowsThePanelsPixelsPerInch() {
        // A 13.3-inch 2560 × 1600 laptop panel (286 × 179 mm): 227 ppi.
        #expect(PanelScale.automatic(pixels: (2560, 1600), millimetres: (286, 179)) == 2)
        // A 27-inch 4K monitor (597 × 336 mm): 163 ppi.
        #expect(PanelScale.automatic(pixels: (3840, 2160), millimetres: (597, 336)) == 1.5)
        // A 24-inch 1080p kiosk screen (531 × 299 mm): 92 ppi.
        #expect(PanelScale.automatic(pixels: (1920, 1080), millimetres: (531, 299)) == 1)
        // No size (a projector, some boards) or a broken one: 1.
        #expect(PanelScale.automatic(pixels: (3840, 2160), millimetres: (0, 0)) == 1)
        #expect(PanelScale.automatic(pixels: (3840, 2160), millimetres: (16, 9)) == 1)
    }

    @Test func selectionGivesEachOutputItsPanelsScale() {
        let resources = DRMResources(
            connectors: [DRMConnector(id: 30, name: "eDP-1", connected: true,
                                      modes: [DRMMode(width: 2560, height: 1600, refreshMilliHz: 60000, preferred: true)], possibleCRTCs: 1,
                                      widthMM: 286, heightMM: 179)],
            crtcs: [40], planes: [DRMPlane(id: 50, kind: .primary, possibleCRTCs: 1)])
        let (outputs, problems) = OutputSelection.assign(resources, requests: [:])
        #expect(problems.isEmpty)
        #expect(outputs.first?.panelScale == 2)
    }

    @Test func autoIsAnOutputsScaleInTheFile() throws {
        let c = try ConfigParser.parse("[output eDP-1]\nscale = auto\n[output DP-1]\nscale = 1.5\n", path: "t.conf")
        #expect(c.outputs.map(\.autoScale) == [true, false])
        #expect(c.outputs.map(\.scale) == [1, 1.5])
    }
}
