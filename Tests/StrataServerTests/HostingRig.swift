import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer

/// A compositor on a small headless output with an event log, for hosting tests: clients commit
/// operations, contexts are made as the server makes them for `createContext`.
final class HostingRig {
    let display: HeadlessDisplay
    let compositor: Compositor
    let log = CompositorEventLog()
    private var transaction: UInt64 = 0

    init(width: Int = 160, height: Int = 120, gpuMinimum: Int? = Compositor.defaultGPUAnimationMinimumLayers) throws {
        display = try HeadlessDisplay(width: width, height: height)
        compositor = try Compositor(display: display)
        compositor.gpuAnimationMinimumLayers = gpuMinimum
        compositor.events = log
    }

    deinit { display.releaseCurrent() }

    func add(_ clients: UInt32..., uid: UInt32? = nil) {
        for c in clients { compositor.addClient(c, uid: uid) }
    }

    func commit(_ ops: [LayerOperation], from client: UInt32) {
        transaction += 1
        compositor.submit(Commit(transactionID: transaction, operations: ops), fds: [], from: client)
    }

    /// A context of `client`'s: its token (a refusal is a test failure, reported by the caller).
    func export(from client: UInt32, hostUsers: [UInt32] = []) -> (token: ContextToken, refusal: String) {
        compositor.createContext(for: client, hostUsers: hostUsers)
    }

    func frame(at t: Double) throws { _ = try compositor.renderFrame(at: t) }

    /// The hosting messages sent so far to `client`, in order.
    func hosting(to client: UInt32) -> [ServerMessage] {
        log.messages.filter { $0.client == client }.map(\.message).filter {
            switch $0 {
            case .hostedContext, .contextHosts: true
            default: false
            }
        }
    }

    /// The last `hostedContext` sent to `client` about `layer`.
    func lastStatus(of layer: LayerID, to client: UInt32) -> (HostingStatus, String)? {
        for m in hosting(to: client).reversed() {
            if case let .hostedContext(l, status, reason) = m, l == layer { return (status, reason) }
        }
        return nil
    }

    func pixel(_ x: Int, _ y: Int) throws -> [UInt8] {
        let shot = try compositor.snapshot()
        let i = (y * shot.width + x) * 4
        return Array(shot.pixels[i..<i + 4])
    }

    func pixels() throws -> [UInt8] { try compositor.snapshot().pixels }
}

/// Layer operations of hosting tests.
enum HostingOps {
    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> AnimatableValue {
        .color(Color(red: r, green: g, blue: b, alpha: a))
    }

    /// A layer of `kind` filling `frame` with `fill`.
    static func layer(_ id: LayerID, _ frame: CGRect, fill: AnimatableValue?, kind: LayerKind = .layer) -> [LayerOperation] {
        var ops: [LayerOperation] = [.createLayer(id, kind: kind), .setProperty(id, .bounds, .rect(CGRect(origin: .zero, size: frame.size))),
                                     .setProperty(id, .position, .point(CGPoint(x: frame.midX, y: frame.midY)))]
        if let fill { ops.append(.setProperty(id, .backgroundColor, fill)) }
        return ops
    }

    /// The exported tree: a blue 100 × 80 panel with a red square casting a shadow, a green bar masked
    /// by a rounded layer, and (with `animated`) that many small squares moving right for 2 s from time 0.
    static func panel(top: LayerID, animated: Int = 0) -> [LayerOperation] {
        var ops = layer(top, CGRect(x: 0, y: 0, width: 100, height: 80), fill: color(0, 0, 1))
        ops += layer(top + 1, CGRect(x: 10, y: 10, width: 30, height: 30), fill: color(1, 0, 0))
        ops += [.setProperty(top + 1, .shadowOpacity, .scalar(0.8)), .setProperty(top + 1, .shadowRadius, .scalar(3)),
                .setProperty(top + 1, .shadowOffset, .size(CGSize(width: 4, height: 4))),
                .insertSublayer(parent: top, child: top + 1, index: 0)]
        ops += layer(top + 2, CGRect(x: 50, y: 10, width: 40, height: 60), fill: color(0, 1, 0))
        ops += layer(top + 3, CGRect(x: 5, y: 5, width: 30, height: 50), fill: color(1, 1, 1))
        ops += [.setProperty(top + 3, .cornerRadius, .scalar(12)), .setMask(top + 2, mask: top + 3),
                .insertSublayer(parent: top, child: top + 2, index: 1)]
        var timing = MediaTiming()
        timing.duration = 2
        for i in 0..<animated {
            let id = top + 10 + LayerID(i), x = CGFloat(i % 8) * 6 + 4, y = CGFloat(i / 8) * 7 + 45
            ops += layer(id, CGRect(x: x - 2, y: y - 2, width: 4, height: 4), fill: color(1, 1, 0))
            ops.append(.insertSublayer(parent: top, child: id, index: UInt32(2 + i)))
            ops.append(.addAnimation(id, key: "move", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                   kind: .basic(from: .point(CGPoint(x: x, y: y)), to: .point(CGPoint(x: x + 40, y: y)), by: nil),
                                                                   timing: timing)))
        }
        return ops
    }

    /// The host side: a grey root and, in it, a layer of `kind` (a host layer, or a plain one to draw the
    /// same tree locally) scaled, rotated, faded, rounded and clipping.
    static func frame(root: LayerID, holder: LayerID, kind: LayerKind) -> [LayerOperation] {
        var ops = layer(root, CGRect(x: 0, y: 0, width: 160, height: 120), fill: color(0.3, 0.3, 0.3))
        ops += layer(holder, CGRect(x: 20, y: 15, width: 120, height: 90), fill: color(1, 0.5, 0), kind: kind)
        ops += [.setProperty(holder, .transform, .transform(Transform3D.rotation(0.2, 0, 0, 1) * .scale(0.9, 0.9, 1))),
                .setProperty(holder, .opacity, .scalar(0.6)), .setProperty(holder, .cornerRadius, .scalar(24)),
                .setProperty(holder, .masksToBounds, .bool(true)),
                .insertSublayer(parent: root, child: holder, index: 0), .attachRoot(root)]
        return ops
    }
}

/// Where two frames of one size differ: how many pixels, and the first (x, y) with both colours.
struct FrameDifference: CustomStringConvertible, Equatable {
    var count = 0
    var first: String?
    var description: String { count == 0 ? "none" : "\(count) pixels, first \(first ?? "")" }

    init(_ a: [UInt8], _ b: [UInt8], width: Int = 160) {
        guard a.count == b.count else { count = -1; first = "sizes \(a.count) and \(b.count)"; return }
        for i in stride(from: 0, to: a.count, by: 4) where a[i..<i + 4] != b[i..<i + 4] {
            if first == nil { first = "(\(i / 4 % width), \(i / 4 / width)): \(Array(a[i..<i + 4])) vs \(Array(b[i..<i + 4]))" }
            count += 1
        }
    }

    static let none = FrameDifference([], [])
}
