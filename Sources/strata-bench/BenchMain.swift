import ArgumentParser
import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer

/// Renders N layers headlessly through the server's compositor and prints one JSON object of per-frame
/// timings and work (draw calls, offscreen passes, repainted pixels). A benchmark: it asserts nothing.
/// Scenarios: `spin`, every layer animating (position, opacity and rotation); `one-moving`, N opaque
/// 50×50 layers of which only one moves, so damage tracking repaints a small region each frame; `shapes`,
/// N shape layers, each a stroked circle whose strokeEnd and rotation animate; `replicator`, one
/// replicator drawing N copies of one bar whose opacity and scale animate; `replicator-delayed`, the same
/// with each copy 1/N s later than the last (a spinner); `bars`, the delayed replicator's picture from N
/// separate bar layers (what the replicator saves); `cards`, N shadowed cards whose shadows animate
/// (`CardsScenario`); `labels`, N cards each holding a text label, sliding and turning (`LabelsScenario`);
/// `text`, N text labels whose strings change every
/// frame (`TextScenario`), with the server's CPU time per frame and its glyph cache's hits; `soak`, many clients committing fast to a real server
/// process (`SoakRun`); `contents`, a large backing store redrawn whole and in small rectangles through the
/// client library to a real server process (`ContentsRun`); `latency`, commit → on screen against a real
/// server process: its start, a fresh client's first commit, and one commit per frame (`LatencyRun`);
/// `kiosk`, a café order screen at 1280×800 through the client library (`KioskRun`); `emitter`, one emitter
/// layer keeping `--particles` alive (`EmitterScenario`); `gl`, an app's own GL drawing 1280×720 into a
/// CAMetalLayer on a real server, one frame per display-link tick (`GLRun`); `video`, a 1080p30 H.264 clip
/// played through AVPlayer on a real server at 1920×1080: frames, CPU split by thread, memory (`VideoRun`);
/// `tiled`, a 16384 × 16384-point CATiledLayer map panned at 60 fps on a real server (`TiledRun`); `frosted`, a
/// frosted panel over the whole output above moving circles, without filters and at two blur radii (`FrostedRun`).
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strata-bench", abstract: "Measure the server's per-frame work.",
                                                    version: StrataVersion.current)

    @Option(help: "Number of animated layers.") var layers = 1000
    @Option(help: "Particles alive in steady state (scenario emitter).") var particles = 1000
    @Option(help: "Frames to render.") var frames = 300
    @Option(name: .customLong("size"), help: "Framebuffer size WIDTHxHEIGHT (default 320x240; kiosk: 1280x800).") var sizeOption: String?
    var size: String { sizeOption ?? (scenario == .kiosk || scenario == .frosted ? "1280x800" : "320x240") }
    @Option(help: "spin (every layer animates), one-moving (one 50x50 layer of N moves), shapes (N stroked circles animating strokeEnd and rotation), replicator (one replicator of N copies of an animated bar), replicator-delayed (the same, each copy 1/N s later), bars (that picture from N separate layers), cards (N shadowed cards moving while their shadows' offset, radius and opacity animate), labels (N cards holding a text label, sliding and turning), text (N labels whose strings change every frame), soak, contents, latency (commit → on screen on a real server; --clients fresh clients, --frames commits per frame) text-attack (a hostile client's text beside a client animating N layers on a real server, for --seconds; --attack marks, letters, labels or all), gl (an app's GL drawing 1280x720 into a CAMetalLayer on a real server for --frames display-link ticks: client and server CPU, present → on screen, copies per frame), video (a 1080p30 H.264 clip of --frames frames, default 300, made with gst-launch-1.0 and played through AVPlayer on a real server at 1920x1080: frames shown/dropped/repeated, CPU per second of video for decode, transfer and the server, memory), tiled (a 16384x16384-point CATiledLayer map panned diagonally for --frames display-link ticks on a real server, default 1280x800: frames missed, tile request → on screen, pan start → first new tile, tiles kept, server and client memory) settings (issue 52: a UIKit settings screen of --rows rows of controls in a scroll view at 1280x800, flung --flings times by injected touches and scrolled 10 times with setContentOffset(animated:): vblanks missed while it moved, server and app CPU per moving frame), frosted (issue 53: a frosted panel over the whole output, default 1280x800, above moving circles, drawn without filters and with blur radii 8 and 64: frame time, Strata CPU and GL time a frame each), layout (issue 54: a 1,000-constraint screen's full layout and one constant's re-solve, in this process; then a table of --rows self-sizing rows, default 10,000, flung and scrolled on a real server as settings scrolls its screen), hosting (issue 56: the spin scene's N layers drawn from a root of their own client, then exported as a context and shown by another client's host layer, --frames frames each, three runs alternating, in this process: the server CPU per frame of each way and their ratio), or kiosk (a café order screen through the client library on a real server: its first frame, a progress ring animating, --taps taps starting spring bounces, and a spinner).")
    var scenario = Scenario.spin

    enum Scenario: String, ExpressibleByArgument {
        case spin
        case oneMoving = "one-moving"
        case shapes
        case replicator
        case replicatorDelayed = "replicator-delayed"
        case bars
        case cards
        case labels
        case text
        case soak
        case contents
        case latency
        case textAttack = "text-attack"
        case kiosk
        case emitter
        case gl
        case video
        case tiled
        case settings
        case frosted
        case layout
        case hosting
    }

    @Option(help: "soak: clients, each with its own animated tree, committing --rate times a second for --seconds.")
    var clients = 32
    @Option(help: "soak: commits per second per client.") var rate = 120.0
    @Option(help: "soak: seconds to run.") var seconds = 60.0
    @Option(help: "contents: the backing store's side in pixels (1024: 4 MiB).") var side = 1024
    @Option(help: "text-attack: marks (65,536 combining marks), letters (65,536 letters), labels (1,000 labels) or all, replaced at every frame; none for the well-behaved client alone.")
    var attack = "all"
    @Flag(help: "Evaluate every animation on the CPU (the GPU path off: Compositor.gpuAnimationMinimumLayers = nil).")
    var cpuAnimations = false
    @Flag(help: "Move shapes with their motion slots even on a software rasteriser (Compositor.shapesMoveOnTheGPU), where by default they stay on the CPU.")
    var gpuShapes = false
    @Flag(help: "Instead of timing: draw each frame with the GPU path and with the CPU and compare the pixels.")
    var checkAgainstCpu = false
    @Option(help: "latency: server starts measured with a warm shader cache.") var starts = 10
    @Option(help: "kiosk: taps measured, about 0.6 s apart.") var taps = 30
    @Option(help: "settings: rows of controls in the scroll view.") var rows = 200
    @Option(help: "settings: flings, alternately up and down, each left to come to rest.") var flings = 6
    @Option(help: "spin: how many of the layers also animate contentsCenter, which only the CPU evaluates (a frame mixing both paths).")
    var cpuLayers = 0

    func run() throws {
        MemoryRelease.keepHeapBetweenFrames() // as strata-server does
        guard let dims = SizeArgument.parse(size) else { throw ValidationError("--size must be WIDTHxHEIGHT") }
        guard layers >= 0, frames > 0 else { throw ValidationError("--layers must be ≥ 0 and --frames > 0") }
        // Strata's callbacks run on the main queue: the runs that wait for them do so on a thread of their own
        // while the main thread runs its run loop.
        if let result = try OffMain.run({ try runOnItsOwn(dims) }) {
            print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
            return
        }
        try runInProcess(dims)
    }

    /// The scenarios with a run of their own (a real server process, or both paths compared); nil for the
    /// in-process ones.
    func runOnItsOwn(_ dims: (width: Int, height: Int)) throws -> [String: Any]? {
        switch scenario {
        case .contents:
            guard (64...8192).contains(side) else { throw ValidationError("--side must be 64…8192") }
            return try ContentsRun(side: side, updates: min(frames, 200)).run()
        case .latency:
            guard starts > 0, clients > 0 else { throw ValidationError("--starts and --clients must be > 0") }
            return try LatencyRun(size: size, starts: starts, freshClients: clients, frames: frames).run()
        case .textAttack:
            guard ["none", "marks", "letters", "labels", "all"].contains(attack) else { throw ValidationError("--attack must be none, marks, letters, labels or all") }
            return try TextAttackRun(size: size, layers: layers, seconds: seconds, attack: attack).run()
        case .kiosk:
            guard taps > 0 else { throw ValidationError("--taps must be > 0") }
            return try KioskRun(size: size, taps: taps).run()
        case .gl:
            return try GLRun(frames: frames).run()
        case .tiled:
            return try TiledRun(size: sizeOption ?? "1280x800", frames: frames).run()
        case .video:
            guard frames >= 60 else { throw ValidationError("--frames must be ≥ 60 for video (its first second is left out)") }
            return try VideoRun(frames: frames).run()
        case .soak:
            return try SoakRun(clients: clients, commitsPerSecond: rate, seconds: seconds, size: size).run()
        case .frosted:
            return try FrostedRun(width: dims.width, height: dims.height, frames: frames).run()
        case .settings:
            guard rows > 0, flings > 0 else { throw ValidationError("--rows and --flings must be > 0") }
            return try SettingsRun(size: sizeOption ?? "1280x800", rows: rows, flings: flings).run()
        case .layout:
            guard rows > 0, flings > 0 else { throw ValidationError("--rows and --flings must be > 0") }
            return try LayoutRun(size: sizeOption ?? "1280x800", rows: rows == 200 ? 10_000 : rows, flings: flings).run()
        case .hosting:
            return try HostingRun(width: dims.width, height: dims.height, layers: layers, frames: frames, cpuAnimations: cpuAnimations).run()
        default:
            break
        }
        guard checkAgainstCpu else { return nil }
        let commit = switch scenario {
        case .spin: Self.scene(layers: layers, width: dims.width, height: dims.height, cpuLayers: cpuLayers)
        case .cards: CardsScenario.scene(cards: layers, width: dims.width, height: dims.height)
        case .labels: LabelsScenario.scene(cards: layers, width: dims.width, height: dims.height)
        case .shapes: Self.shapesScene(layers: layers, width: dims.width, height: dims.height)
        case .replicator, .replicatorDelayed:
            Self.replicatorScene(instances: layers, width: dims.width, height: dims.height, delayed: scenario == .replicatorDelayed)
        default: throw ValidationError("--check-against-cpu draws the spin, cards, labels, shapes or replicator scenarios")
        }
        return try GPUCheckRun(commit: commit, width: dims.width, height: dims.height, frames: frames, layers: layers).run()
    }

    /// An in-process compositor on a headless display drawing the scenario's scene `frames` times.
    func runInProcess(_ dims: (width: Int, height: Int)) throws {
        let display = try HeadlessDisplay(width: dims.width, height: dims.height)
        let compositor = try Compositor(display: display)
        // The scenes hold up to four animations per layer: at 10,000 layers more than a client's default
        // quota (20,000), which would refuse the scene and leave nothing to measure.
        compositor.quotas.layers = max(compositor.quotas.layers, layers * 2 + 16)
        compositor.quotas.animations = max(compositor.quotas.animations, layers * 4 + 16)
        compositor.addClient(1)
        let commit = switch scenario {
        case .spin: Self.scene(layers: layers, width: dims.width, height: dims.height, cpuLayers: cpuLayers)
        case .oneMoving: Self.oneMovingScene(layers: layers, width: dims.width, height: dims.height)
        case .shapes: Self.shapesScene(layers: layers, width: dims.width, height: dims.height)
        case .replicator: Self.replicatorScene(instances: layers, width: dims.width, height: dims.height, delayed: false)
        case .replicatorDelayed: Self.replicatorScene(instances: layers, width: dims.width, height: dims.height, delayed: true)
        case .bars: Self.barsScene(layers: layers, width: dims.width, height: dims.height)
        case .cards: CardsScenario.scene(cards: layers, width: dims.width, height: dims.height)
        case .labels: LabelsScenario.scene(cards: layers, width: dims.width, height: dims.height)
        case .text: TextScenario.scene(labels: layers, width: dims.width, height: dims.height)
        case .soak, .contents, .latency, .textAttack, .kiosk, .emitter, .gl, .video, .tiled, .settings, .frosted, .layout, .hosting: Commit(transactionID: 1, operations: [])
        }
        var startTime = 0.0
        if scenario == .emitter {
            let (scene, buffers) = try EmitterScenario.scene(particles: particles, width: dims.width, height: dims.height)
            compositor.quotas.particles = max(compositor.quotas.particles, particles * 2)
            compositor.submit(scene, fds: buffers.map { dup($0.fd) }, from: 1)
            startTime = EmitterScenario.startTime
        }
        if cpuAnimations { compositor.gpuAnimationMinimumLayers = nil }
        if gpuShapes { compositor.shapesMoveOnTheGPU = true }
        compositor.submit(commit, fds: [], from: 1)
        let wallStart = DispatchTime.now().uptimeNanoseconds, cpuStart = Self.processCPUSeconds()
        var reused = 0, slots = 0
        for i in 0..<frames {
            if scenario == .text, i > 0 { compositor.submit(TextScenario.update(labels: layers, frame: i), fds: [], from: 1) }
            try compositor.renderFrame(at: startTime + Double(i) / 60)
            if compositor.lastFrameWork.drawListReused { reused += 1 }
            slots = max(slots, compositor.lastFrameWork.motionSlots)
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
        let cpu = Self.processCPUSeconds() - cpuStart
        var stats = compositor.statsJSON()
        stats["layers"] = layers
        if scenario == .emitter { stats["particles"] = particles }
        stats["scenario"] = scenario.rawValue
        stats["frames"] = frames
        // Layers the GPU animated, and the frames that only ran the motion pass on a reused draw list.
        stats["motion_slots"] = slots
        stats["frames_reusing_draw_list"] = reused
        stats["renderer"] = compositor.driver
        stats["wall_seconds"] = wall
        stats["fps"] = Double(frames) / wall
        // The whole process's CPU time (this in-process server's, commits included; llvmpipe's threads too).
        stats["process_cpu_ms_per_frame"] = cpu * 1000 / Double(frames)
        let data = try JSONSerialization.data(withJSONObject: stats, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// A root the size of the display holding `n` small layers in a grid, each with infinite position,
    /// opacity and transform.rotation.z animations of different periods.
    static func scene(layers n: Int, width: Int, height: Int, cpuLayers: Int = 0) -> Commit {
        var ops = root(width: width, height: height)
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        for i in 0..<n {
            let id = LayerID(i + 2)
            let x = CGFloat(i % columns) / CGFloat(columns) * CGFloat(width)
            let y = CGFloat(i / columns) / CGFloat(columns) * CGFloat(height)
            ops += square(id, side: 12, at: CGPoint(x: x, y: y), hue: CGFloat(i % 7) / 7, index: i)
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.autoreverses = true
            t.duration = 1 + Double(i % 5) * 0.1
            ops.append(.addAnimation(id, key: "position", AnimationSpec(
                keyPath: LayerKeyPath(property: .position), kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: 20, y: 10))), timing: t)))
            ops.append(.addAnimation(id, key: "opacity", AnimationSpec(
                keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0.3), by: nil), timing: t,
                timingFunction: .easeInEaseOut)))
            ops.append(.addAnimation(id, key: "rotation", AnimationSpec(
                keyPath: LayerKeyPath(property: .transform, component: .rotationZ), kind: .basic(from: .scalar(0), to: .scalar(3), by: nil), timing: t)))
            if i < cpuLayers {
                // Invisible on a layer without contents, and evaluated only on the CPU: every frame rebuilds its list.
                ops.append(.addAnimation(id, key: "center", AnimationSpec(
                    keyPath: LayerKeyPath(property: .contentsCenter),
                    kind: .basic(from: .rect(CGRect(x: 0, y: 0, width: 1, height: 1)), to: .rect(CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), by: nil),
                    timing: t)))
            }
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// A root the size of the display holding `n` opaque 50×50 layers spread over it (overlapping when
    /// there are many), each its own colour; only the middle one moves, 40 px to and fro every 2 s.
    static func oneMovingScene(layers n: Int, width: Int, height: Int) -> Commit {
        var ops = root(width: width, height: height, background: Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let rows = max(1, (n + columns - 1) / columns)
        for i in 0..<n {
            let id = LayerID(i + 2)
            let x = 25 + CGFloat(i % columns) * CGFloat(max(0, width - 50)) / CGFloat(max(1, columns - 1))
            let y = 25 + CGFloat(i / columns) * CGFloat(max(0, height - 50)) / CGFloat(max(1, rows - 1))
            ops += square(id, side: 50, at: CGPoint(x: x, y: y), hue: CGFloat(i % 11) / 11, index: i)
            if i == n / 2 {
                var t = MediaTiming()
                t.repeatCount = .infinity
                t.autoreverses = true
                t.duration = 1
                ops.append(.addAnimation(id, key: "position", AnimationSpec(
                    keyPath: LayerKeyPath(property: .position), kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: 40, y: 0))), timing: t)))
            }
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// A root holding `n` shape layers in a grid, each a stroked circle (no fill) whose strokeEnd runs 0 → 1
    /// and whose rotation turns, both infinitely.
    static func shapesScene(layers n: Int, width: Int, height: Int) -> Commit {
        var ops = root(width: width, height: height)
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let side = max(4, CGFloat(width) / CGFloat(columns))
        var circle = Path()
        circle.addEllipse(in: CGRect(x: 2, y: 2, width: side - 4, height: side - 4))
        for i in 0..<n {
            let id = LayerID(i + 2)
            ops += [.createLayer(id, kind: .shape),
                    .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: side, height: side))),
                    .setProperty(id, .position, .point(CGPoint(x: (CGFloat(i % columns) + 0.5) * side, y: (CGFloat(i / columns) + 0.5) * side))),
                    .setProperty(id, .path, .path(circle)),
                    .setProperty(id, .fillColor, .color(nil)),
                    .setProperty(id, .strokeColor, .color(Color(red: CGFloat(i % 7) / 7, green: 0.6, blue: 1, alpha: 1))),
                    .setProperty(id, .lineWidth, .scalar(2)),
                    .insertSublayer(parent: 1, child: id, index: UInt32(i))]
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.duration = 1 + Double(i % 5) * 0.1
            ops.append(.addAnimation(id, key: "strokeEnd", AnimationSpec(
                keyPath: LayerKeyPath(property: .strokeEnd), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: t)))
            ops.append(.addAnimation(id, key: "rotation", AnimationSpec(
                keyPath: LayerKeyPath(property: .transform, component: .rotationZ), kind: .basic(from: .scalar(0), to: .scalar(6.283), by: nil),
                timing: t)))
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// A root holding one replicator of `n` copies of a 4×12 bar, turned 2π/n apart about its centre; the
    /// bar's opacity and scale animate infinitely, and with `delayed` each copy runs 1/n s later (a spinner).
    static func replicatorScene(instances n: Int, width: Int, height: Int, delayed: Bool) -> Commit {
        var ops = root(width: width, height: height)
        let side = CGFloat(min(width, height))
        ops += [.createLayer(2, kind: .replicator),
                .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: side, height: side))),
                .setProperty(2, .position, .point(CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2))),
                .setProperty(2, .instanceCount, .scalar(CGFloat(n))),
                .setProperty(2, .instanceTransform, .transform(.rotation(2 * .pi / CGFloat(max(n, 1)), 0, 0, 1))),
                .setProperty(2, .instanceDelay, .scalar(delayed ? 1 / CGFloat(max(n, 1)) : 0)),
                .insertSublayer(parent: 1, child: 2, index: 0),
                .createLayer(3),
                .setProperty(3, .bounds, .rect(CGRect(x: 0, y: 0, width: 4, height: 12))),
                .setProperty(3, .position, .point(CGPoint(x: side / 2, y: 14))),
                .setProperty(3, .backgroundColor, .color(Color(red: 0.3, green: 0.8, blue: 1, alpha: 1))),
                .insertSublayer(parent: 2, child: 3, index: 0)]
        var t = MediaTiming()
        t.repeatCount = .infinity
        t.autoreverses = true
        t.duration = 0.5
        ops.append(.addAnimation(3, key: "opacity", AnimationSpec(
            keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0.2), by: nil), timing: t)))
        ops.append(.addAnimation(3, key: "scale", AnimationSpec(
            keyPath: LayerKeyPath(property: .transform, component: .scale), kind: .basic(from: .scalar(1), to: .scalar(0.5), by: nil), timing: t)))
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// The replicator scenario's picture from `n` separate layers: each bar turned 2π/n further about the
    /// centre, its opacity and scale animations begun 1/n s later than the previous bar's.
    static func barsScene(layers n: Int, width: Int, height: Int) -> Commit {
        var ops = root(width: width, height: height)
        let side = CGFloat(min(width, height)), count = CGFloat(max(n, 1))
        let centre = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
        for i in 0..<n {
            let id = LayerID(i + 2)
            // The bar at (side/2, 14) in a side × side square centred on the display, turned about its centre.
            let angle = 2 * .pi * CGFloat(i) / count
            let offset = CGPoint(x: 0, y: 14 - side / 2)
            let p = CGPoint(x: centre.x + offset.x * cos(angle) - offset.y * sin(angle), y: centre.y + offset.x * sin(angle) + offset.y * cos(angle))
            ops += [.createLayer(id),
                    .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 4, height: 12))),
                    .setProperty(id, .position, .point(p)),
                    .setProperty(id, .transform, .transform(.rotation(angle, 0, 0, 1))),
                    .setProperty(id, .backgroundColor, .color(Color(red: 0.3, green: 0.8, blue: 1, alpha: 1))),
                    .insertSublayer(parent: 1, child: id, index: UInt32(i))]
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.autoreverses = true
            t.duration = 0.5
            t.beginTime = Double(i) / Double(count)
            ops.append(.addAnimation(id, key: "opacity", AnimationSpec(
                keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0.2), by: nil), timing: t)))
            ops.append(.addAnimation(id, key: "scale", AnimationSpec(
                keyPath: LayerKeyPath(property: .transform, component: .scale), kind: .basic(from: .scalar(1), to: .scalar(0.5), by: nil), timing: t)))
        }
        ops.append(.attachRoot(1))
        return Commit(transactionID: 1, operations: ops)
    }

    /// Layer 1: a root the size of the display, with a background if given.
    static func root(width: Int, height: Int, background: Color? = nil) -> [LayerOperation] {
        [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: width, height: height))),
         .setProperty(1, .position, .point(CGPoint(x: width / 2, y: height / 2)))] + (background.map { [.setProperty(1, .backgroundColor, .color($0))] } ?? [])
    }

    /// User plus system CPU seconds of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A square sublayer of the root (layer 1) at `index`, coloured by `hue`.
    static func square(_ id: LayerID, side: CGFloat, at position: CGPoint, hue: CGFloat, index: Int) -> [LayerOperation] {
        [.createLayer(id),
         .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: side, height: side))),
         .setProperty(id, .position, .point(position)),
         .setProperty(id, .backgroundColor, .color(Color(red: hue, green: 1 - hue, blue: 0.5, alpha: 1))),
         .insertSublayer(parent: 1, child: id, index: UInt32(index))]
    }
}

/// Runs a blocking benchmark on a thread of its own while the main thread runs the main run loop, where
/// Strata delivers its callbacks (transaction presented, display links, completion blocks).
enum OffMain {
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, Error>?
        let lock = NSLock()
    }

    static func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let outcome = Outcome<T>()
        nonisolated(unsafe) let body = body
        let thread = Thread {
            let r = Result { try body() }
            outcome.lock.withLock { outcome.result = r }
        }
        thread.stackSize = 8 << 20
        thread.start()
        while true {
            if let r = outcome.lock.withLock({ outcome.result }) { return try r.get() }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
    }
}
