import Foundation
import Strata
import StrataCore
import Testing

/// A chain of animations, each added from the delegate's `animationDidStop` of the one before, as a
/// gradient that cycles its colours does (issue 48). The next step is flushed at once: the test process's
/// main thread serves the main queue but runs no run loop to commit the implicit transaction at.
final class AnimationChain: CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [Bool] = []
    let layer: CALayer
    let steps: Int
    let key: (Int) -> String
    let make: (Int) -> CAAnimation

    init(_ layer: CALayer, steps: Int, key: @escaping (Int) -> String, make: @escaping (Int) -> CAAnimation) {
        self.layer = layer; self.steps = steps; self.key = key; self.make = make
    }

    /// Each step's `finished` flag, in order.
    var stops: [Bool] { lock.lock(); defer { lock.unlock() }; return flags }

    func start(_ step: Int) {
        let animation = make(step)
        animation.delegate = self
        layer.add(animation, forKey: key(step))
        CATransaction.flush()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        lock.lock()
        flags.append(flag)
        let next = flags.count
        lock.unlock()
        if next < steps { start(next) }
    }
}

extension ClientProcessSuite {
/// Animations added again under a key whose last animation is kept (`isRemovedOnCompletion = false`) run,
/// whatever objects come and go meanwhile: the library knows what it sent by serial numbers, not addresses.
@Suite struct AnimationChainTests {
    /// A 40 × 40 white layer at (40, 40) on a 160 × 100 screen.
    static func square(_ connection: StrataConnection) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 40, y: 40)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        connection.attach(layer)
        CATransaction.flush()
        return layer
    }

    /// Step `i` of a chain of `kind`: 0.05 s, from one opacity (or x) to another, held by its fill mode.
    static func step(_ kind: String, _ i: Int, keep: Bool) -> CAAnimation {
        let from = i % 2 == 0 ? 0.2 : 0.8, to = i % 2 == 0 ? 0.8 : 0.2
        let animation: CAAnimation
        switch kind {
        case "basic":
            let a = CABasicAnimation(keyPath: "opacity")
            (a.fromValue, a.toValue) = (from, to)
            animation = a
        case "keyframe":
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [from, 0.5, to]
            animation = a
        case "spring":
            let a = CASpringAnimation(keyPath: "position.x")
            (a.fromValue, a.toValue) = (40 + 40 * from, 40 + 40 * to)
            animation = a
        case "group":
            let a = CABasicAnimation(keyPath: "opacity")
            (a.fromValue, a.toValue) = (from, to)
            let group = CAAnimationGroup()
            group.animations = [a]
            animation = group
        default:
            let t = CATransition()
            t.type = .fade
            animation = t
        }
        animation.duration = 0.05
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = !keep
        return animation
    }

    static let kinds = ["basic", "keyframe", "spring", "group", "transition"]

    /// Issue 48's repro, on every animation class: 20 steps chained under one kept key all run and finish.
    @Test(arguments: kinds) func twentyStepsUnderOneKeptKeyAllFinish(kind: String) throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = Self.square(connection)
        let chain = AnimationChain(layer, steps: 20, key: { _ in "cycle" }) { Self.step(kind, $0, keep: true) }
        DispatchQueue.main.async { chain.start(0) }
        #expect(eventually(60) { chain.stops.count == 20 }, "\(kind): \(chain.stops.count) of 20 steps finished")
        #expect(chain.stops == Array(repeating: true, count: 20))
        #expect(errors.reasons.isEmpty)
        if kind == "basic" {
            // The last step (from 0.8 to 0.2) holds its end: white at 0.2 over black.
            #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 40, 40) == [51, 51, 51, 255] })
        }
    }

    /// The repro's other variants: removed on completion under one key, and a new key each step.
    @Test(arguments: [(false, "one key"), (true, "a key a step")])
    func chainsRemovedOnCompletionFinish(keyPerStep: Bool, label: String) throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let layer = Self.square(connection)
        let chain = AnimationChain(layer, steps: 4, key: { keyPerStep ? "step \($0)" : "fade" }) { Self.step("basic", $0, keep: false) }
        DispatchQueue.main.async { chain.start(0) }
        #expect(eventually(30) { chain.stops.count == 4 }, "\(label): \(chain.stops.count) of 4 steps finished")
        #expect(chain.stops == [true, true, true, true])
    }

    /// The chain runs while animations on other layers are added, replaced and removed from another thread,
    /// so that freed entries' memory is handed out again all the time.
    @Test func aChainRunsWhileOtherAnimationsComeAndGo() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = Self.square(connection)
        let others = (0..<24).map { i -> CALayer in
            let other = CALayer()
            other.frame = CGRect(x: 90 + Double(i % 6) * 10, y: 10 + Double(i / 6) * 10, width: 8, height: 8)
            other.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            connection.attach(other)
            return other
        }
        CATransaction.flush()
        let chain = AnimationChain(layer, steps: 20, key: { _ in "cycle" }) { Self.step("basic", $0, keep: true) }
        DispatchQueue.main.async { chain.start(0) }
        var round = 0
        let end = Date().addingTimeInterval(60)
        while chain.stops.count < 20, Date() < end {
            for (i, other) in others.enumerated() {
                switch (round + i) % 3 {
                case 0: other.add(Self.step("basic", round, keep: true), forKey: "busy")
                case 1: other.add(Self.step("keyframe", round, keep: false), forKey: "busy")
                default: other.removeAnimation(forKey: "busy")
                }
            }
            CATransaction.flush()
            round += 1
            usleep(5_000)
        }
        #expect(chain.stops == Array(repeating: true, count: 20), "\(chain.stops.count) of 20 steps finished in \(round) rounds")
        #expect(errors.reasons.isEmpty)
    }

    /// A completion block waiting for an animation that was replaced, on a layer freed before the server
    /// reported that animation's stop, still runs: the freed layer stops what it had in flight.
    @Test func aCompletionWaitingOnAReplacedAnimationOfAFreedLayerRuns() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let done = DispatchSemaphore(value: 0)
        do {
            let layer = Self.square(connection)
            CATransaction.begin()
            CATransaction.setCompletionBlock { done.signal() }
            let long = CABasicAnimation(keyPath: "opacity")
            (long.fromValue, long.toValue, long.duration) = (0.0, 1.0, 60)
            layer.add(long, forKey: "k")
            CATransaction.commit()
            CATransaction.flush()
            // Replaced, and the layer gone, in one commit: its stop may never be reported.
            layer.add(Self.step("basic", 0, keep: true), forKey: "k")
            connection.detach(layer)
            CATransaction.flush()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
    }
}
}
