import Foundation
import Strata
import Testing

/// UIKit colour code with `UIColor` renamed `CGColor` compiles and gives UIKit's values.
@Suite struct UIColorRenameTests {
    @Test func namedColoursHaveUIKitsValues() {
        #expect(CGColor.red.cgColor.components == [1, 0, 0, 1])
        #expect(CGColor.orange.components == [1, 0.5, 0, 1])
        #expect(CGColor.purple.components == [0.5, 0, 0.5, 1])
        #expect(CGColor.brown.components == [0.6, 0.4, 0.2, 1])
        let third: CGFloat = 1.0 / 3, twoThirds: CGFloat = 2.0 / 3
        // UIKit's greys are in a grey colour space: two components, white and alpha.
        #expect(CGColor.darkGray.components == [third, 1])
        #expect(CGColor.lightGray.components == [twoThirds, 1])
        #expect(CGColor.gray == CGColor(white: 0.5, alpha: 1))
    }

    @Test func alphaVariantsKeepTheColour() {
        let half = CGColor.blue.withAlphaComponent(0.5)
        #expect(half.components == [0, 0, 1, 0.5] && half.alpha == 0.5)
        #expect(CGColor.blue.alpha == 1)   // the original is unchanged
        #expect(CGColor(white: 0.2, alpha: 1).copy(alpha: 0.25)?.components == [0.2, 0.25])
        // As ported code writes it: a layer's colour from UIKit's API.
        let layer = CALayer()
        layer.backgroundColor = CGColor.red.withAlphaComponent(0.3).cgColor
        #expect(layer.backgroundColor?.components == [1, 0, 0, 0.3])
    }
}
