import StrataProtocol
import Testing

@Suite("SocketPath.resolve")
struct SocketPathTests {
    @Test("STRATA_SOCKET wins over XDG_RUNTIME_DIR")
    func explicit() {
        #expect(SocketPath.resolve(environment: ["STRATA_SOCKET": "/tmp/s.sock", "XDG_RUNTIME_DIR": "/run/user/1000"]) == "/tmp/s.sock")
    }

    @Test("XDG_RUNTIME_DIR/strata.sock when STRATA_SOCKET is unset or empty")
    func runtimeDir() {
        #expect(SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/strata.sock")
        #expect(SocketPath.resolve(environment: ["STRATA_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/strata.sock")
    }

    @Test("system path when neither is set or both are empty")
    func fallback() {
        #expect(SocketPath.resolve(environment: [:]) == "/run/strata/strata.sock")
        #expect(SocketPath.resolve(environment: ["STRATA_SOCKET": "", "XDG_RUNTIME_DIR": ""]) == "/run/strata/strata.sock")
        #expect(SocketPath.resolve(environment: ["HOME": "/root"]) == "/run/strata/strata.sock")
    }

    @Test("relative STRATA_SOCKET is used verbatim")
    func relative() {
        #expect(SocketPath.resolve(environment: ["STRATA_SOCKET": "strata.sock"]) == "strata.sock")
    }
}
