import Glibc

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
