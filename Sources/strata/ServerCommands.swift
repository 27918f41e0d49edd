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
    @Option(help: ArgumentHelp("Export this top-level layer as a context for another app's host layer instead of showing it, and print its token as a line `token HEX` (again after a server restart).",
                               valueName: "LAYER-ID"))
    var export: String?

    func run() throws {
        let s = try SceneParser.load(path: scene)
        var exported: Scene.Layer?
        if let export {
            guard let layer = s.layers.first(where: { $0.id == export }) else {
                throw CLIError("--export \(export): the scene has no top-level layer with that id")
            }
            exported = layer
        }
        let playback = try ScenePlayback(scene: s, socketPath: socket.socket ?? SocketPath.resolve(), export: exported) { token in
            // The capability goes to stdout only: whoever started this process hands it to the host.
            FileHandle.standardOutput.write(Data("token \(token.hex)\n".utf8))
        }
        let changeEnds = s.resolvedChanges().flatMap(\.animations).map { $0.spec.timing.endTime }
        // Stay until the last finite animation ends and the last change has been sent.
        let lastEnd = (s.allLayers.flatMap(\.animations).map { $0.spec.timing.endTime } + changeEnds + s.changes.map(\.time))
            .filter(\.isFinite).max() ?? 0
        let stay = duration ?? max(1, lastEnd)
        // Keep reading events so the server never blocks on us; leave when the time is up.
        let deadline = playback.start + stay
        playback.socket.setNonBlocking()
        while MonotonicClock.now() < deadline {
            do {
                try serve(playback, until: deadline)
            } catch let gone as ServerGone {
                // A server that went away (restarted, crashed) gets the scene again once it is back.
                FileHandle.standardError.write(Data("strata play: \(gone.reason); reconnecting\n".utf8))
                guard playback.reconnect(until: deadline) else { throw CLIError("\(gone.reason), and no server came back") }
                FileHandle.standardError.write(Data("strata play: reconnected, the scene goes on\n".utf8))
            }
        }
    }

    /// End of stream or a socket error: the server went away (as opposed to refusing the scene).
    private struct ServerGone: Error { let reason: String }

    /// One wait for input or the next change; throws `ServerGone` when the connection is lost.
    private func serve(_ playback: ScenePlayback, until deadline: Double) throws {
        do {
            // Scheduled changes are committed at their scene time, as an app would make them.
            try playback.sendDueChanges(now: MonotonicClock.now())
            let wake = min(deadline, playback.nextChangeTime.map { playback.start + $0 } ?? deadline)
            var p = pollfd(fd: playback.socket.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, Int32(max(1, min(1000, (wake - MonotonicClock.now()) * 1000))))
            guard p.revents != 0 else { return }
            if try playback.socket.fill() == .endOfStream { throw ServerGone(reason: "the server closed the connection") }
            while let f = try playback.socket.nextFrame() {
                if case .error(let reason) = try MessageCoding.decodeServer(type: f.type, body: f.body) {
                    throw CLIError("the server rejected the scene: \(reason)")
                }
            }
        } catch let error as SocketError {
            throw ServerGone(reason: "the connection to the server failed (\(error))")
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
