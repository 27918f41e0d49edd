import XCTest
import Strata

/// Runs what the Apple-shaped code in Shared/ can run: that it compiles is checked by building this target.
final class AppleShapeRunTests: XCTestCase {
    func testProbeLayerMakesPresentationCopiesOfItsClass() {
        XCTAssertNotNil(CALayer(layer: ShapeProbeLayer()))
    }
}
