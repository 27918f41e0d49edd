import CStrataSys
import Foundation
import StrataCore
import StrataText
#if canImport(Glibc)
import Glibc
#endif

/// The worker process's loop (`strata-text-worker`): reads layout requests on standard input, lays each
/// out with `TextLayout.layout` and writes the reply on standard output, one at a time, until the server
/// closes the socket. Everything the text libraries do with a client's string happens here, where an abort
/// or a hang costs this process, which the server restarts, and not the server's frame.
public enum TextWorkerLoop {
    /// Set in the worker's environment by tests only: strings starting with U+E000 "strata-test:crash"
    /// abort the worker and "strata-test:hang" never answer, as a library's assertion or endless loop would.
    public static let testTriggersVariable = "STRATA_TEXT_WORKER_TEST_TRIGGERS"
    public static let crashTrigger = "\u{E000}strata-test:crash"
    public static let hangTrigger = "\u{E000}strata-test:hang"

    /// Address space the worker may use: a runaway allocation ends the worker, not the machine's memory.
    public static let addressSpaceLimit: rlim_t = 4 << 30
    /// The worker's nice value: below the server's frames on a busy CPU.
    public static let niceness: Int32 = 10

    public static func run() -> Never {
        _ = strata_die_with_parent(Int32(getppid()))
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        var space = rlimit(rlim_cur: addressSpaceLimit, rlim_max: addressSpaceLimit)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space)
        // Layout yields the CPU to the compositor's frames (a hostile string keeps the worker busy).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        let triggers = ProcessInfo.processInfo.environment[testTriggersVariable] == "1"
        let channel = TextWorkerChannel(fd: 0)
        let out = TextWorkerChannel(fd: 1)
        while true {
            let message: [UInt8]
            do { message = try channel.receive() } catch { exit(0) }
            let decoded: (id: UInt64, request: TextLayoutRequest)
            do { decoded = try TextWorkerCoding.decodeRequest(message) } catch {
                FileHandle.standardError.write(Data("strata-text-worker: bad request: \(error)\n".utf8))
                exit(2)
            }
            if triggers { trip(decoded.request.text.string) }
            let reply = answer(decoded.request)
            do { try out.send(TextWorkerCoding.encode(reply, id: decoded.id)) } catch { exit(0) }
        }
    }

    /// The layout and the request's missing fonts, as the worker answers them (also what tests compare with).
    public static func answer(_ request: TextLayoutRequest, library: FontLibrary = .shared) -> TextLayoutReply {
        let layout = TextLayout.layout(request.text, style: request.style, bounds: request.size, library: library)
        var missing: [(name: String, using: String)] = []
        for name in request.fontNames {
            let match = library.resolve(name)
            if !match.matchedName { missing.append((name, match.face.family)) }
        }
        return TextLayoutReply(layout: layout, missingFonts: missing)
    }

    private static func trip(_ string: String) {
        if string.hasPrefix(crashTrigger) { abort() }
        if string.hasPrefix(hangTrigger) { while true { sleep(3600) } }
    }
}
