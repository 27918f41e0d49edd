import Foundation
import StrataProtocol
import Testing

/// strata-server as systemd runs it: socket activation plus Type=notify and the watchdog.
@Suite struct ServiceNotificationTests {
    @Test func readyWatchdogPingsAndStoppingReachTheNotifySocket() throws {
        let notify = try NotifySocket()
        // 200 ms watchdog: the server must ping every 100 ms, even while idle in poll().
        let server = try ServerProcess(socketActivated: true, environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        // The first connection makes systemd-socket-activate exec the server with the socket as fd 3.
        let client = try InspectorClient(socketPath: server.socketPath)
        let pings = { (m: [String]) in m.filter { $0 == "WATCHDOG=1" }.count }
        // The client may be greeted while the server starts (ClientLobby): READY then counts it already.
        let servingOne = { (m: [String]) in m.contains { $0.hasSuffix("STATUS=serving 1 client") } }
        notify.receive(for: 20) { pings($0) >= 2 && servingOne($0) }
        #expect(notify.messages.first?.hasPrefix("READY=1\nSTATUS=serving ") == true, "READY comes first: \(notify.messages)")
        #expect(pings(notify.messages) >= 2, "\(notify.messages)")
        #expect(servingOne(notify.messages))
        withExtendedLifetime(client) {}

        server.process.terminate() // SIGTERM, as systemctl stop sends
        notify.receive(for: 20) { $0.contains("STOPPING=1\nSTATUS=shutting down") }
        #expect(notify.messages.last == "STOPPING=1\nSTATUS=shutting down", "\(notify.messages.suffix(3))")
        log = server.stop()
        #expect(log.contains("systemd watchdog enabled"))
        #expect(log.contains("ping_every_s=0.1"))
    }

    @Test func withoutSystemdNothingIsSentAndTheServerRuns() throws {
        // NOTIFY_SOCKET unset (the default in tests): sd_notify does nothing and the server serves as before.
        let server = try ServerProcess(environment: ["NOTIFY_SOCKET": "", "WATCHDOG_USEC": ""])
        defer { _ = server.stop() }
        #expect((try server.stats()["frames_rendered"] as? Int) != nil)
    }
}

@Suite struct MaxClientsTests {
    @Test func connectionsBeyondTheLimitAreRefusedWithAReason() throws {
        let server = try ServerProcess(arguments: ["--max-clients", "1"])
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        var first: InspectorClient? = try InspectorClient(socketPath: server.socketPath)
        #expect(throws: (any Error).self) { _ = try InspectorClient(socketPath: server.socketPath) }
        // The reason is sent as soon as the connection is accepted, before any hello (a client that sent
        // one might see its send fail first, if the server had already closed).
        let refused = try MessageSocket.connect(path: server.socketPath)
        let frame = try #require(try refused.receiveFrame())
        let message = try MessageCoding.decodeServer(type: frame.type, body: frame.body)
        #expect("\(message)".contains("too many clients: max-clients is 1"), "\(message)")
        #expect(try refused.receiveFrame() == nil, "then the connection is closed")
        // The connected client is unaffected.
        let (reply, _) = try #require(first).request { .statsRequest(requestID: $0) }
        guard case .stats = reply else { Issue.record("no stats: \(reply)"); return }
        // Once it leaves, there is room again.
        first = nil
        #expect(eventually { (try? InspectorClient(socketPath: server.socketPath)) != nil })
        log = server.stop()
        #expect(log.contains("refusing client"))
        #expect(log.contains("reason=too many clients: max-clients is 1"))
    }
}

@Suite struct ConfigurationFileTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cfg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func write(_ text: String, _ name: String = "strata.conf") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theFilesSettingsApplyAndOptionsWin() throws {
        let conf = try write("size = 100x80\nrefresh = 30\n[output HDMI-A-1]\nrotation = 90\n")
        let fromFile = try ServerProcess(size: nil, config: conf)
        let width = try fromFile.snapshot().width
        let log = fromFile.stop()
        #expect(width == 100)
        #expect(log.contains("output settings apply to the kms backend only"))
        #expect(log.contains("outputs=HDMI-A-1"))

        let overridden = try ServerProcess(size: "120x90", config: conf)
        defer { _ = overridden.stop() }
        #expect(try overridden.snapshot().width == 120)
    }

    /// Runs strata-server until it exits; returns its status and what it printed.
    func runServer(_ args: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        try runToCompletion(ServerProcess.binDirectory.appendingPathComponent("strata-server"), args, environment: environment)
    }

    @Test func aBadFileStopsTheServerBeforeItBindsTheSocket() throws {
        let conf = try write("# kiosk\nsize = 320x240\n\n[output HDMI-A-1]\nmode = 1920x1080@60\nscale = 1\nrotation = 45\n", "bad.conf")
        let socket = dir.appendingPathComponent("s.sock").path
        let (status, err) = try runServer(["--config", conf, "--socket", socket])
        #expect(status == 78)
        #expect(err.contains("\(conf):7: rotation must be 0, 90, 180 or 270, got 45"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func strataConfigNamesTheFileAndAMissingNamedFileIsAnError() throws {
        let socket = dir.appendingPathComponent("s.sock").path
        let missing = dir.appendingPathComponent("none.conf").path
        let (status, err) = try runServer(["--socket", socket], environment: ["STRATA_CONFIG": missing])
        #expect(status == 78)
        #expect(err.contains("\(missing): cannot read the configuration file: No such file or directory"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func aBadOptionIsAUsageError() throws {
        let (status, err) = try runServer(["--config", "/dev/null", "--socket-mode", "999"])
        #expect(status == 64)
        #expect(err.contains("--socket-mode: socket-mode must be octal permissions from 000 to 0777, e.g. 0660, got 999"), "\(err)")
    }

    @Test func checkConfigSaysOKOrWhatIsWrongWithoutServing() throws {
        // Headless ignores output sections (and says so when serving).
        let good = try write("size = 320x240\nbackend = headless\n[output DP-1]\nscale = 2\n", "good.conf")
        let (status, out) = try runServer(["--check-config", "--config", good])
        #expect(status == 0)
        #expect(out == "strata-server: configuration OK (\(good))\n")
        // An output's scale is a kms setting like its mode.
        let kms = try write("\nbackend = kms\n[output DP-1]\nscale = 2\n", "kms.conf")
        let (scaled, scaledOut) = try runServer(["--check-config", "--config", kms])
        #expect(scaled == 0 && scaledOut == "strata-server: configuration OK (\(kms))\n", "\(scaledOut)")
        let bad = try write("\nbackend = kms\n[output DP-1]\nscale = 9\n", "bad.conf")
        let (refused, err) = try runServer(["--check-config", "--config", bad])
        #expect(refused == 78)
        #expect(err.contains("\(bad):4: scale must be a number above 0 and at most 8"), "\(err)")
        let (group, groupErr) = try runServer(["--check-config", "--config", "/dev/null", "--socket-group", "no-such-strata-group"])
        #expect(group == 64)
        #expect(groupErr.contains("--socket-group: no group named no-such-strata-group"), "\(groupErr)")
    }

    /// No DRM card here: `kms` stops with the reason, `auto` serves headless.
    @Test func theKMSBackendNamesWhatItCannotOpen() throws {
        let socket = dir.appendingPathComponent("kms.sock").path
        let (status, err) = try runServer(["--config", "/dev/null", "--socket", socket, "--backend", "kms", "--drm-device", "/dev/null"])
        #expect(status == 1)
        #expect(err.contains("/dev/null: drmModeGetResources (not a KMS device?)"), "\(err)")
        let (missing, missingErr) = try runServer(["--config", "/dev/null", "--socket", socket, "--backend", "kms", "--drm-device", "/dev/dri/card-none"])
        #expect(missing == 1)
        #expect(missingErr.contains("open /dev/dri/card-none"), "\(missingErr)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    /// A keymap that does not compile is a configuration error; `input = libinput` without udev (as on
    /// test machines) stops the server with the reason before it binds.
    @Test func inputProblemsStopTheServer() throws {
        let conf = try write("input = libinput\nkeymap-layout = zz\n", "keymap.conf")
        let (status, err) = try runServer(["--check-config", "--config", conf])
        #expect(status == 78)
        #expect(err.contains("\(conf):2: keymap: xkbcommon cannot compile a keymap for layout zz"), "\(err)")
        let (off, _) = try runServer(["--check-config", "--config", conf, "--input", "off"])
        #expect(off == 0, "input off: the keymap is not used")
        guard !FileManager.default.fileExists(atPath: "/run/udev") else { return }
        let socket = dir.appendingPathComponent("input.sock").path
        let (noUdev, noUdevErr) = try runServer(["--config", "/dev/null", "--socket", socket, "--backend", "headless", "--input", "libinput"])
        #expect(noUdev == 1)
        #expect(noUdevErr.contains("libinput: udev is not running (no /run/udev)"), "\(noUdevErr)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func theSocketGetsTheConfiguredMode() throws {
        let conf = try write("socket-mode = 0600\n", "mode.conf")
        let server = try ServerProcess(config: conf)
        defer { _ = server.stop() }
        let attributes = try FileManager.default.attributesOfItem(atPath: server.socketPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
