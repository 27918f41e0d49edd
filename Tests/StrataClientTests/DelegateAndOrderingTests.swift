import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing

/// Records delegate callbacks in order.
final class EventLog: CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    let name: String
    init(_ name: String) { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { record("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { record("stop \(flag)") }
    /// Not isolated, so a completion block (Apple's `() -> Void`) can log too.
    nonisolated func record(_ event: String) { lock.lock(); entries.append("\(name) \(event)"); lock.unlock() }
    var events: [String] { lock.lock(); defer { lock.unlock() }; return entries }
}

extension ClientProcessSuite {
@Suite struct DelegateAndOrderingTests {
    @Test func replacedAndRemovedAnimationsReportToTheirOwnDelegates() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        connection.attach(layer)
        CATransaction.flush()

        func fade(_ log: EventLog, duration: Double) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = duration
            a.delegate = log
            return a
        }
        let first = EventLog("first"), second = EventLog("second"), third = EventLog("third")
        layer.add(fade(first, duration: 5), forKey: "k")
        CATransaction.flush()
        #expect(eventually { first.events == ["first start"] })
        layer.add(fade(second, duration: 0.2), forKey: "k") // replaces the first
        CATransaction.flush()
        #expect(eventually { second.events == ["second start", "second stop true"] })
        #expect(first.events == ["first start", "first stop false"])
        #expect(layer.animation(forKey: "k") == nil) // removed on completion, on both sides

        layer.add(fade(third, duration: 5), forKey: "k")
        CATransaction.flush()
        #expect(eventually { third.events == ["third start"] })
        layer.removeAnimation(forKey: "k")
        CATransaction.flush()
        #expect(eventually { third.events == ["third start", "third stop false"] })
    }

    @Test func reparentingAndReattachingInOneTransactionKeepTheSession() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        func square(_ x: CGFloat, _ color: CGColor) -> CALayer {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            l.position = CGPoint(x: x, y: 30)
            l.backgroundColor = color
            return l
        }
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let container = square(40, red)
        let floating = square(100, blue)
        connection.attach(container)
        connection.attach(floating)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 100, 30) == [0, 0, 255, 255] })

        // A root becomes a sublayer of a layer changed earlier in the same transaction.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.opacity = 1
        container.position = CGPoint(x: 40, y: 80)
        floating.position = CGPoint(x: 10, y: 10)
        container.addSublayer(floating)
        CATransaction.commit()
        // container spans 30…50 × 70…90; floating at its local (10,10) → screen (40,80).
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 40, 80) == [0, 0, 255, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 100, 30) == [0, 0, 0, 255])

        // A changed sublayer is removed and attached as a root in the same transaction.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        floating.position = CGPoint(x: 130, y: 30)
        floating.removeFromSuperlayer()
        connection.attach(floating)
        CATransaction.commit()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 130, 30) == [0, 0, 255, 255] })
        #expect(errors.reasons.isEmpty)
    }

    @Test func invertingParentAndChildInOneTransactionIsNotACycle() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        // R → A → B, then B becomes R's child and A becomes B's: R → B → A.
        let r = CALayer(), a = CALayer(), b = CALayer()
        r.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        r.position = CGPoint(x: 80, y: 60)
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.position = CGPoint(x: 20, y: 20)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        b.position = CGPoint(x: 60, y: 60)
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        r.addSublayer(a)
        a.addSublayer(b)
        connection.attach(r)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 60, 60) == [0, 0, 255, 255] })

        CATransaction.setDisableActions(true)
        b.removeFromSuperlayer()
        r.addSublayer(b)
        b.addSublayer(a)
        CATransaction.flush()
        // b spans 40…80 × 40…80 in R; a sits at b's (20,20) → screen (60,60).
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 60, 60) == [255, 0, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 45, 45) == [0, 0, 255, 255])
        #expect(errors.reasons.isEmpty)
    }

    /// A mask taken off one layer and given to another, or taken off and made a sublayer, in one
    /// transaction: the commit takes the old mask off first, so the server never sees a layer masking two
    /// layers or a mask with a superlayer (the C API's garbage test found both refused by the server).
    @Test func masksMovedInOneTransactionKeepTheSession() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        func square(_ x: CGFloat, _ side: CGFloat) -> CALayer {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            l.position = CGPoint(x: x, y: 60)
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            return l
        }
        let r = CALayer()
        r.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        r.position = CGPoint(x: 80, y: 60)
        // b is listed before a, so a one-pass encoder would give b the mask while a still holds it.
        let b = square(120, 40), a = square(40, 40), mask = square(20, 10)
        mask.position = CGPoint(x: 20, y: 20) // the middle of a 40-point square
        r.addSublayer(b)
        r.addSublayer(a)
        a.mask = mask
        connection.attach(r)
        CATransaction.flush()
        // a shows only under its 10-point mask: (40, 60) blue, (25, 45) not.
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 40, 60) == [0, 0, 255, 255] })
        #expect(!(pixel(try server.snapshot().pixels, width: 160, 25, 45) == [0, 0, 255, 255]))

        CATransaction.setDisableActions(true)
        a.mask = nil
        b.mask = mask
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 25, 45) == [0, 0, 255, 255] })
        #expect(!(pixel(try server.snapshot().pixels, width: 160, 105, 45) == [0, 0, 255, 255]))

        b.mask = nil
        a.addSublayer(mask)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 105, 45) == [0, 0, 255, 255] })
        #expect(errors.reasons.isEmpty)
    }

    @Test func aTreeBuiltForOneServerIsSentWholeToTheNext() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.position = CGPoint(x: 80, y: 60)
        root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        var doomed: CALayer? = CALayer()
        if let doomed { root.addSublayer(doomed) }

        let first = try ServerProcess()
        let a = try StrataConnection.connect(socketPath: first.socketPath)
        a.attach(root)
        CATransaction.flush()
        #expect(try eventually { pixel(try first.snapshot().pixels, width: 160, 80, 60) == [0, 255, 0, 255] })
        a.close()
        _ = first.stop()

        let second = try ServerProcess()
        defer { _ = second.stop() }
        let (b, errors) = try SessionErrors.connect(second)
        defer { b.close() }
        doomed?.removeFromSuperlayer()
        doomed = nil // freed: it existed only on the first server, so nothing is sent about it
        b.attach(root)
        CATransaction.flush()
        #expect(try eventually { pixel(try second.snapshot().pixels, width: 160, 80, 60) == [0, 255, 0, 255] })
        #expect(errors.reasons.isEmpty)
    }

    @Test func eachTransactionsCompletionWaitsForItsOwnAnimations() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = CALayer()
        connection.attach(layer)
        CATransaction.flush()
        let log = EventLog("tx")
        func long(_ key: String) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = 100
            return a
        }
        // Outer: adds position.x; inner (nested): adds opacity. The outer waits for both, the inner for its own.
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("stop true") }
        layer.add(long("position.x"), forKey: "outer")
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.record("start") }
        layer.add(long("opacity"), forKey: "inner")
        CATransaction.commit()
        CATransaction.commit()
        // A transaction that adds nothing completes at once; one whose animation is replaced before commit too.
        let empty = DispatchSemaphore(value: 0), replaced = DispatchSemaphore(value: 0)
        CATransaction.begin()
        CATransaction.setCompletionBlock { empty.signal() }
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setCompletionBlock { replaced.signal() }
        layer.add(long("zPosition"), forKey: "z")
        layer.removeAnimation(forKey: "z") // gone before the transaction commits: counts as finished
        CATransaction.commit()
        #expect(empty.wait(timeout: .now() + 5) == .success)
        #expect(replaced.wait(timeout: .now() + 5) == .success)

        layer.removeAnimation(forKey: "inner")
        CATransaction.flush()
        #expect(eventually { log.events == ["tx start"] })   // the inner block only
        layer.removeAnimation(forKey: "outer")
        CATransaction.flush()
        #expect(eventually { log.events == ["tx start", "tx stop true"] })
        #expect(errors.reasons.isEmpty)
    }

    @Test func kvcNilClearsAColour() {
        let l = CALayer()
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.setValue(nil, forKeyPath: "backgroundColor")
        #expect(l.backgroundColor == nil)
        #expect(l.value(forKeyPath: "backgroundColor") == nil)
        CATransaction.flush()
    }
}
}

@Suite struct SlowClientTests {
    @Test func aClientThatStopsReadingIsDroppedWithoutStallingOthers() throws {
        let server = try ServerProcess()
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        // A big tree makes every tree reply large.
        let owner = try InspectorClient(socketPath: server.socketPath)
        var ops: [LayerOperation] = [.createLayer(1), .attachRoot(1)]
        for i in 2..<2002 { ops += [.createLayer(LayerID(i)), .insertSublayer(parent: 1, child: LayerID(i), index: UInt32(i - 2))] }
        try owner.send(.commit(Commit(transactionID: 1, operations: ops)))
        #expect(try eventually { (try server.stats()["layers"] as? Int) == 2001 })

        let slow = try InspectorClient(socketPath: server.socketPath)
        for i in 0..<60 { try slow.send(.treeRequest(requestID: UInt32(i + 1))) } // and never read
        // Others are still answered while the slow client's replies pile up, and the slow one is dropped.
        for _ in 0..<5 { #expect(try server.stats()["layers"] as? Int == 2001) }
        #expect(try eventually(10) { (try server.stats()["clients"] as? Int) == 2 }) // owner + the asking client
        log = server.stop()
        #expect(log.contains("client is not reading its messages"))
    }
}
