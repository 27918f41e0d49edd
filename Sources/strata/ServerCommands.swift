import ArgumentParser
import Foundation
import StrataPNG
import StrataProtocol
import StrataScene

struct SocketOption: ParsableArguments {
    @Option(help: "Server socket (default: STRATA_SOCKET, $XDG_RUNTIME_DIR/strata.sock, /run/strata/strata.sock).")
    var socket: String?

    func connect() throws -> InspectorClient { try InspectorClient(socketPath: socket ?? SocketPath.resolve()) }
}

/// `strata play SCENE.json [--socket PATH] [--duration S]`
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Push a scene to a running server and stay connected while it plays.")

    @Argument(help: "Scene file.") var scene: String
    @OptionGroup var socket: SocketOption
    @Option(help: "Seconds to stay connected (default: until the scene's last finite animation ends, at least 1 s).") var duration: Double?

    func run() throws {
        let s = try SceneParser.load(path: scene)
        let client = try socket.connect()
        let start = MonotonicClock.now()
        let (commit, buffers) = try s.commit(sceneStart: start)
        try client.send(.commit(commit), fds: buffers.map(\.fd))
        var pendingChanges = s.changeCommits(sceneStart: start)[...]
        let changeEnds = s.resolvedChanges().flatMap(\.animations).map { $0.spec.timing.endTime }
        // Stay until the last finite animation ends and the last change has been sent.
        let lastEnd = (s.allLayers.flatMap(\.animations).map { $0.spec.timing.endTime } + changeEnds + s.changes.map(\.time))
            .filter(\.isFinite).max() ?? 0
        let stay = duration ?? max(1, lastEnd)
        // Keep reading events so the server never blocks on us; leave when the time is up.
        let deadline = start + stay
        client.socket.setNonBlocking()
        while MonotonicClock.now() < deadline {
            // Scheduled changes are committed at their scene time, as an app would make them.
            while let next = pendingChanges.first, start + next.time <= MonotonicClock.now() {
                try client.send(.commit(next.commit))
                pendingChanges.removeFirst()
            }
            let wake = min(deadline, pendingChanges.first.map { start + $0.time } ?? deadline)
            var p = pollfd(fd: client.socket.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, Int32(max(1, min(1000, (wake - MonotonicClock.now()) * 1000))))
            if p.revents != 0 {
                if try client.socket.fill() == .endOfStream { throw CLIError("the server closed the connection") }
                while let f = try client.socket.nextFrame() {
                    if case .error(let reason) = try MessageCoding.decodeServer(type: f.type, body: f.body) {
                        throw CLIError("the server rejected the scene: \(reason)")
                    }
                }
            }
        }
    }
}

/// `strata snapshot --out FILE.png [--output NAME] [--socket PATH]`
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Write the server's most recent composited frame to a PNG.")

    @Option(help: "Output PNG path.") var out: String
    @Option(help: "The output to read, by name (HDMI-A-1; `strata stats` lists them). Default: the primary output.")
    var output: String = ""
    @OptionGroup var socket: SocketOption

    func run() throws {
        let client = try socket.connect()
        let (reply, fds) = try client.request { .snapshotRequest(requestID: $0, output: output) }
        switch reply {
        case let .snapshot(_, w, h):
            guard let fd = fds.first else { throw CLIError("snapshot arrived without pixels") }
            let buffer = try SharedPixelBuffer(mapping: fd, byteCount: Int(w) * Int(h) * 4)
            try PNGCodec.write(RGBAImage(width: Int(w), height: Int(h), pixels: buffer.bytes(), isPremultiplied: true), path: out)
        case let .snapshotUnavailable(_, reason): throw CLIError("snapshot unavailable: \(reason)")
        default: throw CLIError("unexpected reply \(reply)")
        }
    }
}

/// `strata tree [--socket PATH]`
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tree", abstract: "Print the server's render tree as JSON.")
    @OptionGroup var socket: SocketOption

    func run() throws {
        let (reply, _) = try socket.connect().request { .treeRequest(requestID: $0) }
        guard case let .tree(_, json) = reply else { throw CLIError("unexpected reply \(reply)") }
        print(json)
    }
}

/// `strata stats [--socket PATH]`
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Print server statistics as one JSON object.")
    @OptionGroup var socket: SocketOption

    func run() throws {
        let (reply, _) = try socket.connect().request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply else { throw CLIError("unexpected reply \(reply)") }
        print(json)
    }
}
