import Foundation
import Strata
import StrataProtocol
import StrataExamples
import StrataUIKit
import Testing

/// One of seed 003's demos (StrataExamples) shown in this process on a real server, as `strata-examples`
/// shows it: a window with the demo's controller. Input comes from `strata input`; `run(_:)` lets the main
/// queue deliver it and commits as a run loop's turns would.
@MainActor
final class ExampleSession {
    let server: ServerProcess
    let connection: StrataConnection
    let window: UIWindow
    let controller: UIViewController

    convenience init(_ name: String, size: String = "320x480", virtualClock: Bool = false,
                     configure: (UIViewController) -> Void = { _ in }) throws {
        try ExampleImages.install()
        let entry = try #require(ExampleCatalog.entry(named: name))
        try self.init(controller: entry.make(), size: size, virtualClock: virtualClock, configure: configure)
    }

    /// `controller` in a window on a new server (on the virtual clock with `virtualClock`: nothing is drawn
    /// until `advance(frames:)`), started with `serverArguments` besides.
    init(controller: UIViewController, size: String = "320x480", virtualClock: Bool = false, serverArguments: [String] = [],
         configure: (UIViewController) -> Void = { _ in }) throws {
        server = try ServerProcess(size: size, virtualClock: virtualClock, arguments: serverArguments)
        connection = try StrataConnection.connect(socketPath: server.socketPath)
        self.controller = controller
        configure(controller)
        window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        CATransaction.flush()
        // On the virtual clock commits are applied by the first step's frame, not before.
        guard !virtualClock else { return }
        waitUntilApplied(server, layers: Self.count(window.layer))
        usleep(100_000) // applied, and shown by the next frame
    }

    /// Steps the virtual clock `frames` vblanks, one at a time, as a display link follows the app frame by
    /// frame: before each step the main queue has run what was queued and the app has committed; after it
    /// the app has heard the new time and the main queue has run the step's handlers (display-link callbacks).
    func advance(frames: Int) async throws {
        for _ in 0..<frames {
            await Self.mainQueueBarrier()
            _ = try InspectorClient(socketPath: server.socketPath).advanceClock(by: 1 / server.refresh)
            try ServerProcess.hearEverything(connection)
            await Self.mainQueueBarrier()
        }
    }

    /// Lets the main queue run what is queued on it (this test waits on it, suspended), then commits.
    private static func mainQueueBarrier() async {
        CATransaction.flush()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { CATransaction.flush(); done.resume() }
        }
    }

    static func count(_ layer: CALayer) -> Int { 1 + (layer.sublayers ?? []).reduce(0) { $0 + count($1) } }

    func close() {
        connection.close()
        _ = server.stop()
    }

    /// Lets main-queue callbacks (input, animation events) run for `seconds`, committing every 10 ms.
    func run(_ seconds: Double) async {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            CATransaction.flush()
            try? await Task.sleep(nanoseconds: 10_000_000)
        } while Date() < end
    }

    /// Runs until `condition` holds (at most `timeout` s); whether it did.
    @discardableResult
    func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while !condition(), Date() < end { await run(0.02) }
        return condition()
    }

    /// `strata input ARGS` against the server (blocking until the CLI exits; the events wait on the main queue).
    func input(_ arguments: String...) throws { try strataInput(server, arguments) }

    /// The screen's pixel at (x, y) as RGBA.
    func pixel(_ x: Int, _ y: Int) throws -> [UInt8] {
        let shot = try server.snapshot()
        let i = (y * shot.width + x) * 4
        return Array(shot.pixels[i..<(i + 4)])
    }
}

/// Whether two colours are within `tolerance` per channel.
func close(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}
