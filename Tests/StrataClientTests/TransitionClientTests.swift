import Foundation
import Strata
import StrataCore
import Testing

extension ClientProcessSuite {
/// CATransition from the client library to a server process: explicit transitions, the key they are
/// stored under, the default action of a replaced sublayer, and rejection of other types.
@Suite struct TransitionClientTests {
    /// A 60×40 layer at (80,60) (screen x 50…110, y 40…80) showing a red sublayer.
    func makeScene(_ connection: StrataConnection) -> (host: CALayer, face: CALayer) {
        let host = CALayer()
        host.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        host.position = CGPoint(x: 80, y: 60)
        let face = CALayer()
        face.frame = host.bounds
        face.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        host.addSublayer(face)
        connection.attach(host)
        CATransaction.flush()
        return (host, face)
    }

    @Test func aPushFrozenHalfWayShowsOldAndNewSideBySide() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (host, face) = makeScene(connection)
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [255, 0, 0, 255] })

        // Replace the red face with a blue one under a push from the right, paused at half way
        // (speed 0, timeOffset = half the duration), so the frame is the same whenever it is taken.
        let blue = CALayer()
        blue.frame = host.bounds
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 1
        push.speed = 0
        push.timeOffset = 0.5
        CATransaction.setDisableActions(true)
        host.replaceSublayer(face, with: blue)
        host.add(push, forKey: "any key")
        CATransaction.flush()
        #expect(host.animationKeys() == [kCATransition])
        // Old shifted 30 left (x 20…80), new 30 right (x 80…140).
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 30, 60) == [255, 0, 0, 255] })
        let px = try server.snapshot().pixels
        #expect(pixel(px, width: 160, 75, 60) == [255, 0, 0, 255])
        #expect(pixel(px, width: 160, 85, 60) == [0, 0, 255, 255])
        #expect(pixel(px, width: 160, 135, 60) == [0, 0, 255, 255])
        #expect(pixel(px, width: 160, 145, 60) == [0, 0, 0, 255])

        // Removing the transition shows the new appearance at once.
        host.removeAnimation(forKey: kCATransition)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 55, 60) == [0, 0, 255, 255] })
        #expect(errors.reasons.isEmpty)
    }

    @Test func replacingASublayerRunsAFadeOnTheSuperlayer() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (host, face) = makeScene(connection)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.4)
        host.replaceSublayer(face, with: CALayer())
        CATransaction.commit()
        let t = try #require(host.animation(forKey: kCATransition) as? CATransition)
        #expect(t.type == .fade && t.subtype == nil && t.duration == 0.4)
        #expect(face.animation(forKey: kCATransition) == nil)
        // With actions disabled, no transition.
        CATransaction.setDisableActions(true)
        host.replaceSublayer(host.sublayers?.first ?? CALayer(), with: CALayer())
        CATransaction.flush()
        #expect(errors.reasons.isEmpty)
        withExtendedLifetime(host) {}
    }

    @Test func otherTransitionTypesAreRejectedByName() throws {
        let layer = CALayer()
        let iris = CATransition()
        iris.type = CATransitionType(rawValue: "cameraIris")
        layer.add(iris, forKey: nil)
        #expect(layer.animationKeys() == nil)
        let cube = CATransition()
        cube.type = CATransitionType(rawValue: "cube")
        cube.subtype = .fromTop
        layer.add(cube, forKey: nil)
        #expect(layer.animationKeys() == [kCATransition])
        let sideways = CATransition()
        sideways.subtype = CATransitionSubtype(rawValue: "sideways")
        layer.add(sideways, forKey: nil)
        #expect((layer.animation(forKey: kCATransition) as? CATransition)?.type.rawValue == "cube")
        CATransaction.flush()
    }
}
}
