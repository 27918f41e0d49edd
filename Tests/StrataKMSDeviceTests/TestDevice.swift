import Glibc
@testable import StrataKMS

/// An open file descriptor for the tests, closed when the test lets go of it (after the factories
/// made on it, which are declared later and so released first).
final class OpenFile {
    let fd: Int32
    init(_ path: String) throws {
        fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw OpenFailed(path: path, errno: errno) }
    }
    deinit { close(fd) }
    struct OpenFailed: Error { var path: String; var errno: Int32 }
}

/// An output lit at `width`x`height` (OutputAssignment's memberwise init is internal to StrataKMS).
func testOutput(width: Int, height: Int) -> OutputAssignment {
    OutputAssignment(connector: 40, name: "Virtual-1", crtc: 31, plane: 32,
                     mode: DRMMode(width: width, height: height, refreshMilliHz: 60000, preferred: true),
                     rotation: 0, hardwareRotation: true)
}
