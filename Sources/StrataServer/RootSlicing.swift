import Foundation
import StrataRender

/// A deferred client's roots made again a slice at a time (`Compositor.makeRoots`): the builder stops
/// between two sublayers once `deadline` has passed, and keeps the commands of every sublayer it finished
/// (`made`), so that the next slice, between the next two frames, takes them as they are and goes on from
/// there. A client's 1,000 labels took 4–10 ms to build, more than the time a frame leaves free on this
/// machine; a slice of it fits.
///
/// What was made holds while nothing of the clients' scenes changes (`changes`, `ClientScene.changes`):
/// the same layers, values and layouts give the same commands. Sublayers of a replicator are made once per
/// copy and are never kept; a list with motion slots never uses it.
final class RootSlicing {
    /// Each client's `ClientScene.changes` when its first slice began.
    let changes: [UInt32: UInt64]
    /// The commands each finished sublayer emitted, by layer. (By address: a layer freed since was freed
    /// by its client's commit or departure, which changes `changes` and so throws all of this away.)
    private(set) var made: [ObjectIdentifier: [DrawCommand]] = [:]
    /// When to stop (uptime nanoseconds); nil: not before the roots are made.
    private(set) var deadline: UInt64?
    /// Whether this slice stopped before the end: what it emitted is incomplete and is thrown away, but for
    /// the sublayers in `made`.
    private(set) var interrupted = false
    /// Milliseconds each client's slices took so far (what its update cost, charged when the roots go in).
    var costs: [UInt32: Double] = [:]

    init(changes: [UInt32: UInt64]) { self.changes = changes }

    /// Sublayers this slice finished: every slice finishes one at least, so that slices always get on.
    private var madeInSlice = 0

    /// Starts a slice that stops at `deadline` (nil: one that finishes; 0: one that finishes a sublayer).
    func begin(until deadline: UInt64?) {
        self.deadline = deadline
        interrupted = false
        madeInSlice = 0
    }

    /// Whether the slice must stop before emitting another sublayer.
    func shouldStop() -> Bool {
        if !interrupted, madeInSlice > 0, let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { interrupted = true }
        return interrupted
    }

    func commands(of node: RenderNode) -> [DrawCommand]? { made[ObjectIdentifier(node)] }

    func keep(_ commands: ArraySlice<DrawCommand>, of node: RenderNode) {
        guard !interrupted else { return }
        made[ObjectIdentifier(node)] = Array(commands)
        madeInSlice += 1
    }
}
