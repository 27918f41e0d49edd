import Foundation
@testable import Strata
import Testing

/// A wrong value's message names what the key accepts, and a key that cannot animate is refused as such
/// whatever the values (not "expected scalar", not "must be a number").
@Suite struct WrongValueMessageTests {
    func logged(_ body: () -> Void) -> [String] { LogCapture.messages(during: body) }

    @Test func setValueByKeyPathNamesTheValuesTheKeyTakes() {
        let shape = CAShapeLayer()
        let name = "CAShapeLayer (layer \(shape.layerID)): setValue(_:forKeyPath:) rejected: "
        let cases: [(String, Any, String)] = [
            ("lineCap", "pointy", #"invalid value for lineCap: expected one of "butt", "round", "square" (a String or its Core Animation type)"#),
            ("lineJoin", 2, #"invalid value for lineJoin: expected one of "miter", "round", "bevel" (a String or its Core Animation type)"#),
            ("position", "here", "invalid value for position: expected a CGPoint (or an NSValue of one)"),
            ("opacity", "half", "invalid value for opacity: expected a number (any numeric type or NSNumber)"),
            ("fillColor", 3, "invalid value for fillColor: expected a CGColor or nil"),
            ("lineDashPattern", ["a"], "invalid value for lineDashPattern: expected an array of numbers or nil"),
        ]
        for (key, value, message) in cases {
            let messages = logged { shape.setValue(value, forKeyPath: key) }
            #expect(messages == [name + message], "\(key): \(messages)")
        }
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter && shape.opacity == 1)
    }

    @Test func aTypedEnumerationNamesItsValues() {
        let shape = CAShapeLayer()
        let messages = logged { shape.lineCap = CAShapeLayerLineCap(rawValue: "pointy") }
        #expect(messages == [#"CAShapeLayer (layer \#(shape.layerID)): lineCap rejected: unsupported: line cap pointy (it takes one of "butt", "round", "square")"#],
                "\(messages)")
    }

    @Test func aKeyThatCannotAnimateIsRefusedWhateverItsValues() {
        let layer = CALayer()
        for from in ["top", 1, CGPoint.zero] as [Any] {
            let animation = CABasicAnimation(keyPath: "contentsGravity")
            animation.fromValue = from
            animation.toValue = from
            let messages = logged { layer.add(animation, forKey: "g") }
            #expect(messages.count == 1 && messages[0].hasSuffix("add(_:forKey:) rejected animation: unsupported: animation of contentsGravity"),
                    "\(from): \(messages)")
            let frames = CAKeyframeAnimation(keyPath: "contentsGravity")
            frames.values = [from, from]
            let keyframeMessages = logged { layer.add(frames, forKey: "k") }
            #expect(keyframeMessages.count == 1 && keyframeMessages[0].hasSuffix("unsupported: animation of contentsGravity"), "\(keyframeMessages)")
        }
    }
}
