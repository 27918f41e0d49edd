import StrataTestSupport
import Foundation
import StrataCore
import StrataDisplay
import StrataRender
import StrataScene
import StrataServer
import Testing

/// The server links at start-up only what plain layers draw with; the rest is linked in idle turns, or
/// by the first frame that needs it, in the middle of drawing it. Frames come out exactly as with every
/// program linked at start.
@Suite(.serialized) struct DeferredProgramTests {
    init() { TestFonts.install() }

    /// Plain and moving layers first; at 0.5 s a container appears holding a layer of every other
    /// material: shadow blur, rounded clip, mask, shadowPath fill, shape coverage, gradient, text.
    static let scene = ###"""
    {"strata":1,"background":"#203040","layers":[
      {"id":"plain","bounds":[0,0,20,14],"position":[14,10],"backgroundColor":"#FF8000","cornerRadius":4,"borderWidth":2,"borderColor":"#FFFFFF"},
      {"id":"mover","bounds":[0,0,10,10],"position":[10,40],"backgroundColor":"#40FF40",
       "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":90,"duration":1.2}}},
      {"id":"rich","bounds":[0,0,120,90],"position":[60,45],"opacity":0,"sublayers":[
        {"id":"shadowed","bounds":[0,0,16,12],"position":[40,12],"backgroundColor":"#FFFFFF","shadowOpacity":0.8,"shadowRadius":3,"shadowOffset":[2,3]},
        {"id":"clipped","bounds":[0,0,20,20],"position":[70,14],"cornerRadius":6,"masksToBounds":true,"backgroundColor":"#3050FF",
         "sublayers":[{"id":"inside","bounds":[0,0,20,20],"position":[16,16],"backgroundColor":"#FF3050"}]},
        {"id":"masked","bounds":[0,0,20,20],"position":[100,14],"backgroundColor":"#FFFF00",
         "mask":{"id":"lens","bounds":[0,0,20,20],"position":[10,10],"cornerRadius":10,"backgroundColor":"#000000"}},
        {"id":"pathShadow","bounds":[0,0,16,16],"position":[20,50],"shadowOpacity":1,"shadowRadius":0,"shadowPath":[["ellipse",0,0,16,16]]},
        {"id":"shape","class":"shape","position":[40,42],"path":[["move",0,0],["line",16,4],["line",4,16],["close"]],"fillColor":"#00C0C0","strokeColor":"#FFFFFF","lineWidth":2},
        {"id":"gradient","class":"gradient","bounds":[0,0,24,16],"position":[80,50],"colors":["#FF0000","#0000FF"]},
        {"id":"text","class":"text","bounds":[0,0,40,20],"position":[60,75],"string":"Hi","fontSize":14,"foregroundColor":"#FFFFFF"}]}],
     "changes":[{"time":0.5,"layer":"rich","set":{"opacity":1}}]}
    """###

    static let times = [0, 0.3, 0.6, 0.9]

    /// The frames at `times`, and whether programs were still deferred after each.
    func render(deferring: Bool) throws -> (frames: [[UInt8]], deferred: [Bool]) {
        let scene = try SceneParser.parse(data: Data(Self.scene.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let display = try HeadlessDisplay(width: 120, height: 90)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display, deferringPrograms: deferring)
        compositor.background = scene.background
        compositor.gpuAnimationMinimumLayers = 1
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        var changes = scene.changeCommits(sceneStart: 0)[...]
        var frames: [[UInt8]] = [], deferred: [Bool] = []
        for time in Self.times {
            while let change = changes.first, change.time <= time {
                compositor.advance(to: change.time)
                compositor.submit(change.commit, fds: [], from: 1)
                changes.removeFirst()
            }
            try compositor.renderFrame(at: time)
            frames.append(try compositor.snapshot().pixels)
            deferred.append(compositor.hasDeferredPrograms)
        }
        return (frames, deferred)
    }

    @Test func framesNeedingDeferredProgramsLinkThemAndMatchFramesWithEveryProgramLinkedAtStart() throws {
        let eager = try render(deferring: false)
        #expect(eager.deferred.allSatisfy { !$0 })
        let deferring = try render(deferring: true)
        // Plain and moving layers leave the other materials unlinked; the frame at 0.6 s links each one
        // it draws with as it reaches it.
        #expect(deferring.deferred.prefix(2) == [true, true])
        for (i, (a, b)) in zip(eager.frames, deferring.frames).enumerated() {
            #expect(a == b, "frame at \(Self.times[i]) s differs")
        }
        #expect(eager.frames[2] != eager.frames[1], "the container must show at 0.6 s")
    }

    @Test func idleTurnsLinkEveryDeferredProgramOneAtATime() throws {
        let display = try HeadlessDisplay(width: 32, height: 32)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display, deferringPrograms: true)
        var steps = 0
        while compositor.hasDeferredPrograms, steps < 100 {
            try compositor.linkDeferredProgram()
            steps += 1
        }
        // Every program but the two linked at start (Material.atStart), one per step.
        #expect(steps == Renderer.linkedPrograms - Material.atStart.count + 2) // and the two fills' set-ups
        #expect(!compositor.hasDeferredPrograms)
    }
}
