import Foundation
import Strata

// An example kiosk shell (docs/hosting.md): it starts apps as processes of their own, shows each one's
// exported layer tree in a StrataLayerHost, side by side on a track one screen wide per app, and a
// horizontal swipe anywhere slides the track to the next or previous app. The apps keep their input: the
// host layers observe it (hostedInput .observe) to see the swipe without taking the touches. An app that
// crashes leaves its host layer's placeholder (a dark card) and is started again with
// STRATA_CONTEXT_RECLAIM set to its token, so that it reappears under the same host layer.
//
// Usage: strata-kiosk-shell -- APP [ARGS…] -- APP [ARGS…] …
// Each app prints its context's token on stdout, as a line `token HEX` (strata play --export) or a JSON
// object with a "token" (strata-input-demo --export). The shell prints JSON lines: {"app": I, "token": true}
// when an app's context is bound, {"app": I, "state": S} as its host layer's state changes, {"shown": I}
// after a swipe, {"app": I, "line": {…}} for each other JSON line an app prints, {"app": I, "exited": CODE}.

/// One hosted app: its command, its process, its token, its host layer.
final class HostedApp: @unchecked Sendable {
    let index: Int
    let command: [String]
    let host = StrataLayerHost()
    var process: Process?
    var token: StrataContextToken?
    var restarts = 0

    init(index: Int, command: [String]) {
        self.index = index
        self.command = command
    }
}

func emit(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// The token in a line an app printed: `token HEX`, or a JSON object's "token".
func token(in line: String) -> StrataContextToken? {
    if line.hasPrefix("token ") { return StrataContextToken(String(line.dropFirst(6)).trimmingCharacters(in: .whitespaces)) }
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let hex = object["token"] as? String else { return nil }
    return StrataContextToken(hex)
}

/// Starts (or starts again) an app with its stdout read line by line.
@MainActor func launch(_ app: HostedApp, reclaiming: StrataContextToken?) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: app.command[0])
    p.arguments = Array(app.command.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    if let reclaiming { environment["STRATA_CONTEXT_RECLAIM"] = reclaiming.description }
    p.environment = environment
    let pipe = Pipe()
    p.standardOutput = pipe
    let lines = LineReader()
    pipe.fileHandleForReading.readabilityHandler = { handle in
        for line in lines.feed(handle.availableData) {
            DispatchQueue.main.async { heard(line, from: app) }
        }
    }
    p.terminationHandler = { ended in
        let code = ended.terminationStatus
        DispatchQueue.main.async { exited(app, code: code) }
    }
    try p.run()
    app.process = p
}

/// Splits bytes into lines.
final class LineReader: @unchecked Sendable {
    private var buffer = Data()
    private let lock = NSLock()
    func feed(_ data: Data) -> [String] {
        lock.lock(); defer { lock.unlock() }
        buffer.append(data)
        var out: [String] = []
        while let nl = buffer.firstIndex(of: 10) {
            out.append(String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...nl)
        }
        return out
    }
}

@MainActor func heard(_ line: String, from app: HostedApp) {
    if let t = token(in: line) {
        app.token = t
        app.host.contextToken = t
        CATransaction.flush()
        emit(["app": app.index, "token": true])
    } else if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) {
        emit(["app": app.index, "line": object])
    }
}

@MainActor func exited(_ app: HostedApp, code: Int32) {
    emit(["app": app.index, "exited": Int(code)])
    guard !shuttingDown, app.restarts < 5 else { return }
    app.restarts += 1
    // Started again half a second later, taking over its orphaned context (30 s window).
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
        do { try launch(app, reclaiming: app.token) } catch { emit(["app": app.index, "error": "\(error)"]) }
    }
}

nonisolated(unsafe) var shuttingDown = false

@MainActor func run() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let commands = arguments.split(separator: "--", omittingEmptySubsequences: true).map(Array.init)
    guard !commands.isEmpty, arguments.first == "--" else {
        throw ShellError("usage: strata-kiosk-shell -- APP [ARGS…] -- APP [ARGS…] …")
    }
    let connection = try StrataConnection.connect()
    let screen = connection.screenBounds
    let root = CALayer()
    root.frame = screen
    root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    // The track: one screen per app, side by side; it slides to show one.
    let track = CALayer()
    track.anchorPoint = .zero
    track.frame = CGRect(x: 0, y: 0, width: screen.width * CGFloat(commands.count), height: screen.height)
    root.addSublayer(track)
    let apps = commands.enumerated().map { HostedApp(index: $0.offset, command: $0.element) }
    for app in apps {
        let h = app.host
        h.frame = CGRect(x: screen.width * CGFloat(app.index), y: 0, width: screen.width, height: screen.height)
        // A card: a little smaller than the screen, rounded; dark grey where no app shows (the placeholder).
        h.transform = CATransform3DMakeScale(0.9, 0.9, 1)
        h.cornerRadius = 24
        h.masksToBounds = true
        h.backgroundColor = CGColor(red: 0.25, green: 0.25, blue: 0.28, alpha: 1)
        h.hostedInput = .observe
        h.isInteractive = true
        track.addSublayer(h)
    }
    var shown = 0
    var swipeStart: CGPoint?
    // Touches on an app (observed copies) or on a card where the app shows nothing (the card's own).
    let swipe: (StrataInputEvent) -> Void = { e in
        switch e.kind {
        case .touchDown: swipeStart = e.location
        case .touchUp, .touchCancelled:
            guard let start = swipeStart else { return }
            swipeStart = nil
            let dx = e.location.x - start.x, dy = e.location.y - start.y
            guard abs(dx) > 60, abs(dx) > abs(dy) else { return }
            let next = max(0, min(apps.count - 1, shown + (dx < 0 ? 1 : -1)))
            guard next != shown else { return }
            shown = next
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.35)
            track.position = CGPoint(x: -screen.width * CGFloat(next), y: 0)
            CATransaction.commit()
            emit(["shown": next])
        default: break
        }
    }
    for app in apps { app.host.inputHandler = swipe }
    connection.onHostingChanged = { host, state in
        guard let app = apps.first(where: { $0.host === host }) else { return }
        emit(["app": app.index, "state": "\(state)"])
    }
    connection.attach(root)
    CATransaction.flush()
    for app in apps { try launch(app, reclaiming: nil) }
    // SIGTERM ends the apps with the shell.
    signal(SIGTERM, SIG_IGN)
    let term = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
    term.setEventHandler {
        shuttingDown = true
        for app in apps { app.process?.terminate() }
        exit(0)
    }
    term.resume()
    withExtendedLifetime(term) { dispatchMain() }
}

struct ShellError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

MainActor.assumeIsolated {
    do {
        try run()
    } catch {
        FileHandle.standardError.write(Data("strata-kiosk-shell: \(error)\n".utf8))
        exit(1)
    }
}
